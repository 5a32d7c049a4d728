import Foundation

/// Whether one rule's shield should be up at an instant, and why.
///
/// This is the single decision the foreground refresh and every background
/// path (monitor callbacks, the shield extensions) call, so that they agree
/// by construction. Per kind:
/// - schedule: shielded inside a window on an enabled day;
/// - time limit: shielded once today's minutes reach the budget;
/// - open limit: shielded all day on an enabled day (the proactive gate:
///   the shield is what counts opens), spent or not, except while a granted
///   open session is live.
/// A disabled or paused rule never shields. Only a schedule rule with
/// Block Adult Content engages the web filter, and only while shielding.
public struct EnforcementDecision: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        case disabled
        case paused(until: Date)
        /// Limit rule on a day it is not on.
        case notScheduledToday
        /// Schedule rule outside any window on an enabled day.
        case outsideWindow
        case windowActive(until: Date)
        /// Time-limit rule with minutes left today.
        case budgetRemaining
        /// Limit rule whose budget is used up today.
        case budgetSpent
        /// Open-limit rule gating its apps while opens remain.
        case openGate
        /// Open-limit rule whose granted open session runs until the date.
        case openSessionLive(until: Date)
    }

    public var shield: Bool
    public var filterAdultContent: Bool
    public var reason: Reason

    public init(shield: Bool, filterAdultContent: Bool, reason: Reason) {
        self.shield = shield
        self.filterAdultContent = filterAdultContent
        self.reason = reason
    }

    /// - Parameters:
    ///   - usage: the rule's ledger entry for the day containing `instant`.
    ///   - sessionExpiry: the rule's granted-open expiry from the session
    ///     store, if any; live while it is later than `instant`. Ignored
    ///     for kinds other than open limit.
    public static func decide(
        rule: Rule, at instant: Date, calendar: Calendar, usage: DailyUsage = .zero, sessionExpiry: Date? = nil
    ) -> EnforcementDecision {
        guard rule.isEnabled else { return off(.disabled) }
        if let until = rule.pausedUntil, until > instant { return off(.paused(until: until)) }
        switch rule.configuration {
        case .schedule(let config):
            guard let window = RuleSchedule.window(containing: instant, for: rule, calendar: calendar) else {
                return off(.outsideWindow)
            }
            return EnforcementDecision(
                shield: true, filterAdultContent: config.blockAdultContent, reason: .windowActive(until: window.end))
        case .timeLimit(let config):
            guard rule.isScheduled(on: instant, calendar: calendar) else { return off(.notScheduledToday) }
            return config.isSpent(by: usage) ? on(.budgetSpent) : off(.budgetRemaining)
        case .openLimit(let config):
            guard rule.isScheduled(on: instant, calendar: calendar) else { return off(.notScheduledToday) }
            // A sanctioned open is never cut short, not even by the last
            // open spending the budget.
            if let expiry = sessionExpiry, expiry > instant { return off(.openSessionLive(until: expiry)) }
            return on(config.isSpent(by: usage) ? .budgetSpent : .openGate)
        }
    }

    public static func shouldShield(
        rule: Rule, at instant: Date, calendar: Calendar, usage: DailyUsage = .zero, sessionExpiry: Date? = nil
    ) -> Bool {
        decide(rule: rule, at: instant, calendar: calendar, usage: usage, sessionExpiry: sessionExpiry).shield
    }

    public static func shouldFilterAdultContent(rule: Rule, at instant: Date, calendar: Calendar) -> Bool {
        decide(rule: rule, at: instant, calendar: calendar).filterAdultContent
    }

    private static func on(_ reason: Reason) -> EnforcementDecision {
        EnforcementDecision(shield: true, filterAdultContent: false, reason: reason)
    }

    private static func off(_ reason: Reason) -> EnforcementDecision {
        EnforcementDecision(shield: false, filterAdultContent: false, reason: reason)
    }
}
