import Foundation

/// When a schedule rule's window is open.
///
/// A window belongs to the day it starts on: a 22:00–06:00 window on a
/// Friday-only rule runs Friday 22:00 to Saturday 06:00 and nothing on
/// Saturday night. Edges are wall-clock times computed per day with
/// `WallClock`, so they hold on DST days and in any time zone.
public enum RuleSchedule {
    /// The window that starts on the day containing `dayInstant`, whether or
    /// not that day is enabled.
    public static func window(
        of config: ScheduleConfig, onDayOf dayInstant: Date, calendar: Calendar
    ) -> ScheduleWindow {
        let dayStart = WallClock.startOfDay(dayInstant, calendar: calendar)
        let endDayStart =
            config.crossesMidnight ? WallClock.startOfDay(offsetBy: 1, from: dayStart, calendar: calendar) : dayStart
        return ScheduleWindow(
            day: DayKey(dayStart, calendar: calendar),
            start: WallClock.instant(minutes: config.startMinutes, onDayStarting: dayStart, calendar: calendar),
            end: WallClock.instant(minutes: config.endMinutes, onDayStarting: endDayStart, calendar: calendar))
    }

    /// The window on an enabled day that contains `instant`, if any.
    ///
    /// Considers the rule's days only: pause and the enabled switch do not
    /// move windows (a soft unblock needs the window it is cutting short).
    /// Nil for limit rules, which have no window.
    public static func window(containing instant: Date, for rule: Rule, calendar: Calendar) -> ScheduleWindow? {
        guard let config = rule.configuration.schedule else { return nil }
        // Windows last at most one wall-clock day, so only today's and
        // yesterday's can contain the instant.
        for offset in [0, -1] {
            let dayStart = WallClock.startOfDay(offsetBy: offset, from: instant, calendar: calendar)
            guard rule.days.includes(dayStart, in: calendar) else { continue }
            let window = window(of: config, onDayOf: dayStart, calendar: calendar)
            if window.contains(instant) { return window }
        }
        return nil
    }

    /// Whether the rule's window is shielding at `instant`: an enabled
    /// schedule rule, inside a window on an enabled day, not paused.
    public static func isActive(_ rule: Rule, at instant: Date, calendar: Calendar) -> Bool {
        rule.isEnabled && !rule.isPaused(at: instant)
            && window(containing: instant, for: rule, calendar: calendar) != nil
    }

    /// The first window on an enabled day that starts strictly after
    /// `instant`; nil for disabled rules, limit rules and rules with no days.
    /// A pause is not consulted: a paused rule reports `paused`, not
    /// `upcoming`.
    public static func nextWindow(after instant: Date, for rule: Rule, calendar: Calendar) -> ScheduleWindow? {
        guard rule.isEnabled, let config = rule.configuration.schedule else { return nil }
        // Eight days reach the same weekday a week on, whose window may be
        // the first one after an instant late in today's window.
        for offset in 0...7 {
            let dayStart = WallClock.startOfDay(offsetBy: offset, from: instant, calendar: calendar)
            guard rule.days.includes(dayStart, in: calendar) else { continue }
            let window = window(of: config, onDayOf: dayStart, calendar: calendar)
            if !window.isEmpty, window.start > instant { return window }
        }
        return nil
    }

    /// The start of `nextWindow(after:for:calendar:)`.
    public static func nextWindowStart(after instant: Date, for rule: Rule, calendar: Calendar) -> Date? {
        nextWindow(after: instant, for: rule, calendar: calendar)?.start
    }
}
