import Foundation
import GuestRuntime
import OALPlatform
import OALStore
import Testing
import UserNotifications

/// A guest's notifications and the permission behind them (docs/PLATFORM.md,
/// "UserNotifications"). In the serialized SwiftData suite: the guest device
/// installed here is one per process.
extension SwiftDataTests {
    /// https://developer.apple.com/documentation/usernotifications/unerror/code/notificationsnotallowed:
    /// "This error occurs when you try to submit a notification request and
    /// your app or app extension isn't authorized to schedule
    /// notifications." Not asked yet, the request fails and nothing is
    /// pending; once the app asked (the simulated user allows), it is
    /// scheduled; switched off in Settings, it fails again.
    @Test func aNotificationIsRefusedUnlessTheAppsNotificationsAreAllowed() async throws {
        let base = try Self.installDevice("notification-permission")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        let center = UNUserNotificationCenter.current()
        let content = UNMutableNotificationContent()
        content.title = "Focus"
        let request = UNNotificationRequest(
            identifier: "focus", content: content,
            trigger: UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 9, minute: 30), repeats: true))
        #expect(await center.notificationSettings().authorizationStatus == .notDetermined)
        await #expect(throws: UNError(.notificationsNotAllowed)) { try await center.add(request) }
        #expect(await center.pendingNotificationRequests().isEmpty)

        #expect(try await center.requestAuthorization(options: [.alert, .sound]))
        try await center.add(request)
        #expect(await center.pendingNotificationRequests().map(\.identifier) == ["focus"])

        let permission = try NotificationPermissionFile(system: AppGroupContainer(url: DeviceRoot(base).system))
        try permission.update { $0 = .denied }
        #expect(await center.notificationSettings().authorizationStatus == .denied)
        #expect(try await !center.requestAuthorization(options: [.alert]))
        var refused: Error?
        center.add(UNNotificationRequest(identifier: "now", content: content, trigger: nil)) { refused = $0 }
        #expect(refused as? UNError == UNError(.notificationsNotAllowed))
    }
}
