import Foundation
import GuestRuntime
import OALPlatform
import OALStore

/// The notification's text.
open class UNNotificationContent: @unchecked Sendable {
    public internal(set) var title = ""
    public internal(set) var body = ""
    public internal(set) var sound: UNNotificationSound?

    public init() {}
}

public final class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    override public var title: String {
        get { super.title }
        set { super.title = newValue }
    }
    override public var body: String {
        get { super.body }
        set { super.body = newValue }
    }
    override public var sound: UNNotificationSound? {
        get { super.sound }
        set { super.sound = newValue }
    }
}

public struct UNNotificationSound: Hashable, Sendable {
    public static let `default` = UNNotificationSound()
}

/// When a notification is delivered; nil (no trigger) is now.
open class UNNotificationTrigger: @unchecked Sendable {
    public let repeats: Bool
    init(repeats: Bool) { self.repeats = repeats }
}

public final class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    public let dateComponents: DateComponents

    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }
}

/// Fires `timeInterval` seconds after the request is added, and every
/// `timeInterval` seconds after that when it repeats. Apple's page: the
/// interval "must be greater than 0", and at least 60 seconds for a
/// repeating trigger; UIKit raises an exception otherwise, so here the
/// process stops naming the rule.
public final class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    public let timeInterval: TimeInterval

    public init(timeInterval: TimeInterval, repeats: Bool) {
        guard timeInterval > 0 else {
            GuestDevice.fail("UNTimeIntervalNotificationTrigger: timeInterval \(timeInterval) must be greater than 0")
        }
        if repeats, timeInterval < 60 {
            GuestDevice.fail(
                "UNTimeIntervalNotificationTrigger: a repeating trigger's timeInterval (\(timeInterval) s) must be at least 60"
            )
        }
        self.timeInterval = timeInterval
        super.init(repeats: repeats)
    }
}

extension UNCalendarNotificationTrigger {
    /// The components the emulated OS matches on (year, month, day,
    /// weekday, hour, minute, second); any other stops the process,
    /// naming it, rather than being dropped.
    var scheduleComponents: ScheduleComponents {
        let c = dateComponents
        if let field = c.firstGiven(
            of: [.era, .quarter, .weekOfMonth, .weekOfYear, .yearForWeekOfYear, .weekdayOrdinal, .nanosecond])
        {
            GuestDevice.fail("UNCalendarNotificationTrigger: the date component '\(field.rawValue)' is not emulated")
        }
        return ScheduleComponents(
            year: c.year, month: c.month, day: c.day, weekday: c.weekday, hour: c.hour, minute: c.minute,
            second: c.second)
    }
}

public final class UNNotificationRequest: @unchecked Sendable {
    public let identifier: String
    public let content: UNNotificationContent
    public let trigger: UNNotificationTrigger?

    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// Records what the system would show, when the app's notifications are
/// allowed (`UNError.notificationsNotAllowed` otherwise, traced
/// `notification.refused`). A request without a trigger is
/// delivered at once: traced `notification.deliver` (identifier, title,
/// body) and appended to `<root>/logs/notifications.jsonl`. One with a
/// calendar or time interval trigger is pending in
/// `<root>/system/notifications.json` (traced `notification.schedule`,
/// with the instant it fires); the emulated OS delivers it then
/// (docs/PLATFORM.md, notifications).
public final class UNUserNotificationCenter: @unchecked Sendable {
    public static func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }

    private init() {}

    /// Fails with `UNError(.notificationsNotAllowed)`, and schedules
    /// nothing, unless the app's notifications are allowed.
    public func add(
        _ request: UNNotificationRequest, withCompletionHandler completionHandler: ((Error?) -> Void)? = nil
    ) {
        do {
            try record(request)
            completionHandler?(nil)
        } catch {
            completionHandler?(error)
        }
    }

    public func add(_ request: UNNotificationRequest) async throws { try record(request) }

    public func pendingNotificationRequests() async -> [UNNotificationRequest] {
        pending().map { record in
            let content = UNMutableNotificationContent()
            content.title = record.title
            content.body = record.body
            let trigger: UNNotificationTrigger =
                if let interval = record.interval {
                    UNTimeIntervalNotificationTrigger(timeInterval: interval, repeats: record.repeats)
                } else {
                    UNCalendarNotificationTrigger(
                        dateMatching: record.components?.dateComponents ?? DateComponents(), repeats: record.repeats)
                }
            return UNNotificationRequest(identifier: record.identifier, content: content, trigger: trigger)
        }
    }

    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        update { $0.removeAll { identifiers.contains($0.identifier) } }
        for identifier in identifiers { GuestDevice.context.record("notification.remove", ["id": identifier]) }
    }

    public func removeAllPendingNotificationRequests() {
        update { $0.removeAll() }
        GuestDevice.context.record("notification.remove", ["id": "*"])
    }

    private func record(_ request: UNNotificationRequest) throws(UNError) {
        let context = GuestDevice.context
        var fields = ["id": request.identifier, "title": request.content.title, "body": request.content.body]
        let status = NotificationPermission.recorded("UNUserNotificationCenter.add")
        guard status.allowsNotifications else {
            context.record("notification.refused", fields.merging(["status": "\(status)"]) { a, _ in a })
            throw UNError(.notificationsNotAllowed)
        }
        guard let trigger = request.trigger else {
            context.record("notification.deliver", fields)
            do {
                try file().logDelivered(
                    fields.merging(["time": "\(context.lastKnownTime.timeIntervalSince1970)"]) { a, _ in a })
            } catch {
                GuestDevice.fail("UNUserNotificationCenter.add", error: error)
            }
            return
        }
        var pendingRecord = PendingNotification(
            identifier: request.identifier, title: request.content.title, body: request.content.body,
            repeats: trigger.repeats)
        switch trigger {
        case let calendar as UNCalendarNotificationTrigger:
            pendingRecord.components = calendar.scheduleComponents
        case let interval as UNTimeIntervalNotificationTrigger:
            pendingRecord.interval = interval.timeInterval
        default:
            GuestDevice.fail("UNUserNotificationCenter.add: the trigger \(type(of: trigger)) is not emulated")
        }
        pendingRecord.nextFire = pendingRecord.fire(after: GuestClock.now(), calendar: GuestClock.calendar())
        update { list in
            list.removeAll { $0.identifier == request.identifier }
            list.append(pendingRecord)
        }
        if let fire = pendingRecord.nextFire { fields["fires"] = "\(fire.timeIntervalSince1970)" }
        context.record("notification.schedule", fields)
    }

    private func file() throws -> NotificationCenterFile { try NotificationCenterFile(root: GuestDevice.context.root) }

    private func pending() -> [PendingNotification] {
        do { return try file().pending() } catch {
            GuestDevice.fail("UNUserNotificationCenter", error: error)
        }
    }

    private func update(_ body: (inout [PendingNotification]) -> Void) {
        do { try file().update(body) } catch {
            GuestDevice.fail("UNUserNotificationCenter", error: error)
        }
    }
}
