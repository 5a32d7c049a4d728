import Foundation
import OALDomain
import OALPlatform

/// A `--fault` text: `FAULT` (armed at the start) or `at [day N]
/// HH:MM[:SS] FAULT`, with times in the scenario's zone as its lines.
public enum FaultLine {
    public static func parse(_ text: String, scenario: Scenario) throws -> (Date?, Fault) {
        let words: [String]
        do {
            words = try LineTokenizer.words(Substring(text))
        } catch {
            throw FaultParser.Failure(message: "unterminated quote in fault '\(text)'")
        }
        var rest = words[...]
        guard rest.first == "at" else { return (nil, try FaultParser.parse(Array(rest.drop { $0 == "fault" }))) }
        rest = rest.dropFirst()
        var day = 1
        if rest.first == "day", rest.count >= 2, let n = Int(rest[rest.startIndex + 1]), n >= 1 {
            guard n <= ScenarioParser.maximumDay else {
                throw FaultParser.Failure(message: "fault '\(text)': \(ScenarioParser.dayTooLate(n))")
            }
            day = n
            rest = rest.dropFirst(2)
        }
        guard let clockWord = rest.first, let clock = ClockTime(clockWord) else {
            if let problem = rest.first.flatMap(ClockTime.problem) {
                throw FaultParser.Failure(message: "fault '\(text)': \(problem)")
            }
            throw FaultParser.Failure(message: "fault '\(text)': expected at [day N] HH:MM FAULT")
        }
        rest = rest.dropFirst()
        if rest.first == "fault" { rest = rest.dropFirst() }
        let fault = try FaultParser.parse(Array(rest))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: scenario.timeZoneIdentifier) ?? .gmt
        let startDay = calendar.startOfDay(for: scenario.start)
        guard let date = calendar.date(byAdding: .day, value: day - 1, to: startDay),
            let time = calendar.date(bySettingHour: clock.hour, minute: clock.minute, second: clock.second, of: date)
        else { throw FaultParser.Failure(message: "fault '\(text)': no such time") }
        return (time, fault)
    }

    /// `day N HH:MM:SS` of an instant, relative to the scenario's start, as
    /// `--fault` reads it back.
    public static func format(_ time: Date, scenario: Scenario) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: scenario.timeZoneIdentifier) ?? .gmt
        let day =
            (calendar.dateComponents(
                [.day], from: calendar.startOfDay(for: scenario.start), to: calendar.startOfDay(for: time)
            ).day ?? 0) + 1
        let parts = calendar.dateComponents([.hour, .minute, .second], from: time)
        return String(format: "day %d %02d:%02d:%02d", day, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}

/// The seeded draw behind `--random-faults`: one to three faults at
/// instants inside the scenario, each an ordinary fault text.
public enum FaultMix {
    /// Crash points the processes are known to pass (docs/CONTRACT.md and
    /// the handler steps), drawn as named kill moments.
    public static let points: [(FaultTarget, String)] = [
        (.monitor, "ledger.append.after-lock"), (.monitor, "ledger.append.torn-write"),
        (.monitor, "ledger.append.after-write"), (.monitor, "monitor.after-record-minutes"),
        (.monitor, "open-sessions.update.after-rename"), (.app, "deviceactivity.update.after-rename"),
        (.shieldAction, "shield-action.after-spend"), (.shieldAction, "shield-action.after-record"),
        (.shieldAction, "shield-action.after-lift"), (.shieldAction, "ledger.append.after-write"),
        (.shieldAction, "open-sessions.update.before-rename"),
        (.app, "rule-snapshots.update.before-rename"), (.app, "rule-snapshots.update.after-rename"),
        (.app, "shield-stores.update.after-lock"),
    ]

    /// Where the seeded mix travels to.
    public static let travelZones = [
        "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu", "America/St_Johns", "Australia/Lord_Howe",
        "Pacific/Chatham", "America/Los_Angeles", "Asia/Tokyo", "Europe/London", "UTC",
    ]

