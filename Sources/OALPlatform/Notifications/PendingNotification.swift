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
    public var components: NotificationComponents?
    /// A `UNTimeIntervalNotificationTrigger`'s interval in seconds.
    public var interval: Double?
    public var repeats: Bool
    public var nextFire: Date?

    public init(
        identifier: String, title: String, body: String, components: NotificationComponents? = nil,
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
        let wanted = components.dateComponents
        // A full date fires once, if it is still ahead; `nextDate` would
        // also find nothing, but it searches years first.
        if wanted.year != nil {
            guard let date = calendar.date(from: wanted), date > instant else { return nil }
            return date
        }
        return calendar.nextDate(after: instant, matching: wanted, matchingPolicy: .nextTime)
    }
}

/// The date components of a calendar trigger, every one the trigger can
/// match on.
public struct NotificationComponents: Codable, Hashable, Sendable {
    public var year: Int?
    public var month: Int?
    public var day: Int?
    public var weekday: Int?
    public var hour: Int?
    public var minute: Int?
    public var second: Int?

    public init(_ components: DateComponents) {
        year = components.year
        month = components.month
        day = components.day
        weekday = components.weekday
        hour = components.hour
        minute = components.minute
        second = components.second
    }

    public var dateComponents: DateComponents {
        DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, weekday: weekday)
    }

    /// The component `UNCalendarNotificationTrigger` cannot take here, named:
    /// the emulated OS matches on these seven and no other.
    public static func unsupported(in components: DateComponents) -> String? {
        let others: [(String, Int?)] = [
            ("era", components.era), ("quarter", components.quarter), ("weekOfMonth", components.weekOfMonth),
            ("weekOfYear", components.weekOfYear), ("yearForWeekOfYear", components.yearForWeekOfYear),
            ("weekdayOrdinal", components.weekdayOrdinal), ("nanosecond", components.nanosecond),
        ]
        return others.first { $0.1 != nil }?.0
    }
}
