import Foundation

/// One end of a DeviceActivity interval, as date components. Repeating
/// schedules give a time of day only; one-shot schedules pin the day too.
public struct ActivityTime: Hashable, Codable, Sendable {
    /// Nil for a daily repeating schedule.
    public var day: DayKey?
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(day: DayKey? = nil, hour: Int, minute: Int, second: Int = 0) {
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// A time of day from minutes past midnight (0..<1440).
    public init(minutesPastMidnight minutes: Int) {
        self.init(hour: minutes / 60, minute: minutes % 60)
    }

    /// Minutes past midnight, seconds ignored.
    public var minutesPastMidnight: Int { hour * 60 + minute }
}
