import OALPlatform

/// What was on and when, per app and per rule, in `RunRecord` places: the
/// rows both the Chrome trace and the report's SVG draw. The device's own
/// lines are the source (`app.state`, `store.state`, `user.open`, ...),
/// as for the text timeline, because they are what the user saw.
struct RunSpans: Sendable {
    struct Span: Hashable, Sendable {
        var start: Int64
        var end: Int64
        /// Why, when the trace says: the stores holding a blocked app.
        var note: String = ""

    }

    struct AppRow: Sendable {
        var name: String
        var blocked: [Span] = []
        var used: [Span] = []
        /// Every change of the shield, as (place, 0 or 1), for a counter.
        var shielded: [(place: Int64, value: Int)] = []

    }

    struct RuleRow: Sendable {
        var name: String
        var shielding: [Span] = []
        /// A time limit's recorded minutes as the monitor traced them.
        var minutes: [(place: Int64, value: Int)] = []

    }

    var apps: [AppRow] = []
    var rules: [RuleRow] = []

    /// No rows: for what needs a run's zones but not its spans.
    init() {}

    init(_ record: RunRecord) {
        var apps = Rows<AppRow>()
        var rules = Rows<RuleRow>()
        var blockedSince: [String: (Int64, String)] = [:]
        var usedSince: [String: Int64] = [:]
        var shieldingSince: [String: Int64] = [:]
        var frontmost: String?
        let names = RuleNames(record)
        func stopUsing(at place: Int64) {
            guard let app = frontmost else { return }
            if let since = usedSince.removeValue(forKey: app) {
                apps[app, { AppRow(name: $0) }].used.append(Span(start: since, end: place))
            }
            frontmost = nil
        }
        for (index, line) in record.lines.enumerated() {
            let place = record.places[index]
            let fields = line.fields
            if line.process == .monitor, line.event == "usage.minutes", let id = fields["rule"],
                let minutes = fields["minutesUsed"].flatMap({ Int($0) })
            {
                rules[names.name(id), { RuleRow(name: $0) }].minutes.append((place, minutes))
            }
            guard line.process == .device else { continue }
            switch line.event {
            case "app.state":
                guard let app = fields["app"] else { continue }
                let blocked = fields["state"] == "blocked"
                apps[app, { AppRow(name: $0) }].shielded.append((place, blocked ? 1 : 0))
                if blocked {
                    blockedSince[app] = blockedSince[app] ?? (place, fields["by"] ?? "")
                } else if let (since, by) = blockedSince.removeValue(forKey: app) {
                    apps[app, { AppRow(name: $0) }].blocked.append(Span(start: since, end: place, note: by))
                }
            case "store.state":
                let name = fields["rule"] ?? fields["store"] ?? "?"
                _ = rules[name, { RuleRow(name: $0) }]
                if fields["state"] == "shielding" {
                    shieldingSince[name] = shieldingSince[name] ?? place
                } else if let since = shieldingSince.removeValue(forKey: name) {
                    rules[name, { RuleRow(name: $0) }].shielding.append(Span(start: since, end: place))
                }
            case "user.open":
                guard let app = fields["app"] else { continue }
                stopUsing(at: place)
                _ = apps[app, { AppRow(name: $0) }]
                frontmost = app
                usedSince[app] = place
            case "shield.shown":
                // The app never came to the front: the shield did.
                if let app = fields["app"], frontmost == app {
                    usedSince[app] = nil
                    frontmost = nil
                }
            case "user.leave", "app.closed":
                stopUsing(at: place)
            default:
                break
            }
        }
        let end = record.span
        stopUsing(at: end)
        for (app, (since, by)) in blockedSince {
            apps[app, { AppRow(name: $0) }].blocked.append(Span(start: since, end: end, note: by))
        }
        for (rule, since) in shieldingSince {
            rules[rule, { RuleRow(name: $0) }].shielding.append(Span(start: since, end: end))
        }
        // OpenAppLock last: it is the app, not one the rules block.
        self.apps = apps.ordered.filter { $0.name != "OpenAppLock" } + apps.ordered.filter { $0.name == "OpenAppLock" }
        self.rules = rules.ordered
    }
}

/// Rows by name, kept in first-seen order.
private struct Rows<Row> {
    private var index: [String: Int] = [:]
    private(set) var ordered: [Row] = []

    subscript(name: String, make: (String) -> Row) -> Row {
        mutating get {
            if let known = index[name] { return ordered[known] }
            index[name] = ordered.count
            ordered.append(make(name))
            return ordered[ordered.count - 1]
        }
        set {
            if let known = index[name] {
                ordered[known] = newValue
            } else {
                index[name] = ordered.count
                ordered.append(newValue)
            }
        }
    }
}

/// A rule's name from its id, as the trace knows it: the device's
/// `store.state` names the rule of each `rule-<UUID>` store; a rule that
/// never shielded is named by the `rule add` tap that created it.
struct RuleNames {
    private var byID: [String: String] = [:]

    init(_ record: RunRecord) {
        for (index, line) in record.lines.enumerated() {
            if line.process == .device, line.event == "store.state", let store = line.fields["store"],
                store.hasPrefix("rule-"), let name = line.fields["rule"]
            {
                byID[String(store.dropFirst(5))] = name
            }
            if line.process == .app, line.event == "rule.add", let id = line.fields["rule"], byID[id] == nil,
                let owner = record.owner[index]
            {
                // `rule add KIND NAME... --list ...`: the quotes are gone
                // from the traced argv, the words up to the first option stay.
                let words = record.launches[owner].argv.split(separator: " ")
                let name = words.dropFirst(3).prefix { !$0.hasPrefix("--") }.joined(separator: " ")
                if !name.isEmpty { byID[id] = name }
            }
        }
    }

    func name(_ id: String) -> String { byID[id] ?? "rule \(id.prefix(8))" }
}
