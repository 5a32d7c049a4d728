import Foundation
import OALDomain

/// Days nobody scripted, for Foqos (issue 38): a seeded generator of
/// valid scenarios in Foqos's vocabulary (docs/FOQOS.md), with no
/// expectations, for `oal-device explore --vocabulary foqos`. The oracle judges
/// them on Foqos's model alone (docs/FOQOS_SPEC.md).
///
/// From a seed it draws a zone and a morning, one to three profiles (any
/// of the twelve strategies, breaks, strict unlock items), then sessions
/// one after another: each started the way its strategy starts (the
/// button, its sheet's minutes or opens, a tag or code, a shortcut), a
/// few things done during it (apps opened, the shield's unlock pressed,
/// breaks, stop attempts with the right or a wrong tag, a tag held after
/// its sheet timed out, shortcuts), and often a stop. Every button is
/// tapped on Foqos's running screen (`open OpenAppLock`, `tap ...`), as a
/// person taps it, never as a one-shot `app` step but the profiles'
/// making: iOS has one process of an app, and a one-shot step is a
/// second one beside it (docs/FOQOS.md). It does not keep
/// Foqos's state: a step Foqos refuses is part of the day. Schedules are
/// never drawn (what they do is unjudged). Pure: the same seed gives the
/// same text, byte for byte.
public enum FoqosDayGenerator {
    static let apps = ["Instagram", "TikTok", "YouTube", "Reddit"]
    static let tags = ["desk", "door", "kitchen"]
    static let codes = ["poster-1", "poster-2"]
    static let zones = ["UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata"]
    /// Foqos's twelve strategies by their short names (docs/FOQOS.md).
    public static let strategies = [
        "manual", "nfc", "qrcode", "nfcmanual", "qrmanual", "nfctimer", "qrtimer", "shortcuttimer",
        "nfcpausetimer", "qrpausetimer", "nfcsoftunblock", "qrsoftunblock",
    ]

    /// A profile as drawn.
    struct Profile {
        var name: String
        var strategy: String
        var apps: [String]
        var breakMinutes: Int?
        var unlock: String?

        /// `nfc`, `qr` or nil: what its strategy reads.
        var reader: String? {
            strategy.hasPrefix("nfc") ? "nfc" : strategy.hasPrefix("qr") ? "qr" : nil
        }
    }

