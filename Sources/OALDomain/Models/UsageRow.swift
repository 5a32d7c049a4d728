import Foundation

/// One limit rule as the Home tab shows it: name, a kind-led usage
/// subtitle and a trailing state.
public struct UsageRow: Hashable, Sendable, Identifiable {
    public var id: UUID
    public var kind: RuleKind
    public var title: String
    /// "Time Limit · 18m of 45m used today", "Open Limit · 2 of 5 opens today".
    public var subtitle: String
    /// "27m left", "3 opens left", "1 open left", "Blocked",
    /// "Unblocked until tomorrow".
    public var trailing: String

    public init(id: UUID, kind: RuleKind, title: String, subtitle: String, trailing: String) {
        self.id = id
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.trailing = trailing
    }
}
