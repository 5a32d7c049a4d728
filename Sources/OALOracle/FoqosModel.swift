import Foundation
import OALPlatform
import OALScenario
import OALSystem

/// Foqos's documented behaviour (docs/FOQOS_SPEC.md) as a model driven by
/// what the person did, read from the device's side of the trace: the
/// profiles made on its screen, the buttons tapped, the tags and codes held
/// up, the shortcuts run, the minutes passing. It never reads Foqos's own
/// answers or stores: from the actions alone it says which apps must be
/// shielded now, and why (the check a difference breaks). Pure: handed
/// trace events, it keeps values.
public struct FoqosModel: Hashable, Sendable {
    /// A strategy's family (docs/FOQOS_SPEC.md, "What starts and what stops
    /// a session"), from its id or short name.
    public enum Family: String, Hashable, Sendable {
        case manual
        /// Started and stopped by a tag or a code.
        case physical
        /// Started by the app, stopped by a tag or a code.
        case physicalStop
        /// Started with a duration; stopped early by a tag or a code.
        case timer
        /// Started with a pause length; a tag or a code pauses it, another
        /// during the pause stops it.
        case pauseTimer
        /// Started with a duration, by the app or "Start Foqos Profile".
        case shortcutTimer
        /// Started with a number of opens and their length; the shield's
        /// unlock button spends one; a tag or a code stops it.
        case temporaryAccess

        /// The family and reader (`nfc`, `camera`) of a strategy named as
        /// the harness takes it (`nfc`, `qrcode`, `NFCTimerBlockingStrategy`).
        static func of(_ strategy: String) -> (Family, reader: String?)? {
            let name = strategy.replacingOccurrences(of: "BlockingStrategy", with: "").lowercased()
            let reader = name.hasPrefix("nfc") ? "nfc" : name.hasPrefix("qr") ? "camera" : nil
            let rest = name.replacingOccurrences(of: "nfc", with: "").replacingOccurrences(of: "qrcode", with: "")
                .replacingOccurrences(of: "qr", with: "")
            switch (rest, reader) {
            case ("manual", nil): return (.manual, nil)
            case ("", _?): return (.physical, reader)
            case ("manual", _?): return (.physicalStop, reader)
            case ("timer", _?): return (.timer, reader)
            case ("pausetimer", _?): return (.pauseTimer, reader)
            case ("softunblock", _?): return (.temporaryAccess, reader)
            case ("shortcuttimer", nil): return (.shortcutTimer, nil)
            default: return nil
            }
        }
    }

    public struct Profile: Hashable, Sendable {
        public var name: String
        public var apps: [String]
        public var family: Family
        /// `nfc` or `camera`: what its tags or codes are read by.
        public var reader: String?
        /// Strict unlock items, by reader: only these stop it.
        public var unlocks: [String: Set<String>]
        /// Minutes of break allowance; nil: no breaks.
        public var breakMinutes: Int?
    }

    public struct Session: Hashable, Sendable {
        public var profile: String
        /// The tag or code that started it (physical strategies).
        public var startTag: String?
        public var endsAt: Date?
        public var breakUntil: Date?
        public var breaksTaken = 0
        public var pauseMinutes: Int?
        public var pauseUntil: Date?
        /// Temporary access: the opens left and each one's length.
        public var opensLeft = 0
        public var accessMinutes = 0
        /// The apps let through now, each until when.
        public var grants: [String: Date] = [:]
    }

    /// A button tapped on the running app whose strategy waits for a tag,
    /// a code or a duration.
    struct Pending: Hashable, Sendable {
        var profile: String
        var starting: Bool
        var at: Date
    }

    /// What the shields must be now, and why.
    public struct Expectation: Hashable, Sendable {
        /// The apps that must be shielded (the others of Foqos's profiles
        /// must not be).
        public var blocked: Set<String>
        /// The check a difference breaks: what last decided the state.
        public var check: OracleCheck
        /// Why nothing is judged now (the model cannot say), if so.
        public var unjudged: String?
        /// The model's state, as a violation's `expected` says it.
        public var why = ""
    }

    public private(set) var profiles: [String: Profile] = [:]
    public private(set) var session: Session?
    var pending: Pending?
    /// What last decided the state, and since when.
    var cause: OracleCheck = .overEnforced
    /// Why the model cannot say any more: once it does not know whether a
    /// session is on (a killed process, a case the README leaves open), no
    /// later start or stop tells it (Foqos refuses a start while one is on),
    /// so nothing is judged for the rest of the run.
    var unsure: String?

