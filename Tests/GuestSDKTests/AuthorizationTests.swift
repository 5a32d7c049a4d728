import DeviceActivity
import FamilyControls
import Foundation
import GuestRuntime
import ManagedSettings
import OALPlatform
import OALStore
import Testing

/// What a guest can do while its FamilyControls authorization is not
/// approved (docs/PLATFORM.md, "FamilyControls"). In the serialized
/// SwiftData suite: the guest device installed here is one per process.
extension SwiftDataTests {
    private static func revoke(_ base: URL) throws {
        try FamilyControlsAuthorization(system: AppGroupContainer(url: DeviceRoot(base).system)).update {
            $0 = .denied
        }
    }

    /// https://developer.apple.com/documentation/deviceactivity/deviceactivitycenter/monitoringerror/unauthorized:
    /// "The calling process isn't authorized to monitor device activity."
    @Test func startMonitoringThrowsUnauthorizedUnlessApproved() throws {
        let base = try Self.installDevice("unauthorized-monitor")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        let schedule = DeviceActivity.DeviceActivitySchedule(
            intervalStart: DateComponents(hour: 9, minute: 0), intervalEnd: DateComponents(hour: 10, minute: 0),
            repeats: true)
        let center = DeviceActivity.DeviceActivityCenter()
        try Self.revoke(base)
        #expect(AuthorizationCenter.shared.authorizationStatus == .denied)
        #expect {
            try center.startMonitoring(DeviceActivityName("work"), during: schedule)
        } throws: { error in
            guard case .unauthorized(let detail) = error as? DeviceActivity.DeviceActivityCenter.MonitoringError else {
                return false
            }
            return detail.contains("'work'") && detail.contains("denied")
        }
        #expect(center.activities.isEmpty)
        try FamilyControlsAuthorization(system: AppGroupContainer(url: DeviceRoot(base).system)).update {
            $0 = .approved
        }
        try center.startMonitoring(DeviceActivityName("work"), during: schedule)
        #expect(center.activities == [DeviceActivityName("work")])
    }

    /// https://developer.apple.com/documentation/managedsettings/connectionwithframeworks
    /// ("Managed Settings can't function without [...] authorizing your
    /// app"); developer forums thread 729637 (settings "will only be
    /// honored if the application is authorized"): a write while not
    /// approved has no effect, and is traced `settings.refused`.
    @Test func aStoreWriteWhileUnauthorizedHasNoEffect() throws {
        let base = try Self.installDevice("unauthorized-store")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        let store = ManagedSettings.ManagedSettingsStore(named: .init("work"))
        var shield = ManagedSettings.ShieldSettings()
        shield.applications = [ManagedSettings.ApplicationToken(catalogID: "a")]
        store.shield = shield
        try Self.revoke(base)
        store.shield = ManagedSettings.ShieldSettings()
        store.application.denyAppRemoval = true
        store.clearAllSettings()
        #expect(store.shield.applications == [ManagedSettings.ApplicationToken(catalogID: "a")])
        #expect(store.application.denyAppRemoval == nil)
        let refused = try TraceLog.read(DeviceRoot(base).trace).compactMap { try? $0.get() }
            .filter { $0.event == "settings.refused" }.map { $0.fields["setting"] ?? "" }
        #expect(refused == ["shield", "application", "clearAllSettings()"])
        // The device honours none of the stores meanwhile.
        #expect(try GuestDevice.context.platform.managedSettings.effective().stores.isEmpty)
    }
}
