import Foundation
import OALStore

/// The emulated frameworks of one device, opened once per process: what
/// `import DeviceActivity`, `import ManagedSettings` and the clock give an
/// iOS process. Every file access goes to `observer`, so the trace can
/// attribute it to the process.
public struct EmulatedPlatform: Sendable {
    public let root: DeviceRoot
    public let clock: EmulatedClock
    public let deviceActivity: DeviceActivityCenter
    public let managedSettings: ManagedSettingsDirectory
    public let catalog: CatalogFile
    /// Opened on use, not with the rest: only a guest that schedules a
    /// notification has the file, and opening it makes its lock file.
    public var notifications: NotificationCenterFile { get throws { try NotificationCenterFile(root: root) } }
    /// The app's notification permission, opened on use for the same reason.
    public var notificationPermission: NotificationPermissionFile {
        get throws { try NotificationPermissionFile(system: AppGroupContainer(url: root.system)) }
    }
    public let authorization: FamilyControlsAuthorization
    /// The person's Shortcuts automations, opened on use (most runs make none).
    public var automations: AutomationsFile {
        get throws { try AutomationsFile(system: AppGroupContainer(url: root.system)) }
    }

    /// URLs apps asked to open, opened on use (only an app that opens one has the file).
    public var urlOpens: URLOpenRequests {
        get throws { try URLOpenRequests(system: AppGroupContainer(url: root.system)) }
    }

    public init(root: DeviceRoot, observer: StoreAccessObserver? = nil) throws {
        self.root = root
        let system = try AppGroupContainer(url: root.system)
        clock = try EmulatedClock(system: system, observer: observer)
        deviceActivity = try DeviceActivityCenter(system: system, clock: clock, observer: observer)
        authorization = try FamilyControlsAuthorization(system: system, observer: observer)
        managedSettings = ManagedSettingsDirectory(
            directory: try AppGroupContainer(url: root.managedSettings), authorization: authorization,
            observer: observer)
        catalog = try CatalogFile(system: system, observer: observer)
    }
}
