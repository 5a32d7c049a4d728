/// Why `DeviceActivityCenter.startMonitoring` refused an activity; the cases
/// mirror `DeviceActivityCenter.MonitoringError` on iOS.
public enum MonitoringError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The interval is shorter than DeviceActivity's 15-minute minimum.
    case intervalTooShort(activity: String, minutes: Int)
    /// The interval is longer than one week.
    case intervalTooLong(activity: String, minutes: Int)
    /// Monitoring this activity would exceed the 20 activities one app and
    /// its extensions may have.
    case excessiveActivities(activity: String, limit: Int)
    /// The schedule's date components do not name a time.
    case invalidDateComponents(activity: String, detail: String)
    /// An event's threshold is not a positive number of minutes.
    case invalidThreshold(activity: String, event: String)

    public var description: String {
        switch self {
        case .intervalTooShort(let activity, let minutes):
            "intervalTooShort: activity '\(activity)' spans \(minutes) min, the minimum is 15"
        case .intervalTooLong(let activity, let minutes):
            "intervalTooLong: activity '\(activity)' spans \(minutes) min, the maximum is one week"
        case .excessiveActivities(let activity, let limit):
            "excessiveActivities: cannot monitor '\(activity)', \(limit) activities are already monitored"
        case .invalidDateComponents(let activity, let detail):
            "invalidDateComponents: activity '\(activity)': \(detail)"
        case .invalidThreshold(let activity, let event):
            "invalidThreshold: event '\(event)' of activity '\(activity)' needs a threshold of at least 1 minute"
        }
    }
}
