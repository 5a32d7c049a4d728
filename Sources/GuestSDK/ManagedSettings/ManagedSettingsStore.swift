import Foundation
import GuestRuntime
import OALPlatform

/// `ManagedSettingsStore(named:)` over the device's named store file
/// `<root>/system/managedsettings/<name>.json`, the very file the emulated
/// OS unions into what is shielded. Every property write is one locked
/// read-modify-write of that file; two writes are two steps, as on iOS.
open class ManagedSettingsStore: @unchecked Sendable {
    public struct Name: Hashable, Sendable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public let name: Name

    public init(named name: Name) { self.name = name }

    /// The app's default store.
    public convenience init() { self.init(named: Name("default")) }

    public var shield: ShieldSettings {
        get { ShieldSettings(platform: read().shield) }
        set {
            let settings = newValue.platform
            guard update("shield", { $0.shield = settings }) else { return }
            trace(settings.isEmpty ? "shield.clear" : "shield.set")
        }
    }

    public var application: ApplicationSettings {
        get {
            let settings = read()
            return ApplicationSettings(
                denyAppRemoval: settings.denyAppRemoval, denyAppInstallation: settings.denyAppInstallation)
        }
        set {
            let old = read()
            let written = update("application") {
                $0.denyAppRemoval = newValue.denyAppRemoval
                $0.denyAppInstallation = newValue.denyAppInstallation
            }
            guard written else { return }
            // `settings.denyAppRemoval` is traced at every write, as it was
            // before installation existed, unless the write changed only
            // `denyAppInstallation`, which is traced when it changes.
            if newValue.denyAppRemoval != old.denyAppRemoval || newValue.denyAppInstallation == old.denyAppInstallation
            {
                trace("settings.denyAppRemoval", ["value": newValue.denyAppRemoval.map { "\($0)" } ?? "nil"])
            }
            if newValue.denyAppInstallation != old.denyAppInstallation {
                trace(
                    "settings.denyAppInstallation", ["value": newValue.denyAppInstallation.map { "\($0)" } ?? "nil"])
            }
        }
    }

    /// Clears every setting of this store.
    public func clearAllSettings() {
        guard authorized("clearAllSettings()") else { return }
        do { try platformStore().clearAllSettings() } catch {
            GuestDevice.fail("ManagedSettingsStore(named: \(name.rawValue)).clearAllSettings()", error: error)
        }
        trace("shield.clear")
    }

    private func platformStore() throws -> OALPlatform.ManagedSettingsStore {
        try GuestDevice.context.platform.managedSettings.store(named: name.rawValue)
    }

    func read() -> StoreSettings {
        do { return try platformStore().settings() } catch {
            GuestDevice.fail("ManagedSettingsStore(named: \(name.rawValue)): cannot read its settings: \(error)")
        }
    }

    /// Writes `setting` unless the app is not authorized; whether it wrote.
    @discardableResult
    func update(_ setting: String, _ body: (inout StoreSettings) -> Void) -> Bool {
        guard authorized(setting) else { return false }
        do { try platformStore().update(body) } catch let limit as ManagedSettingsLimits.LimitExceeded {
            // A setter cannot throw, and iOS's behaviour past a limit is not
            // documented: the guest stops, naming the API and the limit.
            GuestDevice.fail("\(limit)")
        } catch {
            GuestDevice.fail("ManagedSettingsStore(named: \(name.rawValue)): cannot write its settings", error: error)
        }
        return true
    }

    /// Apple: a store's settings are honoured only for an app FamilyControls
    /// authorized. A setter cannot throw, so a write while the app is not
    /// approved is dropped and traced `settings.refused`, naming the store,
    /// the setting and the status: it has no effect, then or later.
    func authorized(_ setting: String) -> Bool {
        let status: FamilyControlsAuthorization.Status
        do { status = try GuestDevice.context.platform.authorization.status() } catch {
            GuestDevice.fail("ManagedSettingsStore(named: \(name.rawValue)).\(setting)", error: error)
        }
        guard !status.isApproved else { return true }
        trace(
            "settings.refused",
            [
                "setting": setting,
                "reason": "ManagedSettingsStore(named: \(name.rawValue)).\(setting): the app's FamilyControls "
                    + "authorization is \(status), so the write has no effect",
            ])
        return false
    }

    /// The emulator's own processes trace every shield change with the store
    /// (and the rule its name carries); the guest's are traced the same way.
    func trace(_ event: String, _ extra: [String: String] = [:]) {
        var fields = extra
        fields["store"] = name.rawValue
        fields["cause"] = "guest"
        if name.rawValue.hasPrefix("rule-") { fields["rule"] = String(name.rawValue.dropFirst(5)) }
        GuestDevice.context.record(event, fields)
    }
}

/// `store.application`.
public struct ApplicationSettings: Hashable, Sendable {
    public var denyAppRemoval: Bool?
    /// Apple: "A Boolean value that indicates whether the system prevents
    /// the user from installing apps." The emulated device installs none:
    /// the value is kept in the store and read back, as iOS keeps it.
    public var denyAppInstallation: Bool?

    public init(denyAppRemoval: Bool? = nil, denyAppInstallation: Bool? = nil) {
        self.denyAppRemoval = denyAppRemoval
        self.denyAppInstallation = denyAppInstallation
    }
}
