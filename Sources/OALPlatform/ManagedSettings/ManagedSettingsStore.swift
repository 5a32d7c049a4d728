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

    private let directory: AppGroupContainer

    public init(named name: String, directory: AppGroupContainer, observer: StoreAccessObserver? = nil) throws {
        file = try DocumentFile(
            container: directory, name: name, format: Self.format, version: Self.version, observer: observer)
        self.name = name
        self.directory = directory
    }

    public func settings() throws -> StoreSettings {
        try file.read() ?? StoreSettings()
    }

    /// Changes this store's settings in one locked step; an empty result
    /// removes the file.
    /// A write past one of `ManagedSettingsLimits` throws
    /// `ManagedSettingsLimits.LimitExceeded` and changes nothing.
    public func update(_ body: (inout StoreSettings) throws -> Void) throws {
        try file.update { (stored: inout StoreSettings?) in
            var settings = stored ?? StoreSettings()
            try body(&settings)
            if !settings.isEmpty {
                try ManagedSettingsLimits.check(settings, store: name)
                if stored == nil { try checkStoreCount() }
            }
            stored = settings.isEmpty ? nil : settings
        }
    }

    /// A store that holds no setting yet may only begin to hold one while
    /// fewer than `ManagedSettingsLimits.stores` others do. Counted under
    /// this store's lock only: two new stores written at once by two
    /// processes may both pass at the edge.
    private func checkStoreCount() throws {
        let entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let others = entries.filter { $0.hasSuffix(".json") && $0 != "\(name).json" }.count
        guard others >= ManagedSettingsLimits.stores else { return }
        throw ManagedSettingsLimits.LimitExceeded(
            store: name, setting: "store", count: others + 1, limit: ManagedSettingsLimits.stores, what: "stores")
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
