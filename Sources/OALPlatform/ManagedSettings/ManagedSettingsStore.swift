import Foundation
import OALStore

/// One emulated `ManagedSettingsStore(named:)`, persisted as
/// `<root>/system/managedsettings/<name>.json`. A store only ever changes
/// its own file, which is why one rule clearing its shield can never lift
/// another rule's.
public struct ManagedSettingsStore: Sendable {
    public let name: String
    private let file: DocumentFile<StoreSettings>

    public static let format = "oal.managedsettings"
    public static let version = 1

    public init(named name: String, directory: AppGroupContainer, observer: StoreAccessObserver? = nil) throws {
        self.name = name
        file = try DocumentFile(
            container: directory, name: name, format: Self.format, version: Self.version, observer: observer)
    }

    public func settings() throws -> StoreSettings {
        try file.read() ?? StoreSettings()
    }

    /// Changes this store's settings in one locked step; an empty result
    /// removes the file.
    public func update(_ body: (inout StoreSettings) throws -> Void) throws {
        try file.update { (stored: inout StoreSettings?) in
            var settings = stored ?? StoreSettings()
            try body(&settings)
            stored = settings.isEmpty ? nil : settings
        }
    }

    /// `clearAllSettings()`.
    public func clearAllSettings() throws {
        try file.update { $0 = nil }
    }
}

/// All named stores of one device, for the emulated OS (which enforces
/// their union) and for the app's stray-store cleanup.
public struct ManagedSettingsDirectory: Sendable {
    public let directory: AppGroupContainer
    /// The app's FamilyControls authorization; nil (a directory opened
    /// without a device) enforces the stores as if approved.
    private let authorization: FamilyControlsAuthorization?
    private let observer: StoreAccessObserver?

    public init(
        directory: AppGroupContainer, authorization: FamilyControlsAuthorization? = nil,
        observer: StoreAccessObserver? = nil
    ) {
        self.directory = directory
        self.authorization = authorization
        self.observer = observer
    }

    public func store(named name: String) throws -> ManagedSettingsStore {
        try ManagedSettingsStore(named: name, directory: directory, observer: observer)
    }

    /// The names of the stores that currently hold any setting, sorted.
    public func storeNames() throws -> [String] {
        let entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        return entries.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The union the device enforces right now. While the app's
    /// FamilyControls authorization is not approved the device honours none
    /// of its stores: their files are kept, unread, and are honoured again
    /// once it is approved (docs/PLATFORM.md, "FamilyControls").
    public func effective() throws -> EffectiveSettings {
        if let authorization, try !authorization.status().isApproved { return EffectiveSettings(stores: [:]) }
        var stores: [String: StoreSettings] = [:]
        for name in try storeNames() {
            stores[name] = try store(named: name).settings()
        }
        return EffectiveSettings(stores: stores)
    }
}