    /// An NFC sheet's life (`NFCReaderSession`'s 60-second limit).
    static let readerLimit: TimeInterval = 60
    /// DeviceActivity's intervals are whole minutes: an end is looked at
    /// from the minute after it.
    static let edgeGrace: TimeInterval = 60

    public init() {}

    /// Every app any profile names.
    public var apps: Set<String> { Set(profiles.values.flatMap(\.apps)) }

    // MARK: Learning

    /// Applies the person's actions in `events`, in order.
    public mutating func learn(_ events: [TraceEvent]) {
        for event in events {
            guard let time = TraceEvent.date(fromTimestamp: event.time) else { continue }
            advance(to: time)
            apply(event, at: time)
        }
    }

    /// Ends what ran out by `time`: a timer, a break, a pause.
    mutating func advance(to time: Date) {
        guard var current = session else { return }
        if let end = current.endsAt, end <= time {
            session = nil
            cause = .foqosTimer
            return
        }
        if let end = current.breakUntil, end <= time {
            current.breakUntil = nil
            cause = .foqosBreak
        }
        if let end = current.pauseUntil, end <= time {
            current.pauseUntil = nil
            cause = .foqosPause
        }
        if current.grants.values.contains(where: { $0 <= time }) {
            current.grants = current.grants.filter { $0.value > time }
            cause = .foqosTemporaryAccess
        }
        session = current
    }

    mutating func apply(_ event: TraceEvent, at time: Date) {
        let fields = event.fields
        switch event.event {
        case "user.app":
            let args = fields["args"] ?? ""
            guard args.hasPrefix("profile ") else { return }
            guard fields["status"].map(Self.ran) ?? false else { return unsure("the app was killed during `\(args)`") }
            profileStep(SettingWords(splitting: args), at: time)
        case "user.tap":
            guard fields["result"] != nil else { return }
            screenTap(fields["button"] ?? "", at: time)
        case "user.nfc":
            held("nfc", fields["tag"] ?? "", at: time)
        case "user.qr":
            held("camera", fields["code"] ?? "", at: time)
        case "user.press":
            guard fields["status"].map(Self.ran) ?? false else { return unsure("a shield action's process was killed") }
            // Foqos unlocks with the shield's primary button (`close` in
            // the trace); its other button does nothing.
            if fields["button"] == "close" { unlock(fields["app"] ?? "", at: time) }
        case "user.shortcut", "automation.run":
            guard fields["status"].map(Self.ran) ?? false else { return unsure("an intent's process was killed") }
            intent(fields["intent"] ?? "", parameters: fields["parameters"] ?? "", at: time)
        case "user.link":
            if fields["route"] != "none" {
                unsure("a profile's link toggles by its id, which the model does not track")
            }
        case "fault", "power.loss", "loop.timeout", "run.interrupted", "step.replayed":
            unsure(
                "\(event.event) \(fields["kind"] ?? fields["reason"] ?? ""): what a killed process left is not modelled"
            )
        case "app.closed":
            if fields["reason"]?.contains("died") == true { unsure("the app's process died") }
        case "deliver":
            if let status = fields["status"], !Self.ran(status) { unsure("a callback's process was killed") }
        default:
            return
        }
    }

    /// A launch that ran to its end (any exit; a refusal is the app's
    /// answer) rather than killed by a signal.
    static func ran(_ status: String) -> Bool { !status.hasPrefix("signal") }

    mutating func unsure(_ why: String) {
        if unsure == nil { unsure = why }
        pending = nil
    }

    mutating func decided(_ check: OracleCheck) {
        cause = check
    }

    mutating func profileStep(_ words: SettingWords, at time: Date) {
        let settings = words.settings
        let plain = words.plain
        switch plain.dropFirst().first {
        case "add":
            guard plain.count >= 3, let (family, reader) = Family.of(settings["strategy"] ?? "manual") else { return }
            var unlocks: [String: Set<String>] = [:]
            if let tag = settings["unlock-nfc"] { unlocks["nfc"] = [tag] }
            if let code = settings["unlock-qr"] { unlocks["camera"] = [code] }
            if settings["schedule"] != nil {
                unsure("\(plain[2]) has a schedule: the README does not say what a schedule does")
            }
            profiles[plain[2]] = Profile(
                name: plain[2], apps: (words.option("apps") ?? "").split(separator: ",").map(String.init),
                family: family, reader: reader, unlocks: unlocks,
                breakMinutes: words.option("minutes").flatMap(Int.init))
        case "start":
            guard plain.count == 3, let profile = profiles[plain[2]], session == nil else { return }
            // A one-shot step cannot wait for a tag, a code or a sheet.
            if profile.family == .manual || profile.family == .physicalStop { start(profile.name, at: time) }
        case "stop":
            guard let current = session, let profile = profiles[current.profile] else { return }
            if profile.family == .manual || profile.family == .shortcutTimer { stop(.underEnforced) }
        case "break":
            takeBreak(at: time)
        default:
            return
        }
    }

