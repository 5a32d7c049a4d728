import Foundation
import OALDomain
import OALPlatform

/// From the domain's monitoring plan to the emulated DeviceActivity API's
/// types. The two are separate on purpose (the domain cannot import the
/// platform); this is the one place that bridges them.
public enum ActivityConversion {
    public static func time(_ time: ActivityTime) -> IntervalEdge {
        guard let day = time.day else { return .timeOfDay(hour: time.hour, minute: time.minute) }
        return .dateTime(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute)
    }

    public static func schedule(_ schedule: ActivitySchedule) -> DeviceActivitySchedule {
        DeviceActivitySchedule(
            intervalStart: time(schedule.intervalStart), intervalEnd: time(schedule.intervalEnd),
            repeats: schedule.repeats)
    }

    /// The events of `activity`, each counting usage of `selection`.
    ///
    /// Every event is registered with `includesPastActivity`, so an
    /// activity (re)started part-way through its interval (a rule turned
    /// off and on, its budget or list edited, a day's activity armed late)
    /// also counts the usage earlier in that interval instead of starting
    /// from zero. The `restart-forgets-usage` mutant leaves the flag off.
    public static func events(
        _ activity: MonitoredActivity, selection: AppSelection?
    ) -> [String: DeviceActivityEvent] {
        let includesPastActivity = !Mutant.on(.restartForgetsUsage)
        var events: [String: DeviceActivityEvent] = [:]
        for event in activity.events {
            events[event.name.rawValue] = DeviceActivityEvent(
                selection: selection ?? .empty, thresholdMinutes: event.thresholdMinutes,
                includesPastActivity: includesPastActivity)
        }
        return events
    }
}
