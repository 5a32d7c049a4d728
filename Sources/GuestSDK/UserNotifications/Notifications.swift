import Foundation
import GuestRuntime
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

/// Records what the system would show. A request without a trigger is
/// delivered at once: traced `notification.deliver` (identifier, title,
/// body) and appended to `<root>/logs/notifications.jsonl`. One with a
/// calendar trigger is pending in `<root>/system/notifications.json`
/// (traced `notification.schedule`); the emulated OS does not fire those.
public final class UNUserNotificationCenter: @unchecked Sendable {
    public static func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }

    private init() {}

    public func add(
        _ request: UNNotificationRequest, withCompletionHandler completionHandler: ((Error?) -> Void)? = nil
    ) {
        record(request)
        completionHandler?(nil)
    }

    public func add(_ request: UNNotificationRequest) async throws { record(request) }

    public func pendingNotificationRequests() async -> [UNNotificationRequest] {
        pending().map { record in
            let content = UNMutableNotificationContent()
            content.title = record.title
            content.body = record.body
            let trigger = UNCalendarNotificationTrigger(
                dateMatching: record.components.dateComponents, repeats: record.repeats)
            return UNNotificationRequest(identifier: record.identifier, content: content, trigger: trigger)
        }
    }

    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        update { $0.removeAll { identifiers.contains($0.identifier) } }
        for identifier in identifiers { GuestDevice.context.record("notification.remove", ["id": identifier]) }
    }

    private func record(_ request: UNNotificationRequest) {
        let context = GuestDevice.context
        let fields = ["id": request.identifier, "title": request.content.title, "body": request.content.body]
        guard let trigger = request.trigger as? UNCalendarNotificationTrigger else {
            context.record("notification.deliver", fields)
            appendDelivered(fields.merging(["time": "\(context.lastKnownTime.timeIntervalSince1970)"]) { a, _ in a })
            return
        }
        let pendingRecord = PendingNotification(
            identifier: request.identifier, title: request.content.title, body: request.content.body,
            components: .init(trigger.dateComponents), repeats: trigger.repeats)
        update { list in
            list.removeAll { $0.identifier == request.identifier }
            list.append(pendingRecord)
        }
        context.record("notification.schedule", fields)
    }

    private func file() throws -> DocumentFile<[PendingNotification]> {
        try DocumentFile(
            container: AppGroupContainer(url: GuestDevice.context.root.system), name: "notifications",
            format: "oal.notifications", version: 1)
    }

    private func pending() -> [PendingNotification] {
        do { return try file().read() ?? [] } catch {
            GuestDevice.fail("UNUserNotificationCenter", error: error)
        }
    }

    private func update(_ body: (inout [PendingNotification]) -> Void) {
        do {
            try file().update { (list: inout [PendingNotification]?) in
                var current = list ?? []
                body(&current)
                list = current
            }
        } catch {
            GuestDevice.fail("UNUserNotificationCenter", error: error)
        }
    }

    private func appendDelivered(_ fields: [String: String]) {
        let path = GuestDevice.context.root.logs.appendingPathComponent("notifications.jsonl").path
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard var line = try? encoder.encode(fields) else { return }
        line.append(UInt8(ascii: "\n"))
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: line)
    }
}

/// A pending request as the device keeps it.
struct PendingNotification: Codable, Hashable, Sendable {
    struct Components: Codable, Hashable, Sendable {
        var weekday: Int?
        var hour: Int?
        var minute: Int?

        init(_ components: DateComponents) {
            weekday = components.weekday
            hour = components.hour
            minute = components.minute
        }

        var dateComponents: DateComponents { DateComponents(hour: hour, minute: minute, weekday: weekday) }
    }

    var identifier: String
    var title: String
    var body: String
    var components: Components
    var repeats: Bool
}
