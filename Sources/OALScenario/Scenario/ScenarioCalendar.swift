import Foundation

/// A scenario's days and wall-clock times in its zone: how `at [day N]
/// HH:MM[:SS] [(second)]` names an instant, both ways. The parser reads
/// a line's instant with it and the renderer writes an instant's line
/// with it, so the two never disagree on a daylight-saving day.
public struct ScenarioCalendar: Sendable {
    public let calendar: Calendar
    /// Day 1's first instant (its local midnight, or the first instant
    /// after a midnight a daylight-saving gap skips).
    public let startDay: Date

    public init(zone: String, start: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        self.calendar = calendar
        startDay = calendar.startOfDay(for: start)
    }

    /// The instant day `day` first shows `clock`; nil when a gap skips it.
    public func firstInstant(day: Int, _ clock: ClockTime) -> Date? {
        guard let date = calendar.date(byAdding: .day, value: day - 1, to: startDay),
            let time = calendar.date(bySettingHour: clock.hour, minute: clock.minute, second: clock.second, of: date),
            clock.names(time, in: calendar)
        else { return nil }
        return time
    }

    /// How a line names `instant`: its day (day 1 is the start's), the
    /// wall-clock time, and whether it is the second showing of that time
    /// (the repeated hour of a fall back).
    public func local(_ instant: Date) -> (day: Int, clock: ClockTime, second: Bool) {
        let day =
            (calendar.dateComponents([.day], from: startDay, to: calendar.startOfDay(for: instant)).day ?? 0) + 1
        let parts = calendar.dateComponents([.hour, .minute, .second], from: instant)
        let clock = ClockTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0)
        let first = firstInstant(day: day, clock)
        return (day, clock, first != nil && first != instant)
    }
}
