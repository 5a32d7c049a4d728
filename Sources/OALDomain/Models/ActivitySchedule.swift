import Foundation

/// A DeviceActivity schedule: an interval and whether it repeats daily.
public struct ActivitySchedule: Hashable, Codable, Sendable {
    public var intervalStart: ActivityTime
    public var intervalEnd: ActivityTime
    public var repeats: Bool

    public init(intervalStart: ActivityTime, intervalEnd: ActivityTime, repeats: Bool) {
        self.intervalStart = intervalStart
        self.intervalEnd = intervalEnd
        self.repeats = repeats
    }

    /// Limit rules' whole-day interval. 23:59 is the last minute a daily
    /// schedule can name; the next day's 00:00 start is the budget reset.
    public static let allDay = ActivitySchedule(
        intervalStart: ActivityTime(hour: 0, minute: 0), intervalEnd: ActivityTime(hour: 23, minute: 59), repeats: true)
}
