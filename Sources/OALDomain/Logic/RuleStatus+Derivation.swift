import Foundation

extension Rule {
    /// The rule's status at `instant`.
    ///
    /// `usage` is the rule's ledger entry for the calendar day containing
    /// `instant`; schedule rules ignore it. Order of precedence: disabled,
    /// then paused (a live soft unblock wins over anything the clock or the
    /// budget says), then the kind's own reading.
    ///
    /// Limit rules are never `upcoming`: their block depends on usage, not
    /// the clock, so a "Starts in" countdown would promise a block that may
    /// never come. They read `dormant` until the budget is spent on an
    /// enabled day.
    public func status(at instant: Date, calendar: Calendar, usage: DailyUsage = .zero) -> RuleStatus {
        guard isEnabled else { return .disabled }
        if let pausedUntil, pausedUntil > instant { return .paused(until: pausedUntil) }
        switch configuration {
        case .schedule:
            if let window = RuleSchedule.window(containing: instant, for: self, calendar: calendar) {
                return .active(until: window.end)
            }
            if let next = RuleSchedule.nextWindowStart(after: instant, for: self, calendar: calendar) {
                return .upcoming(startsAt: next)
            }
            return .dormant
        case .timeLimit, .openLimit:
            guard isScheduled(on: instant, calendar: calendar), configuration.isBudgetSpent(by: usage) else {
                return .dormant
            }
            return .active(until: WallClock.nextMidnight(after: instant, calendar: calendar))
        }
    }
}

extension RuleStatus {
    /// The live label of a rule row or card: "6h left", "Starts in 22h",
    /// "Paused for 45m", "Inactive", "Disabled". Countdowns round up (see
    /// `CountdownText.remaining`).
    public func label(now: Date) -> String {
        switch self {
        case .disabled: "Disabled"
        case .dormant: "Inactive"
        case .active(let until): "\(CountdownText.remaining(from: now, to: until)) left"
        case .paused(let until): "Paused for \(CountdownText.remaining(from: now, to: until))"
        case .upcoming(let start): "Starts in \(CountdownText.remaining(from: now, to: start))"
        }
    }

    /// The rule detail's caption, kind first: "Schedule, Starts in 22h".
    public func caption(kind: RuleKind, now: Date) -> String {
        "\(kind.displayName), \(label(now: now))"
    }
}
