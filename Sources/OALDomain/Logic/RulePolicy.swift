import Foundation

/// The Hard Mode gates: the one place that says what the user may do to a
/// rule or a list right now.
///
/// "Actively blocking" means status `active`: a schedule rule inside its
/// window, or a limit rule whose budget is spent. The open-limit proactive
/// gate (shielded while opens remain) is not a block in this sense, so it
/// neither hard-locks the rule nor locks the lists.
///
/// `usage` and `usageFor` always mean the rule's ledger entry for the
/// calendar day containing `instant`.
public enum RulePolicy {
    public static func isActivelyBlocking(
        _ rule: Rule, at instant: Date, calendar: Calendar, usage: DailyUsage = .zero
    ) -> Bool {
        rule.status(at: instant, calendar: calendar, usage: usage).isActive
    }

    public static func isHardLocked(
        _ rule: Rule, at instant: Date, calendar: Calendar, usage: DailyUsage = .zero
    ) -> Bool {
        rule.hardMode && isActivelyBlocking(rule, at: instant, calendar: calendar, usage: usage)
    }

    public static func canEdit(_ rule: Rule, at instant: Date, calendar: Calendar, usage: DailyUsage = .zero) -> Bool {
        !isHardLocked(rule, at: instant, calendar: calendar, usage: usage)
    }

    public static func canDisable(
        _ rule: Rule, at instant: Date, calendar: Calendar, usage: DailyUsage = .zero
    ) -> Bool {
        !isHardLocked(rule, at: instant, calendar: calendar, usage: usage)
    }

    public static func canDelete(
        _ rule: Rule, at instant: Date, calendar: Calendar, usage: DailyUsage = .zero
    ) -> Bool {
        !isHardLocked(rule, at: instant, calendar: calendar, usage: usage)
    }

    /// True only for a soft rule that is actively blocking: a hard-locked
    /// rule may not be unblocked, and a rule that is not blocking has
    /// nothing to unblock.
    public static func canUnblock(
        _ rule: Rule, at instant: Date, calendar: Calendar, usage: DailyUsage = .zero
    ) -> Bool {
        (try? softUnblock(rule, at: instant, calendar: calendar, usage: usage)) != nil
    }

    /// The `pausedUntil` a soft unblock sets: the end of the current window
    /// for a schedule rule, the next midnight for a spent limit rule. Only
    /// this rule pauses; others covering the same apps keep blocking.
    public static func softUnblock(
        _ rule: Rule, at instant: Date, calendar: Calendar, usage: DailyUsage = .zero
    ) throws(UnblockRefusal) -> Date {
        guard case .active(let until) = rule.status(at: instant, calendar: calendar, usage: usage) else {
            throw .notBlocking(ruleID: rule.id)
        }
        guard !rule.hardMode else { throw .hardLocked(ruleID: rule.id) }
        return until
    }

    /// The rule after a soft unblock.
    public static func unblocked(
        _ rule: Rule, at instant: Date, calendar: Calendar, usage: DailyUsage = .zero
    ) throws(UnblockRefusal) -> Rule {
        var paused = rule
        paused.pausedUntil = try softUnblock(rule, at: instant, calendar: calendar, usage: usage)
        return paused
    }

    /// While any Hard Mode rule is actively blocking, no list may be edited
    /// or deleted: changing a list would be a back door out of the block.
    /// Creating lists and picking lists for other rules stay allowed.
    public static func areAppListsReadOnly(
        rules: [Rule], at instant: Date, calendar: Calendar, usageFor: (UUID) -> DailyUsage
    ) -> Bool {
        rules.contains { isHardLocked($0, at: instant, calendar: calendar, usage: usageFor($0.id)) }
    }

    /// Uninstall Protection: deny app removal while the setting is on and
    /// some rule is hard-locked.
    public static func shouldDenyAppRemoval(
        rules: [Rule], enabled: Bool, usageFor: (UUID) -> DailyUsage, at instant: Date, calendar: Calendar
    ) -> Bool {
        enabled && areAppListsReadOnly(rules: rules, at: instant, calendar: calendar, usageFor: usageFor)
    }
}
