import Foundation
import OALPlatform

/// When an activity is monitored, in date components as on iOS.
public struct DeviceActivitySchedule: Hashable, Sendable {
    public var intervalStart: DateComponents
    public var intervalEnd: DateComponents
    public var repeats: Bool
    public var warningTime: DateComponents?

    public init(
        intervalStart: DateComponents, intervalEnd: DateComponents, repeats: Bool,
        warningTime: DateComponents? = nil
    ) {
        self.intervalStart = intervalStart
        self.intervalEnd = intervalEnd
        self.repeats = repeats
        self.warningTime = warningTime
    }

    /// The platform's schedule. Every component Apple's schedules take is
    /// honoured (`ScheduleComponents`: a weekday, seconds, a date); the two
    /// shapes of whole minutes keep the platform's exact daily and one-shot
    /// arithmetic. A component a schedule cannot use (an era, a week of the
    /// year, nanoseconds, a time zone) is refused as invalid, naming it;
    /// `warningTime` is not emulated yet and is refused the same way.
    func platform(activity: String) throws -> OALPlatform.DeviceActivitySchedule {
        if warningTime != nil {
            throw DeviceActivityCenter.MonitoringError.invalidDateComponents(
                "activity '\(activity)': warningTime is not emulated")
        }
        return OALPlatform.DeviceActivitySchedule(
            intervalStart: try Self.edge(intervalStart, activity: activity),
            intervalEnd: try Self.edge(intervalEnd, activity: activity), repeats: repeats)
    }

    static func edge(_ components: DateComponents, activity: String) throws -> IntervalEdge {
        let unsupported: [(String, Int?)] = [
            ("era", components.era), ("quarter", components.quarter), ("weekOfMonth", components.weekOfMonth),
            ("weekOfYear", components.weekOfYear), ("yearForWeekOfYear", components.yearForWeekOfYear),
            ("weekdayOrdinal", components.weekdayOrdinal), ("nanosecond", components.nanosecond),
        ]
        if let (name, _) = unsupported.first(where: { $0.1 != nil }) {
            throw DeviceActivityCenter.MonitoringError.invalidDateComponents(
                "activity '\(activity)': the schedule component '\(name)' is not emulated")
        }
        if components.timeZone != nil || components.calendar != nil {
            throw DeviceActivityCenter.MonitoringError.invalidDateComponents(
                "activity '\(activity)': a schedule's own calendar or time zone is not emulated (the device's is used)")
        }
        let wholeMinute = (components.second ?? 0) == 0 && components.weekday == nil
        if wholeMinute, let hour = components.hour, let minute = components.minute {
            if components.year == nil, components.month == nil, components.day == nil {
                return .timeOfDay(hour: hour, minute: minute)
            }
            if let year = components.year, let month = components.month, let day = components.day {
                return .dateTime(year: year, month: month, day: day, hour: hour, minute: minute)
            }
        }
        return .components(
            ScheduleComponents(
                year: components.year, month: components.month, day: components.day, weekday: components.weekday,
                hour: components.hour, minute: components.minute, second: components.second))
    }
}
