import Foundation

/// The Home tab's arrangement and the text of limit-rule rows.
public enum UsageDisplay {
    public static let blockedLabel = "Blocked"
    public static let unblockedLabel = "Unblocked until tomorrow"

    /// Splits rules into Currently Blocking and Usage, each in the order
    /// given. A rule appears in at most one section; paused schedule rules
    /// and rules that are off today appear in neither.
    public static func sections(
        rules: [Rule], at instant: Date, calendar: Calendar, usageFor: (UUID) -> DailyUsage
    ) -> HomeSections {
        var blocking: [Rule] = []
        var usage: [Rule] = []
        for rule in rules {
            let status = rule.status(at: instant, calendar: calendar, usage: usageFor(rule.id))
            if status.isActive {
                blocking.append(rule)
            } else if rule.kind.isLimit, rule.isEnabled, rule.isScheduled(on: instant, calendar: calendar) {
                usage.append(rule)
            }
        }
        return HomeSections(currentlyBlocking: blocking, usage: usage)
    }

    /// The row for a limit rule (nil for schedule rules, which have no
    /// usage). The trailing text reads, in order of precedence:
    /// "Unblocked until tomorrow" while a soft unblock holds, "Blocked" while
    /// the spent budget is blocking (status `active`), otherwise what is left ("27m left",
    /// "1h 5m left", "3 opens left", "1 open left").
    public static func row(
        for rule: Rule, usage: DailyUsage, at instant: Date, calendar: Calendar
    ) -> UsageRow? {
        let subtitle: String
        let remaining: String
        switch rule.configuration {
        case .schedule:
            return nil
        case .timeLimit(let config):
            subtitle =
                "\(RuleKind.timeLimit.displayName) · "
                + "\(CountdownText.minutes(usage.minutesUsed)) of \(CountdownText.minutes(config.dailyLimitMinutes)) used today"
            remaining = "\(CountdownText.minutes(max(0, config.dailyLimitMinutes - usage.minutesUsed))) left"
        case .openLimit(let config):
            subtitle =
                "\(RuleKind.openLimit.displayName) · "
                + "\(usage.opensUsed) of \(config.maxOpens) \(config.maxOpens == 1 ? "open" : "opens") today"
            let left = config.opensLeft(after: usage)
            remaining = "\(left) \(left == 1 ? "open" : "opens") left"
        }
        let trailing: String
        switch rule.status(at: instant, calendar: calendar, usage: usage) {
        case .paused: trailing = unblockedLabel
        case .active: trailing = blockedLabel
        case .disabled, .dormant, .upcoming: trailing = remaining
        }
        return UsageRow(id: rule.id, kind: rule.kind, title: rule.name, subtitle: subtitle, trailing: trailing)
    }
}