    /// Every fault a seed draws: the base draw, then the platform
    /// misbehaviours' (a second stream), the revoked authorization's (a
    /// third), the App Intents path's and the power loss's, in time order
    /// (the base's first at one instant).
    public static func draw(seed: UInt64, scenario: Scenario) -> [(time: Date, fault: Fault)] {
        let all =
            baseDraw(seed: seed, scenario: scenario) + platformDraw(seed: seed, scenario: scenario)
            + authorizationDraw(seed: seed, scenario: scenario) + intentDraw(seed: seed, scenario: scenario)
            + powerDraw(seed: seed, scenario: scenario)
        return all.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The draw of every seed before issue 26, unchanged: one to three
    /// faults of the classes below (`SeededDrawTests` pins seeds 1–5).
    public static func baseDraw(seed: UInt64, scenario: Scenario) -> [(time: Date, fault: Fault)] {
        var random = SplitMix64(seed: seed ^ 0xFA17_5EED)
        let count = random.int(in: 1...3)
        let span = max(scenario.end.timeIntervalSince(scenario.start), 60)
        var out: [(Date, Fault)] = []
        for _ in 0..<count {
            let offset = (Double(random.int(in: 0..<Int(span / 60))) * 60)
            let time = scenario.start.addingTimeInterval(offset)
            out.append((time, one(&random)))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The apps a `token-change` picks: the demo day's and the catalog's
    /// other familiar ones (never OpenAppLock, whose token no rule holds).
    public static let tokenApps = ["Instagram", "TikTok", "YouTube", "Chess", "Reddit", "Netflix", "Candy Crush"]

    /// The platform misbehaviours real apps hit (issue 26): from a stream
    /// of their own, so the base draw of every seed is what it was; one seed
    /// in two adds one of them at a random instant. Adding them changed the
    /// mix of those seeds (docs/FAULTS.md, "Seed swarm").
    public static func platformDraw(seed: UInt64, scenario: Scenario) -> [(time: Date, fault: Fault)] {
        var random = SplitMix64(seed: seed ^ 0x0915_0B5E)
        guard random.bool() else { return [] }
        let span = max(scenario.end.timeIntervalSince(scenario.start), 60)
        let offset = Double(random.int(in: 0..<Int(span / 60))) * 60
        return [(scenario.start.addingTimeInterval(offset), misbehaviour(&random))]
    }

    /// The App Intents path's faults (issue 37), only for a scenario that
    /// runs intents (a `shortcut run` or an automation), from a stream of
    /// its own, so every other scenario's seeds draw what they drew: one
    /// seed in two adds, at a random instant, the app unable to come to
    /// the foreground, its container full, or its next process (an
    /// intent's, or a tap's) killed at the read-back every launch of the
    /// app reaches.
    public static func intentDraw(seed: UInt64, scenario: Scenario) -> [(time: Date, fault: Fault)] {
        let runsIntents = scenario.steps.contains { step in
            switch step.action {
            case .shortcut, .automation: true
            default: false
            }
        }
        guard runsIntents else { return [] }
        var random = SplitMix64(seed: seed ^ 0x1A7E_4701)
        guard random.bool() else { return [] }
        let span = max(scenario.end.timeIntervalSince(scenario.start), 60)
        let offset = Double(random.int(in: 0..<Int(span / 60))) * 60
        let minutes = TimeInterval(random.element(of: [2, 10, 30, 120]) * 60)
        let fault: Fault
        switch random.int(in: 0..<3) {
        case 0: fault = .foregroundRefused(for: minutes)
        case 1: fault = .diskFull(.app, bytes: 0, duration: minutes)
        default: fault = .killAt(.app, point: "rules.update.after-lock", launch: nil)
        }
        return [(scenario.start.addingTimeInterval(offset), fault)]
    }

    /// A power loss (issue 39): a stream of its own, so every other draw of
    /// a seed is what it was; one seed in eight adds one at a random
    /// instant.
    public static func powerDraw(seed: UInt64, scenario: Scenario) -> [(time: Date, fault: Fault)] {
        var random = SplitMix64(seed: seed ^ 0x0F0F_1055)
        guard random.int(in: 0..<8) == 0 else { return [] }
        let span = max(scenario.end.timeIntervalSince(scenario.start), 60)
        let offset = Double(random.int(in: 0..<Int(span / 60))) * 60
        return [(scenario.start.addingTimeInterval(offset), .powerLoss)]
    }

    /// The user switching the app's Screen Time access off for a while
    /// (issue 26): a stream of its own, so every other draw of a seed is what
    /// it was; one seed in eight adds it, for 15 minutes to 3 hours.
    public static func authorizationDraw(seed: UInt64, scenario: Scenario) -> [(time: Date, fault: Fault)] {
        var random = SplitMix64(seed: seed ^ 0xA07B_0125)
        guard random.int(in: 0..<8) == 0 else { return [] }
        let span = max(scenario.end.timeIntervalSince(scenario.start), 60)
        let offset = Double(random.int(in: 0..<Int(span / 60))) * 60
        let off = TimeInterval(random.element(of: [15, 60, 180]) * 60)
        return [(scenario.start.addingTimeInterval(offset), .authorization(.revoke, for: off))]
    }

    private static func misbehaviour(_ random: inout SplitMix64) -> Fault {
        let activities = ["*", "rule*", "sched*", "sched2*", "open-session*"]
        func minutes(_ choices: [Int]) -> TimeInterval { TimeInterval(random.element(of: choices) * 60) }
        switch random.int(in: 0..<6) {
        case 0, 1:
            // A duplicate of any callback kind (forums reports), one or all.
            // A threshold's is drawn among the activities that have
            // thresholds (a time limit's `rule-…`), or it would match none.
            let kind = random.element(of: CallbackKind.allCases)
            return .refire(
                CallbackMatch(
                    callback: kind.rawValue,
                    activity: random.element(of: kind.carriesEvent ? ["*", "rule*"] : activities)),
                after: minutes([1, 5, 15, 60]), count: random.bool() ? 1 : nil)
        case 2:
            // The warnings are callbacks like the others: late or missing.
            let match = CallbackMatch(
                callback: random.element(of: ["warning"] + CallbackKind.allCases.filter(\.isWarning).map(\.rawValue)),
                activity: random.element(of: activities))
            return random.bool()
                ? .drop(match, count: nil) : .delay(match, .after(minutes([5, 15, 60])), count: 1)
        case 3:
            return .thresholdsAtOnce(activity: random.element(of: ["*", "rule*"]), now: random.int(in: 0..<4) == 0)
        case 4:
            // Counted from the injection (the day's earlier callbacks are
            // behind it), so a few more are enough to bite on the demo day.
            return .rateLimit(perDay: random.element(of: [1, 2, 3, 5, 8]))
        default:
            return .tokenChange(app: random.element(of: tokenApps))
        }
    }

    private static func one(_ random: inout SplitMix64) -> Fault {
        let activities = ["*", "rule*", "sched*", "sched2*", "open-session*"]
        let minutes = [5, 15, 30, 60, 120, 360]
        func span() -> TimeInterval { TimeInterval(random.element(of: minutes) * 60) }
        switch random.int(in: 0..<12) {
        case 0, 1:
            let (target, point) = random.element(of: points)
            return .killAt(target, point: point, launch: nil)
        case 2:
            return .closeApp(TimeInterval(random.int(in: 1...24) * 3600))
        case 3:
            return .delay(
                CallbackMatch(
                    callback: random.element(of: ["interval", "intervalDidStart", "intervalDidEnd"]),
                    activity: random.element(of: activities)), .after(span()), count: 1)
        case 4:
            return .delay(
                CallbackMatch(callback: "interval", activity: random.element(of: activities)), .nextUse,
                count: 1)
        case 5:
            return .drop(
                CallbackMatch(callback: "interval", activity: random.element(of: activities)), count: 1)
        case 6:
            return .refire(
                CallbackMatch(callback: "intervalDidStart", activity: random.element(of: activities)),
                after: span(), count: 1)
        case 7:
            return .batchThresholds(activity: "*", random.bool() ? .nextCallback : .after(span()))
        case 8:
            return random.bool() ? .doubleTap : .concurrentPress(2)
        case 9:
            // Half the clock faults are travel: every UTC offset's
            // extremes, both sides of the date line, and the half- and
            // quarter-hour zones (docs/DOMAIN.md, "Time-zone travel").
            guard random.bool() else { return .clockJump((random.bool() ? 1 : -1) * span()) }
            return .timeZone(random.element(of: travelZones))
        case 10:
            return .store(
                random.element(of: StoreDamage.allCases), random.element(of: StoreTarget.allCases)
            )
        default:
            return .diskFull(
                random.element(of: [nil, .monitor, .shieldAction, .app] as [FaultTarget?]), bytes: 0,
                duration: TimeInterval(random.int(in: 1...4) * 3600))
        }
    }
}
