import Foundation
import OALPlatform

/// The emulated OS's side of UserNotifications: the requests apps added with
/// a calendar or time interval trigger (`system/notifications.json`) are
/// shown when they come due, if the app's notifications are allowed, as
/// `notification.deliver` lines of the device
/// and lines of `logs/notifications.jsonl`.
extension DeviceEngine {
    /// When the earliest pending request is due; now for one that has no
    /// instant yet (written before it was worked out) or is already due.
    /// Nil when nothing is pending: the emulator's own app schedules none,
    /// so this is one failed open per event there.
    func nextNotificationTime() throws -> Date? {
        let pending = try view.notifications()
        guard !pending.isEmpty else { return nil }
        return pending.map { max($0.nextFire ?? now, now) }.min()
    }

    /// Shows every request due at the clock's instant, in identifier order,
    /// and drops or reschedules each under the file's lock first (a device
    /// killed after that shows it at most once). A request that never fires
    /// again (a date in the past) is dropped without being shown.
    func deliverDueNotifications() throws {
        let now = now
        let calendar = calendar
        let center = try view.platform.notifications
        let due: [PendingNotification] = try center.update { list in
            var shown: [PendingNotification] = []
            list = list.compactMap { request in
                var request = request
                guard let fire = request.nextFire ?? request.fire(after: now, calendar: calendar) else { return nil }
                guard fire <= now else {
                    request.nextFire = fire
                    return request
                }
                shown.append(request)
                guard request.repeats else { return nil }
                request.nextFire = request.fire(after: max(fire, now), calendar: calendar)
                return request.nextFire == nil ? nil : request
            }
            return shown.sorted { $0.identifier < $1.identifier }
        }
        view.notificationsCache.forget()
        guard !due.isEmpty else { return }
        let status = try view.platform.notificationPermission.status()
        for request in due {
            let fields = ["id": request.identifier, "title": request.title, "body": request.body]
            // Switched off since it was added (or never allowed): its time
            // passes and nothing is shown.
            guard status.allowsNotifications else {
                trace.record("notification.withheld", at: now, fields.merging(["status": "\(status)"]) { a, _ in a })
                continue
            }
            trace.record("notification.deliver", at: now, fields)
            try center.logDelivered(
                fields.merging(["time": "\(now.timeIntervalSince1970)"]) { a, _ in a })
        }
    }

    /// The user switching the app's notifications on or off in Settings:
    /// the status every process and the device read, traced
    /// `notification.permission` (cause `user`).
    func setNotificationPermission(_ change: NotificationChange) throws {
        let status: NotificationPermissionFile.Status = change == .allow ? .authorized : .denied
        do {
            try view.platform.notificationPermission.update { $0 = status }
        } catch {
            throw EngineError.io(
                "notifications \(change.rawValue): cannot write the app's notification permission: \(error)")
        }
        trace.record("notification.permission", at: now, ["status": "\(status)", "cause": "user"])
    }
}
