import Foundation

/// Wall-clock arithmetic in a given calendar, exact on DST days (23 or 25
/// hours long) and in odd zones. Fixed seconds are added only within a
/// `CalmDay`, where the zone's offset is proven not to change; every other
/// day is asked of `Calendar`.
public enum WallClock {
    /// The first instant of the calendar day containing `instant`.
    public static func startOfDay(_ instant: Date, calendar: Calendar) -> Date {
        if let day = CalmDay(containing: instant, calendar: calendar) { return day.start }
        return calendar.startOfDay(for: instant)
    }

    /// The first instant of the day `offset` days from the day containing
    /// `instant` (negative goes back).
    public static func startOfDay(offsetBy offset: Int, from instant: Date, calendar: Calendar) -> Date {
        if let today = CalmDay(containing: instant, calendar: calendar) {
            if offset == 0 { return today.start }
            // Noon of the target day by today's offset is inside that day
            // whatever its own offset; calm, its start is arithmetic too.
            let noon = today.instant(secondsPastMidnight: offset * 86_400 + 43_200)
            if let target = CalmDay(containing: noon, calendar: calendar), target.localDay == today.localDay + offset {
                return target.start
            }
        }
        let today = calendar.startOfDay(for: instant)
        guard offset != 0 else { return today }
        // Adding days to a day start can land inside a gap on zones whose
        // midnight is skipped; re-normalising gives that day's real start.
        // Foundation only fails here for dates outside the calendar's range,
        // where staying on the same day is the least surprising answer.
        guard let shifted = calendar.date(byAdding: .day, value: offset, to: today) else { return today }
        return calendar.startOfDay(for: shifted)
    }

    /// The start of the next calendar day: when limit budgets reset and
    /// limit-rule blocks and pauses end.
    public static func nextMidnight(after instant: Date, calendar: Calendar) -> Date {
        startOfDay(offsetBy: 1, from: instant, calendar: calendar)
    }

    /// The instant the wall clock reads `minutes` past midnight on the day
    /// starting at `dayStart`.
    ///
    /// A time the clock skips (spring-forward gap) resolves to the first
    /// instant after the gap: a 02:30 edge on a day that jumps from 02:00 to
    /// 03:00 falls at 03:00, the first moment the clock reads 02:30 or
    /// later. A time the clock shows twice (fall back) resolves to its
    /// first occurrence. A time skipped at the very end of a day resolves to
    /// the next day's start.
    public static func instant(minutes: Int, onDayStarting dayStart: Date, calendar: Calendar) -> Date {
        // A calm day has every wall time once, and its midnight.
        if (0..<1440).contains(minutes), let day = CalmDay(containing: dayStart, calendar: calendar),
            day.start == dayStart
        {
            return day.instant(secondsPastMidnight: minutes * 60)
        }
        let nextDay = startOfDay(offsetBy: 1, from: dayStart, calendar: calendar)
        guard
            let candidate = calendar.date(
                bySettingHour: minutes / 60, minute: minutes % 60, second: 0, of: dayStart,
                matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
        else { return nextDay }
        // Foundation may answer a skipped time with a match on a later day;
        // the edge must stay on its own day.
        if candidate >= nextDay { return nextDay }
        return max(candidate, dayStart)
    }

    /// The wall-clock hour, minute and second of `instant` in `calendar`.
    /// The first instant at or after `instant` that its own local date and
    /// time name: `instant` itself, except in the second showing of a
    /// fall back's repeated hour, whose wall times name the first showing;
    /// then the end of the repeated hour (02:00 on New York's 01:00–02:00).
    public static func namedInstant(atOrAfter instant: Date, calendar: Calendar) -> Date {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        guard let named = calendar.date(from: parts), named < instant,
            let change = calendar.timeZone.nextDaylightSavingTimeTransition(after: named)
        else { return instant }
        return change.addingTimeInterval(instant.timeIntervalSince(named))
    }

    public static func timeOfDay(_ instant: Date, calendar: Calendar) -> (hour: Int, minute: Int, second: Int) {
        if let day = CalmDay(containing: instant, calendar: calendar) {
            let seconds = Int(day.secondsPastMidnight(instant).rounded(.down))
            return (seconds / 3600, seconds / 60 % 60, seconds % 60)
        }
        let parts = calendar.dateComponents([.hour, .minute, .second], from: instant)
        return (parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
