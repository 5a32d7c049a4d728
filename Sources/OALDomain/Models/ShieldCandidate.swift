import Foundation

/// Everything the shield extensions know about one rule when a shield is
/// drawn or pressed: the rule, its list's selection, today's usage and any
/// granted open session.
public struct ShieldCandidate: Hashable, Sendable {
    public var rule: Rule
    public var selection: AppSelection?
    /// The ledger entry for the day containing the instant of the question.
    public var usage: DailyUsage
    public var sessionExpiry: Date?

    public init(rule: Rule, selection: AppSelection?, usage: DailyUsage = .zero, sessionExpiry: Date? = nil) {
        self.rule = rule
        self.selection = selection
        self.usage = usage
        self.sessionExpiry = sessionExpiry
    }
}
