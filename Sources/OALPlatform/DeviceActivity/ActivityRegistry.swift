import Foundation

/// Every monitored activity of the app and its extensions, and the
/// callbacks owed because of changes to them: the content of
/// `<root>/system/deviceactivity.json`. Pure value; `DeviceActivityCenter`
/// persists it.
public struct ActivityRegistry: Codable, Hashable, Sendable {
    public var activities: [String: ActivityRegistration]
    public var pending: [PendingCallback]
    public var lastGeneration: Int

    public init(
        activities: [String: ActivityRegistration] = [:], pending: [PendingCallback] = [], lastGeneration: Int = 0
    ) {
        self.activities = activities
        self.pending = pending
        self.lastGeneration = lastGeneration
    }

    /// iOS allows 20 monitored activities per app, extensions included.
    public static let activityLimit = 20

    /// `startMonitoring`: validates, then registers or restarts `name`.
    public mutating func start(
        _ name: String, schedule: DeviceActivitySchedule, events: [String: DeviceActivityEvent],
        at instant: Date, calendar: Calendar
    ) throws(MonitoringError) {
        try schedule.validate(activity: name, calendar: calendar, now: instant)
        for (eventName, event) in events where event.thresholdMinutes < 1 {
            throw .invalidThreshold(activity: name, event: eventName)
        }
        if activities[name] == nil, activities.count >= Self.activityLimit {
            throw .excessiveActivities(activity: name, limit: Self.activityLimit)
        }
        lastGeneration += 1
        activities[name] = ActivityRegistration(
            name: name, schedule: schedule, events: events, registeredAt: instant, generation: lastGeneration)
    }

    /// `stopMonitoring`: forgets the activities; one whose interval is in
    /// progress is owed an `intervalDidEnd` now.
    public mutating func stop(_ names: [String], at instant: Date, calendar: Calendar) {
        for name in names {
            guard let registration = activities.removeValue(forKey: name) else { continue }
            if registration.interval(at: instant, calendar: calendar) != nil {
                pending.append(PendingCallback(kind: .intervalDidEnd, activity: name, at: instant))
            }
        }
    }

    /// The clock was set back to `instant`: a registration made after it
    /// (by the clock) was still made before now, so it counts as made at
    /// `instant`. Usage from now on counts towards its events, as iOS
    /// counts the time an app is used, not clock readings.
    public mutating func clockSetBack(to instant: Date) {
        for (name, registration) in activities where registration.registeredAt > instant {
            activities[name]?.registeredAt = instant
        }
    }

    /// Hands the owed callbacks to the emulated OS and forgets them.
    public mutating func drainPending() -> [PendingCallback] {
        defer { pending = [] }
        return pending
    }
}
