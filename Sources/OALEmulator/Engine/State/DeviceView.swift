import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import OALStore

/// What the emulated OS can see of the device: its own frameworks' state,
/// and (as the oracle that knows the truth) the App Group's rule mirror and
/// ledger, read without tracing so checks never change the trace of the
/// processes under test.
struct DeviceView {
    let root: DeviceRoot
    let platform: EmulatedPlatform
    /// The clock, written by this device alone while it runs.
    let clock: ClockOwner
    private let appGroup: AppGroupContainer
    /// The decoded registry and catalog, reused while their files keep the
    /// same bytes (re-read, not re-decoded, at every lookup).
    let registryCache: DocumentCache<ActivityRegistry>
    let catalogCache: DocumentCache<InstalledAppCatalog>
    let notificationsCache: DocumentCache<[PendingNotification]>
    /// App Group documents the device and the oracle only look at.
    let decoded: DecodedBytesMemo
    /// A guest run (docs/GUEST.md): the guest publishes no emulator mirror,
    /// so rules are named from the user's database instead.
    let guest: Bool

    init(root: DeviceRoot, guest: Bool) throws {
        self.root = root
        self.guest = guest
        platform = try EmulatedPlatform(root: root)
        clock = platform.clock.owned()
        appGroup = try AppGroupContainer(url: root.appGroup)
        registryCache = DocumentCache(
            path: root.system.appendingPathComponent("deviceactivity.json").path, format: DeviceActivityCenter.format,
            version: DeviceActivityCenter.formatVersion)
        catalogCache = DocumentCache(
            path: root.system.appendingPathComponent("catalog.json").path, format: "oal.catalog", version: 1)
        notificationsCache = DocumentCache(
            path: root.system.appendingPathComponent("\(NotificationCenterFile.storeName).json").path,
            format: NotificationCenterFile.format, version: NotificationCenterFile.version)
        decoded = DecodedBytesMemo()
    }

    func clockState() throws -> ClockState { try platform.clock.state() }

    func catalog() throws -> InstalledAppCatalog {
        try catalogCache.document { try platform.catalog.catalog() }
    }

    /// The notifications the apps have scheduled and not yet been shown.
    /// No file, none: the store is not opened (that would make its lock
    /// file in every root), as no app of the emulator's own schedules any.
    func notifications() throws -> [PendingNotification] {
        try notificationsCache.document {
            guard FileManager.default.fileExists(atPath: notificationsCache.path) else { return [] }
            return try platform.notifications.pending()
        }
    }

    func registry() throws -> ActivityRegistry {
        try registryCache.document { try platform.deviceActivity.registry() }
    }

    /// Hands the owed callbacks to the emulated OS. The registry is only
    /// rewritten (under its lock) when it owes any: a registry whose
    /// current bytes owe nothing is left as it is.
    func drainPending() throws -> [PendingCallback] {
        if try registry().pending.isEmpty { return [] }
        registryCache.forget()
        return try platform.deviceActivity.withRegistry { $0.drainPending() }
    }

    func effective() throws -> EffectiveSettings { try platform.managedSettings.effective() }

    /// The rule mirror, parsed directly: the device only looks, so a
    /// damaged file is never quarantined by it (that is the processes'
    /// job) and reads as no rules.
    func rules() throws -> [RuleSnapshot] {
        if guest { return userRules() }
        return mirror()??.rules ?? []
    }

    /// The mirror as an extension reads it (`RuleSnapshotStore.current`):
    /// `rule-snapshots.json` when it is a current document, otherwise its
    /// copy. `.some(nil)`: neither file exists; nil: what exists does not
    /// parse. Never locks or moves a file.
    func mirror() -> RuleSnapshotStore.Document?? {
        // The stores' own envelope rules (format, newer versions refused).
        let envelope = DocumentEnvelope<RuleSnapshotStore.Document>(
            format: RuleSnapshotStore.format, version: RuleSnapshotStore.version)
        func read(_ name: String) -> RuleSnapshotStore.Document?? {
            let path = root.appGroup.path + "/" + name + ".json"
            guard let data = FileManager.default.contents(atPath: path) else { return .some(nil) }
            return decoded.value(path: path, bytes: data) { bytes -> RuleSnapshotStore.Document?? in
                guard case .document(let document) = envelope.decode(Array(bytes)) else { return nil }
                return .some(document)
            }
        }
        let primary = read(RuleSnapshotStore.storeName)
        if case .some(.some) = primary { return primary }
        let copy = read(RuleSnapshotStore.copyName)
        if case .some(.some) = copy { return copy }
        return primary == nil || copy == nil ? nil : .some(nil)
    }

    /// The user's database (`<root>/app/rules.json`) in the mirror's shape.
    func userRules() -> [RuleSnapshot] {
        struct Envelope: Decodable { var document: AppDatabase }
        let path = root.appContainer.path + "/" + AppDatabase.storeName + ".json"
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return decoded.value(path: path, bytes: data) { bytes in
            guard let database = try? StoreCoding.decoder().decode(Envelope.self, from: bytes).document else {
                return []
            }
            return database.rules.map { RuleSnapshot(rule: $0, selection: database.selection(for: $0)) }
        }
    }

    func rule(named name: String) throws -> RuleSnapshot? {
        try rules().first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    func usage(rule: UUID, on day: DayKey) throws -> DailyUsage {
        try UsageLedger(container: appGroup).usage(rule: rule, day: day)
    }

    /// A readable name for a ManagedSettings store: the rule it belongs to
    /// when it is a `rule-<uuid>` store, else the store's own name.
    func displayName(store: String, rules: [RuleSnapshot]) -> String {
        guard store.hasPrefix("rule-") else { return store }
        let id = store.dropFirst("rule-".count).lowercased()
        return rules.first { $0.id.uuidString.lowercased() == id }?.name ?? store
    }
}
