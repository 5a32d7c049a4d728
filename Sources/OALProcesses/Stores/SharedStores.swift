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
    public init(container: AppGroupContainer, observer: StoreAccessObserver?, writesLedger: Bool = false) throws {
        snapshots = try RuleSnapshotStore(
            container: container, observer: observer, keepsCopy: !Mutant.on(.mirrorWithoutCopy))
        ledger = try UsageLedger(
            container: container, compactsOnRead: writesLedger, observer: observer,
            salvagesDamage: !Mutant.on(.journalWithoutSalvage))
        sessions = try OpenSessionStore(container: container, observer: observer)
        shieldTracking = try ShieldStoreTracking(container: container, observer: observer)
        defaults = try GroupDefaults(container: container, observer: observer)
        grants = try PendingGrantStore(container: container, observer: observer)
    }
}
