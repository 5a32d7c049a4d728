/// The rule-detail "Usage" report of a time limit as the real app's docs
/// describe it (its `Docs/Agents/Specs/USAGE_RENDERING_BY_APP.md`): today's
/// combined total, then one row per app name, heaviest first. What the
/// emulator's own report extension (`oal-report`) shows.
public struct UsageReport: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var name: String
        public var seconds: Double

        public init(name: String, seconds: Double) {
            self.name = name
            self.seconds = seconds
        }

        public var label: String { UsageReport.durationLabel(seconds: seconds) }

        static func heaviestFirst(_ lhs: Row, _ rhs: Row) -> Bool {
            lhs.seconds != rhs.seconds ? lhs.seconds > rhs.seconds : lhs.name < rhs.name
        }
    }

    /// "1h 12m today", "<1m today", "No usage today".
    public var total: String
    public var apps: [Row]

    /// From each app's `(name, seconds)`: entries sharing a name are one row
    /// (the user cannot tell them apart); rows with no time are dropped;
    /// heaviest first, ties by name.
    public init(usage: [(name: String, seconds: Double)]) {
        var byName: [String: Double] = [:]
        for app in usage { byName[app.name, default: 0] += app.seconds }
        let seconds = byName.values.reduce(0, +)
        total = seconds > 0 ? "\(Self.durationLabel(seconds: seconds)) today" : "No usage today"
        let used: [Row] = byName.filter { $0.value > 0 }.map { Row(name: $0.key, seconds: $0.value) }
        apps = used.sorted(by: Row.heaviestFirst)
    }

    /// "<1m" under a minute, else whole hours and minutes ("1h 12m", "2h",
    /// "45m"); "0m" for none.
    public static func durationLabel(seconds: Double) -> String {
        guard seconds > 0 else { return "0m" }
        guard seconds >= 60 else { return "<1m" }
        let minutes = Int(seconds / 60)
        let (hours, rest) = (minutes / 60, minutes % 60)
        if hours > 0 && rest > 0 { return "\(hours)h \(rest)m" }
        return hours > 0 ? "\(hours)h" : "\(rest)m"
    }
}