    mutating func screenTap(_ button: String, at time: Date) {
        if button.hasPrefix("start:") {
            let name = String(button.dropFirst(6))
            guard let profile = profiles[name], session == nil else { return }
            switch profile.family {
            case .manual, .physicalStop: start(name, at: time)
            case .physical, .timer, .pauseTimer, .shortcutTimer, .temporaryAccess:
                pending = Pending(profile: name, starting: true, at: time)
            }
        } else if button == "stop" {
            guard let current = session, let profile = profiles[current.profile] else { return }
            switch profile.family {
            case .manual, .shortcutTimer: stop(.underEnforced)
            case .physical, .physicalStop, .timer, .pauseTimer, .temporaryAccess:
                pending = Pending(profile: profile.name, starting: false, at: time)
            }
        } else if button == "break" {
            takeBreak(at: time)
        } else if button.hasPrefix("minutes:"), let minutes = Int(button.dropFirst(8)) {
            chooseDuration(minutes, at: time)
        } else if button.hasPrefix("access:") {
            let numbers = button.dropFirst(7).split(separator: ",").compactMap { Int($0) }
            if numbers.count == 2 { chooseAccess(opens: numbers[0], minutes: numbers[1], at: time) }
        }
    }

    /// The temporary-access sheet: how many opens, how long each (its
    /// steppers: 1 to 10 opens, 5 to 60 minutes).
    mutating func chooseAccess(opens: Int, minutes: Int, at time: Date) {
        guard let waiting = pending, waiting.starting, let profile = profiles[waiting.profile],
            profile.family == .temporaryAccess
        else { return }
        pending = nil
        guard (1...10).contains(opens), (5...60).contains(minutes) else { return }
        start(profile.name, at: time)
        session?.opensLeft = opens
        session?.accessMinutes = minutes
    }

    /// The shield's unlock button on `app`: while opens are left, the app
    /// is let through for their length; then nothing.
    mutating func unlock(_ app: String, at time: Date) {
        guard var current = session, let profile = profiles[current.profile], profile.family == .temporaryAccess,
            profile.apps.contains(app), current.grants[app] == nil
        else { return }
        if current.opensLeft > 0 {
            current.opensLeft -= 1
            current.grants[app] = time.addingTimeInterval(Double(current.accessMinutes) * 60)
        }
        session = current
        decided(.foqosTemporaryAccess)
    }

    mutating func chooseDuration(_ minutes: Int, at time: Date) {
        guard let waiting = pending, waiting.starting, let profile = profiles[waiting.profile] else { return }
        pending = nil
        switch profile.family {
        case .timer, .shortcutTimer:
            // The duration sheet's slider: 15 minutes to a day.
            guard (15...1440).contains(minutes) else { return }
            start(profile.name, at: time, endsAt: time.addingTimeInterval(Double(minutes) * 60))
        case .pauseTimer:
            guard (5...60).contains(minutes) else { return }
            start(profile.name, at: time)
            session?.pauseMinutes = minutes
        default:
            return
        }
    }

    /// A tag or a code held to the phone: read by the sheet the app has up
    /// (within its limit), else by the device (an automation, the Camera:
    /// `automation.run` and `user.link` carry those on).
    mutating func held(_ reader: String, _ value: String, at time: Date) {
        guard let waiting = pending, let profile = profiles[waiting.profile], profile.reader == reader else { return }
        if reader == "nfc", time.timeIntervalSince(waiting.at) > Self.readerLimit {
            pending = nil
            return
        }
        pending = nil
        if waiting.starting {
            guard profile.family == .physical, session == nil else { return }
            start(profile.name, at: time, tag: value)
            return
        }
        guard let current = session, current.profile == profile.name else { return }
        if let approved = profile.unlocks[reader] {
            guard approved.contains(value) else { return decided(.foqosStrict) }
        } else if profile.family == .physical {
            // Started by a shortcut, a physical session has no tag of its
            // own: which tag stops it, the README does not say.
            guard let startTag = current.startTag else { return unsure("a tag stopping a session a shortcut started") }
            if startTag != value { return decided(.foqosStartStop) }
        }
        if profile.family == .pauseTimer, current.pauseUntil == nil {
            session?.pauseUntil = time.addingTimeInterval(Double(current.pauseMinutes ?? 15) * 60)
            return decided(.foqosPause)
        }
        stop(profile.unlocks[reader] == nil ? .foqosStartStop : .foqosStrict)
    }

