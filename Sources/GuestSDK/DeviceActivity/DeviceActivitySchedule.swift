import Foundation
import GuestRuntime
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
    /// year, nanoseconds, a time zone) is refused as invalid, naming it.
    /// `warningTime` is a span (`warningSeconds`).
    func platform(activity: String) throws -> OALPlatform.DeviceActivitySchedule {
        OALPlatform.DeviceActivitySchedule(
            intervalStart: try Self.edge(intervalStart, activity: activity),
            intervalEnd: try Self.edge(intervalEnd, activity: activity), repeats: repeats,
            warningSeconds: try warningTime.map { try Self.span($0, activity: activity, of: "warningTime") })
    }

    /// A length given as components (`warningTime`, an event's threshold)
    /// in seconds: Apple's examples are minutes ("setting the schedule's
    /// warning time to 5 minutes"), so hours, minutes and seconds are added
    /// up. A component that is not a fixed length (a day, a month: their
    /// length depends on the date) or not a length at all is refused,
    /// naming it and `what` it was given for, rather than guessed.
    static func span(_ components: DateComponents, activity: String, of what: String) throws -> Int {
        if let field = components.firstGiven(of: DateComponentField.allCases) {
            throw DeviceActivityCenter.MonitoringError.invalidDateComponents(
                "activity '\(activity)': the \(what) component '\(field.rawValue)' is not emulated (hour, minute and second are)"
            )
        }
        return (components.hour ?? 0) * 3600 + (components.minute ?? 0) * 60 + (components.second ?? 0)
    }

    static func edge(_ components: DateComponents, activity: String) throws -> IntervalEdge {
        if let field = components.firstGiven(
            of: [.era, .quarter, .weekOfMonth, .weekOfYear, .yearForWeekOfYear, .weekdayOrdinal, .nanosecond])
        {
            throw DeviceActivityCenter.MonitoringError.invalidDateComponents(
                "activity '\(activity)': the schedule component '\(field.rawValue)' is not emulated")
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
