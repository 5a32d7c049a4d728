import Foundation
import GuestRuntime
import OALPlatform
import OALStore

/// Whether the app may post notifications, as the system records it.
public enum UNAuthorizationStatus: Int, Hashable, Sendable, Codable {
    case notDetermined = 0
    case denied = 1
    case authorized = 2
    case provisional = 3
    case ephemeral = 4
}

/// What an app asks to be allowed.
public struct UNAuthorizationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
}

/// The notification settings the app can read.
public final class UNNotificationSettings: @unchecked Sendable {
    public let authorizationStatus: UNAuthorizationStatus

    init(authorizationStatus: UNAuthorizationStatus) { self.authorizationStatus = authorizationStatus }
}

/// The app's notification permission on the emulated device, in the
/// platform's file (`NotificationPermissionFile`, which the device reads
/// when a notification comes due). It starts not determined, as on a fresh
/// install; a request is answered as the simulated user answers the
/// system prompt: Allow (provisional when only provisional delivery was
/// asked). A decided status is not asked again, as iOS asks once; the user
/// changes it in Settings (the scenario's `notifications allow|deny`).
enum NotificationPermission {
    static func file() throws -> NotificationPermissionFile {
        try NotificationPermissionFile(system: AppGroupContainer(url: GuestDevice.context.root.system))
    }

    static func status() -> UNAuthorizationStatus {
        UNAuthorizationStatus(rawValue: recorded("UNUserNotificationCenter.notificationSettings()").rawValue)
            ?? .notDetermined
    }

    /// The status as the platform records it, read for `call`, which
    /// stops naming it when the file cannot be read.
    static func recorded(_ call: String) -> NotificationPermissionFile.Status {
        do { return try file().status() } catch { GuestDevice.fail("\(call): \(error)") }
    }

    static func request(_ options: UNAuthorizationOptions) -> Bool {
        var granted = false
        do {
            let status = try file().update { status in
                if status == .notDetermined { status = options == .provisional ? .provisional : .authorized }
            }
            granted = status != .denied
        } catch {
            GuestDevice.fail("UNUserNotificationCenter.requestAuthorization(options:): \(error)")
        }
        GuestDevice.context.record("notification.authorization", ["granted": "\(granted)"])
        return granted
    }
}

extension UNUserNotificationCenter {
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        NotificationPermission.request(options)
    }

    public func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, Error?) -> Void
    ) {
        completionHandler(NotificationPermission.request(options), nil)
    }

    public func notificationSettings() async -> UNNotificationSettings {
        UNNotificationSettings(authorizationStatus: NotificationPermission.status())
    }
}