    mutating func intent(_ name: String, parameters: String, at time: Date) {
        let values = SettingWords(splitting: parameters).settings
        switch name {
        case "StartProfileIntent":
            guard let named = values["profile"], profiles[named] != nil, session == nil else { return }
            if let minutes = values["durationInMinutes"].flatMap(Int.init) {
                guard (15...1440).contains(minutes) else { return }
                start(named, at: time, endsAt: time.addingTimeInterval(Double(minutes) * 60))
            } else {
                start(named, at: time)
            }
        case "StopProfileIntent", "StopActiveSessionIntent":
            guard let current = session, let profile = profiles[current.profile] else { return }
            if name == "StopProfileIntent", let named = values["profile"], named != current.profile { return }
            // "Stop Foqos Profile" beside a strict profile's "only an
            // approved item stops it": the README does not say which wins.
            guard profile.unlocks.isEmpty else { return unsure("a shortcut stopping a strict profile") }
            stop(.underEnforced)
        case "PauseActiveSessionIntent":
            if session != nil { unsure("the pause intent's length is not in the README") }
        default:
            return
        }
    }

    mutating func takeBreak(at time: Date) {
        guard var current = session, let profile = profiles[current.profile], let allowance = profile.breakMinutes
        else {
            return
        }
        if current.breakUntil != nil {
            current.breakUntil = nil
        } else if current.breaksTaken == 0 {
            current.breakUntil = time.addingTimeInterval(Double(allowance) * 60)
            current.breaksTaken += 1
        } else {
            return unsure("a second break: whether the allowance is split depends on a setting the README names only")
        }
        session = current
        decided(.foqosBreak)
    }

    mutating func start(_ name: String, at time: Date, tag: String? = nil, endsAt: Date? = nil) {
        session = Session(profile: name, startTag: tag, endsAt: endsAt)
        decided(tag != nil ? .foqosStartStop : endsAt != nil ? .foqosTimer : .underEnforced)
    }

    mutating func stop(_ check: OracleCheck) {
        session = nil
        decided(check == .underEnforced ? .overEnforced : check)
    }

    // MARK: Judging

    /// What the shields must be at `time`.
    public func expected(at time: Date) -> Expectation {
        var model = self
        model.advance(to: time)
        if let unsure = model.unsure { return Expectation(blocked: [], check: model.cause, unjudged: unsure) }
        // An interval's end is delivered at its minute: the minute after a
        // timer, break or pause ends is not judged.
        let edges = [session?.endsAt, session?.breakUntil, session?.pauseUntil].compactMap { $0 }
        for edge in edges + (session?.grants.values.map { $0 } ?? [])
        where time >= edge && time < edge.addingTimeInterval(Self.edgeGrace) {
            return Expectation(blocked: [], check: model.cause, unjudged: "an interval's end minute")
        }
        guard let current = model.session, let profile = profiles[current.profile] else {
            return Expectation(blocked: [], check: model.cause, unjudged: nil, why: "no Foqos session is on")
        }
        if current.breakUntil != nil || current.pauseUntil != nil {
            let what = current.breakUntil != nil ? "on a break" : "paused"
            return Expectation(
                blocked: [], check: model.cause, unjudged: nil, why: "\(profile.name)'s session is \(what)")
        }
        var how = current.startTag.map { " (started by \($0))" } ?? ""
        if profile.family == .temporaryAccess {
            let through = current.grants.keys.sorted().map { "\($0) let through" }
            how += " (" + (through + ["\(current.opensLeft) open(s) left"]).joined(separator: ", ") + ")"
        }
        return Expectation(
            blocked: Set(profile.apps).subtracting(current.grants.keys), check: model.cause, unjudged: nil,
            why: "\(profile.name)'s session is on\(how)")
    }
}
