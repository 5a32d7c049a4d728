import OALStore

/// The App Group stores as one process opens them, all reporting to the
/// same observer. Opening is cheap (no file is read until asked).
public struct SharedStores: Sendable {
    public let snapshots: RuleSnapshotStore
    public let ledger: UsageLedger
    public let sessions: OpenSessionStore
    public let shieldTracking: ShieldStoreTracking
    public let defaults: GroupDefaults
    public let grants: PendingGrantStore

    /// `writesLedger`: the process may write the usage ledger (the monitor
    /// and the shield action), so it also compacts an oversized journal it
    /// reads (`UsageLedger.compactsOnRead`).
    /// `durable`: every change is synced before it is acknowledged, so a
    /// power loss keeps it.
    public init(
        container: AppGroupContainer, observer: StoreAccessObserver?, writesLedger: Bool = false,
        durable: StoreDurability = .never
    ) throws {
        snapshots = try RuleSnapshotStore(
            container: container, durable: durable, observer: observer, keepsCopy: !Mutant.on(.mirrorWithoutCopy))
        ledger = try UsageLedger(
            container: container, durable: durable, compactsOnRead: writesLedger, observer: observer,
            salvagesDamage: !Mutant.on(.journalWithoutSalvage))
        sessions = try OpenSessionStore(container: container, durable: durable, observer: observer)
        shieldTracking = try ShieldStoreTracking(container: container, durable: durable, observer: observer)
        defaults = try GroupDefaults(container: container, durable: durable, observer: observer)
        grants = try PendingGrantStore(container: container, durable: durable, observer: observer)
    }
}
