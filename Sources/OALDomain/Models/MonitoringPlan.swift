import Foundation

/// The DeviceActivity registrations the app should hold for its rules, and
/// the window edges that only the foreground can enforce.
public struct MonitoringPlan: Hashable, Codable, Sendable {
    /// DeviceActivity refuses intervals shorter than this.
    public static let minimumIntervalMinutes = 15
    /// How long one granted open lifts the shield: the shortest interval
    /// DeviceActivity accepts, so its end can wake the monitor.
    public static let openSessionMinutes = minimumIntervalMinutes
    /// DeviceActivity's cap on activities monitored at once (app and
    /// extensions together, open sessions included).
    public static let maximumActivities = 20

    /// Sorted by name, so equal rule sets give equal plans.
    public var activities: [MonitoredActivity]
    public var foregroundOnly: [ForegroundOnlyEdge]

    public init(activities: [MonitoredActivity], foregroundOnly: [ForegroundOnlyEdge]) {
        self.activities = activities
        self.foregroundOnly = foregroundOnly
    }

    public func activity(named name: ActivityName) -> MonitoredActivity? {
        activities.first { $0.name == name }
    }

    /// Whether the plan alone, with no open session running, goes over
    /// DeviceActivity's cap.
    public var exceedsActivityLimit: Bool { activities.count > Self.maximumActivities }
}
