import Foundation
import OALDomain
import OALPlatform
import OALStore

/// What the emulated OS can see of the device: its own frameworks' state,
/// and (as the oracle that knows the truth) the App Group's rule mirror and
/// ledger, read without tracing so checks never change the trace of the
/// processes under test.
struct DeviceView {
    let root: DeviceRoot
    let platform: EmulatedPlatform
    private let appGroup: AppGroupContainer

    init(root: DeviceRoot) throws {
        self.root = root
        platform = try EmulatedPlatform(root: root)
        appGroup = try AppGroupContainer(url: root.appGroup)
    }

    func clock() throws -> ClockState { try platform.clock.state() }

    func catalog() throws -> InstalledAppCatalog { try platform.catalog.catalog() }

    func registry() throws -> ActivityRegistry { try platform.deviceActivity.registry() }

    func effective() throws -> EffectiveSettings { try platform.managedSettings.effective() }

    /// The rule mirror, parsed directly: the device only looks, so a
    /// damaged file is never quarantined by it (that is the processes'
    /// job) and reads as no rules.
    func rules() throws -> [RuleSnapshot] {
        struct Envelope: Decodable { var document: RuleSnapshotStore.Document }
        let path = root.appGroup.appendingPathComponent("\(RuleSnapshotStore.storeName).json").path
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return (try? StoreCoding.decoder().decode(Envelope.self, from: data))?
            .document.rules ?? []
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
