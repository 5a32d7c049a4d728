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

    /// The platform's schedule. Components with a year, month and day are a
    /// full date-time, the others a time of day. The platform names minutes:
    /// seconds are dropped (an edge at 09:00:30 is 09:00), which
    /// docs/GUEST.md lists; `warningTime` is not emulated and must be nil.
    func platform(activity: String) throws -> OALPlatform.DeviceActivitySchedule {
        if warningTime != nil {
            throw DeviceActivityCenter.MonitoringError.invalidDateComponents(
                "activity '\(activity)': warningTime is not emulated")
        }
        return OALPlatform.DeviceActivitySchedule(
            intervalStart: Self.edge(intervalStart), intervalEnd: Self.edge(intervalEnd), repeats: repeats)
    }

    static func edge(_ components: DateComponents) -> IntervalEdge {
        if let year = components.year, let month = components.month, let day = components.day {
            return .dateTime(
                year: year, month: month, day: day, hour: components.hour ?? 0, minute: components.minute ?? 0)
        }
        return .timeOfDay(hour: components.hour ?? 0, minute: components.minute ?? 0)
    }
}
