import Foundation
import OALPlatform
import OALScenario

/// What the timeline shows, rebuilt from the trace alone: per app when it
/// was blocked and when the user had it open, per rule when its store was
/// shielding, and the instants of callbacks and user presses.
struct TimelineModel {
    struct Row {
        var label: String
        /// Half-open spans where the row is "on" (blocked / shielding).
        var on: [DateInterval] = []
        /// Spans where the user had the app in front (apps only).
        var used: [DateInterval] = []

    }

    enum MarkKind: Character {
        case start = "s"
        case end = "e"
        case threshold = "t"
        /// `intervalWillStartWarning`, `intervalWillEndWarning`,
        /// `eventWillReachThresholdWarning` (a schedule's `warningTime`).
        case warning = "w"
        case press = "p"
        /// A shortcut or an automation ran one of the app's App Intents
        /// (`user.shortcut`, `automation.run`).
        case shortcut = "i"
        /// A notification the OS showed (notifications row).
        case notification = "n"
        case failed = "!"
        /// The power went: every process stopped, the files kept what was
        /// synced (faults row).
        case powerLoss = "P"
        /// A fault killed a launch (faults row).
        case kill = "K"
        /// Any other fault took effect: a callback held or dropped, a store
        /// damaged, the clock or zone changed, ... (faults row).
        case fault = "F"
    }

    struct Mark {
        var time: Date
        var kind: MarkKind

    }

    var start: Date
    var end: Date
    var apps: [Row]
    var rules: [Row]
    var marks: [Mark]
    /// Where faults took effect (`FaultOutcome.isEffect`); nil when the
    /// run injected none, so a run without faults draws no faults row.
    var faultMarks: [Mark]?
    /// The notifications the OS showed (`notification.deliver`); a run
    /// that showed none draws no notifications row.
    var notices: [Mark]

    /// Builds the model from the trace lines of the last run in the file (a
    /// device restarted on its root, `resumed`, continues the same run).
    init?(events allEvents: [TraceEvent]) {
        let lastRun =
            allEvents.lastIndex {
                $0.process == .device && $0.event == "run.start" && $0.fields["resumed"] != "true"
            } ?? 0
        let events = Array(allEvents[lastRun...])
        let dated = events.compactMap { event in TraceEvent.date(fromTimestamp: event.time).map { (event, $0) } }
        guard let first = dated.first?.1, let last = dated.map(\.1).max() else { return nil }
        start = first
        end = last > first ? last : first.addingTimeInterval(60)
        var appOn = SpanBuilder()
        var appUsed = SpanBuilder()
        var ruleOn = SpanBuilder()
        var marks: [Mark] = []
        var faultMarks: [Mark]?
        var notices: [Mark] = []
        var frontmost: String?
        for (event, time) in dated where event.process == .device {
            let fields = event.fields
            switch event.event {
            case "app.state":
                if let app = fields["app"] { appOn.set(app, fields["state"] == "blocked", at: time) }
            case "store.state":
                let label = fields["rule"] ?? fields["store"] ?? "?"
                ruleOn.set(label, fields["state"] == "shielding", at: time)
            case "user.open":
                if let app = fields["app"] { appOn.touch(app) }
            case "shield.shown":
                if let app = fields["app"] { appOn.touch(app) }
            case "deliver":
                switch fields["kind"] {
                case CallbackKind.intervalDidStart.rawValue: marks.append(Mark(time: time, kind: .start))
                case CallbackKind.intervalDidEnd.rawValue: marks.append(Mark(time: time, kind: .end))
                case let kind? where CallbackKind(rawValue: kind)?.isWarning == true:
                    marks.append(Mark(time: time, kind: .warning))
                default: marks.append(Mark(time: time, kind: .threshold))
                }
            case "user.press", "user.tap":
                // A shield's button or a button of the app's own screen.
                marks.append(Mark(time: time, kind: .press))
            case "user.shortcut", "automation.run":
                marks.append(Mark(time: time, kind: .shortcut))
            case "notification.deliver":
                notices.append(Mark(time: time, kind: .notification))
            case "expect":
                if fields["result"] == "fail" { marks.append(Mark(time: time, kind: .failed)) }
            case "fault":
                var list = faultMarks ?? []
                if FaultOutcome.isEffect(event) {
                    let kind: MarkKind =
                        fields["kind"] == "power-loss" && fields["action"] == "applied"
                        ? .powerLoss : fields["action"] == "killed" ? .kill : .fault
                    list.append(Mark(time: time, kind: kind))
                }
                faultMarks = list
            default:
                break
            }
            // Frontmost tracking: user.open of a shielded app is followed by
            // shield.shown, which means the app never came to the front.
            if event.event == "user.open", let app = fields["app"] {
                if let previous = frontmost { appUsed.set(previous, false, at: time) }
                frontmost = app
                appUsed.set(app, true, at: time)
            } else if event.event == "shield.shown", let app = fields["app"], frontmost == app {
                appUsed.set(app, false, at: time)
                frontmost = nil
            } else if event.event == "user.leave" || event.event == "app.closed", let current = frontmost {
                appUsed.set(current, false, at: time)
                frontmost = nil
            }
        }
        let appNames =
            appOn.order.filter { $0 != "OpenAppLock" } + (appUsed.order.contains("OpenAppLock") ? ["OpenAppLock"] : [])
        let finish = end
        apps = appNames.map { name in
            Row(label: name, on: appOn.spans(name, until: finish), used: appUsed.spans(name, until: finish))
        }
        rules = ruleOn.order.map { Row(label: $0, on: ruleOn.spans($0, until: finish)) }
        self.marks = marks
        self.faultMarks = faultMarks
        self.notices = notices
    }

    init(
        start: Date, end: Date, apps: [Row], rules: [Row], marks: [Mark], faultMarks: [Mark]? = nil,
        notices: [Mark] = []
    ) {
        self.start = start
        self.end = end
        self.apps = apps
        self.rules = rules
        self.marks = marks
        self.faultMarks = faultMarks
        self.notices = notices
    }
}

/// Accumulates on/off switches per label into spans, keeping first-seen order.
private struct SpanBuilder {
    private(set) var order: [String] = []
    private var openSince: [String: Date] = [:]
    private var closed: [String: [DateInterval]] = [:]

    mutating func touch(_ label: String) {
        if !order.contains(label) { order.append(label) }
    }

    mutating func set(_ label: String, _ on: Bool, at time: Date) {
        touch(label)
        if on {
            if openSince[label] == nil { openSince[label] = time }
        } else if let since = openSince.removeValue(forKey: label) {
            closed[label, default: []].append(DateInterval(start: since, end: max(since, time)))
        }
    }

    func spans(_ label: String, until end: Date) -> [DateInterval] {
        var result = closed[label] ?? []
        if let since = openSince[label] { result.append(DateInterval(start: since, end: max(since, end))) }
        return result
    }
}