    /// The scenario text of seed `seed`.
    public static func text(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed ^ 0xF0_0000_0000_0001)
        let zone = random.element(of: zones)
        let day = random.int(in: 1...28)
        var lines = [
            "# Foqos's generated day \(seed) (FoqosDayGenerator; oal-device generate --vocabulary foqos --seed \(seed))",
            "timezone \(zone)", String(format: "start 2027-03-%02d 08:00", day),
            String(format: "end 2027-03-%02d 14:00", day),
        ]
        var profiles: [Profile] = []
        for number in 1...random.int(in: 1...3) {
            let strategy = random.element(of: strategies)
            let chosen = apps.filter { _ in random.int(in: 0..<2) == 0 }
            var profile = Profile(
                name: "P\(number)", strategy: strategy, apps: chosen.isEmpty ? [random.element(of: apps)] : chosen)
            if !strategy.hasSuffix("softunblock"), random.int(in: 0..<3) == 0 {
                profile.breakMinutes = random.int(in: 5...20)
            }
            if let reader = profile.reader, random.int(in: 0..<4) == 0 {
                profile.unlock = reader == "nfc" ? random.element(of: tags) : random.element(of: codes)
            }
            profiles.append(profile)
            var add = "at 08:00 app profile add \(profile.name) --apps \(profile.apps.joined(separator: ","))"
            if let minutes = profile.breakMinutes { add += " --minutes \(minutes)" }
            add += " strategy=\(strategy)"
            if let unlock = profile.unlock, let reader = profile.reader { add += " unlock-\(reader)=\(unlock)" }
            lines.append(add)
        }
        var minute = 5
        while minute < 330 {
            let profile = random.element(of: profiles)
            var session = Session(profile: profile, minute: minute)
            session.draw(&random)
            lines += session.lines
            minute = session.minute + random.int(in: 1...20)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One session's steps, from its start to its stop (or not).
    struct Session {
        var profile: Profile
        var minute: Int
        var lines: [String] = []
        /// The tag or code a physical session was started by.
        var startedBy: String?

        init(profile: Profile, minute: Int) {
            self.profile = profile
            self.minute = minute
        }

        mutating func step(_ text: String) {
            lines.append(String(format: "at %02d:%02d ", 8 + minute / 60, minute % 60) + text)
        }

        mutating func item(_ random: inout SplitMix64) -> String {
            profile.reader == "qr"
                ? random.element(of: FoqosDayGenerator.codes) : random.element(of: FoqosDayGenerator.tags)
        }

        mutating func hold(_ value: String) {
            step(profile.reader == "qr" ? "qr scan \(value)" : "nfc scan \(value)")
        }

        mutating func draw(_ random: inout SplitMix64) {
            start(&random)
            for _ in 0..<random.int(in: 1...4) {
                minute += random.int(in: 2...15)
                guard minute < 340 else { return }
                during(&random)
            }
            minute += random.int(in: 1...10)
            if minute < 340, random.int(in: 0..<4) != 0 { stop(&random, right: true) }
        }

        mutating func start(_ random: inout SplitMix64) {
            let name = profile.name
            if profile.strategy == "manual" || (profile.strategy == "shortcuttimer" && random.bool()) {
                switch random.int(in: 0..<3) {
                case 0: step("shortcut run StartProfileIntent profile=\(name)")
                case 1:
                    let minutes = random.int(in: 0..<8) == 0 ? 10 : random.int(in: 15...60)
                    step("shortcut run StartProfileIntent profile=\(name) durationInMinutes=\(minutes)")
                default:
                    step("open OpenAppLock")
                    step("tap start:\(name)")
                }
                return
            }
            step("open OpenAppLock")
            step("tap start:\(name)")
            switch profile.strategy {
            case "nfc", "qrcode":
                // One in six held after the NFC sheet's minute is up.
                if random.int(in: 0..<6) == 0 { minute += 2 }
                let value = item(&random)
                startedBy = value
                hold(value)
            case "nfctimer", "qrtimer", "shortcuttimer":
                step("tap minutes:\(random.int(in: 0..<10) == 0 ? 5 : random.int(in: 15...60))")
            case "nfcpausetimer", "qrpausetimer":
                step("tap minutes:\(random.int(in: 5...30))")
            case "nfcsoftunblock", "qrsoftunblock":
                step("tap access:\(random.int(in: 1...3)),\(random.int(in: 5...15))")
            default:
                return
            }
        }

        mutating func during(_ random: inout SplitMix64) {
            let app = random.element(of: random.int(in: 0..<4) == 0 ? FoqosDayGenerator.apps : profile.apps)
            switch random.int(in: 0..<8) {
            case 0, 1: step("open \(app) for \(random.int(in: 1...8))m")
            case 2:
                if profile.strategy.hasSuffix("softunblock") {
                    step("press primary on \(app)")
                } else {
                    step("open \(app) for 1m")
                }
            case 3:
                if profile.breakMinutes != nil {
                    step("open OpenAppLock")
                    step("tap break")
                } else {
                    step("leave")
                }
            case 4: step("shortcut run CheckSessionActiveIntent")
            case 5: step("shortcut run StopProfileIntent profile=\(profile.name)")
            default: stop(&random, right: random.bool())
            }
        }

        /// A stop attempt: the button, then (for a strategy that reads)
        /// the right item or another one.
        mutating func stop(_ random: inout SplitMix64, right: Bool) {
            guard profile.reader != nil else {
                if random.bool() {
                    step("open OpenAppLock")
                    step("tap stop")
                } else {
                    step("shortcut run StopProfileIntent profile=\(profile.name)")
                }
                return
            }
            step("open OpenAppLock")
            step("tap stop")
            let value = right ? (profile.unlock ?? startedBy ?? item(&random)) : item(&random)
            hold(value)
        }
    }
}
