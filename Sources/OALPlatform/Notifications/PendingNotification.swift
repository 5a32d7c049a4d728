import Foundation

/// A notification request the app added with a trigger, as the emulated OS
/// keeps it until it fires (`<root>/system/notifications.json`).
///
/// `nextFire` is worked out when the request is added and again after each
/// delivery of a repeating one, so the device only compares instants. A
/// file written before `nextFire` existed reads with none; the device then
/// works it out from the clock.
public struct PendingNotification: Codable, Hashable, Sendable {
    public var identifier: String
    public var title: String
    public var body: String
    /// A `UNCalendarNotificationTrigger`'s date components; nil for a time
    /// interval trigger.
    public var components: ScheduleComponents?
    /// A `UNTimeIntervalNotificationTrigger`'s interval in seconds.
    public var interval: Double?
    public var repeats: Bool
    public var nextFire: Date?

    public init(
        identifier: String, title: String, body: String, components: ScheduleComponents? = nil,
        interval: Double? = nil, repeats: Bool, nextFire: Date? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.body = body
        self.components = components
        self.interval = interval
        self.repeats = repeats
        self.nextFire = nextFire
    }

    /// The first instant strictly after `instant` at which the trigger
    /// fires: the next date matching every component given
    /// (`UNCalendarNotificationTrigger.nextTriggerDate()`, which is
    /// `Calendar.nextDate(after:matching:matchingPolicy:)`), or `interval`
    /// seconds on. Nil when it never fires again (a date in the past).
    public func fire(after instant: Date, calendar: Calendar) -> Date? {
        if let interval { return instant.addingTimeInterval(interval) }
        guard let components else { return nil }
        // A full date fires once, if it is still ahead; `nextDate` would
        // also find nothing, but it searches years first.
        if components.isFullDate {
            guard let date = calendar.date(from: components.dateComponents), date > instant else { return nil }
            return date
        }
        return components.next(after: instant, calendar: calendar)
    }
}
