import Foundation

/// What a rule is doing at an instant. Always derived, never stored.
public enum RuleStatus: Hashable, Codable, Sendable {
    /// Switched off by the user.
    case disabled
    /// On, but neither blocking nor counting down to a block: a schedule
    /// rule with no days, or a limit rule whose budget is not spent (or
    /// that is not on today).
    case dormant
    /// Blocking until the given instant: a schedule window's end, or the
    /// next midnight for a spent limit budget.
    case active(until: Date)
    /// Soft-unblocked; blocks again (if still due) from the given instant.
    case paused(until: Date)
    /// A schedule rule whose next window starts at the given instant.
    case upcoming(startsAt: Date)

    public var isActive: Bool {
        if case .active = self { true } else { false }
    }
}
