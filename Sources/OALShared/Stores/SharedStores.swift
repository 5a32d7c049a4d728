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

    public init(container: AppGroupContainer, observer: StoreAccessObserver?) throws {
        snapshots = try RuleSnapshotStore(container: container, observer: observer)
        ledger = try UsageLedger(container: container, observer: observer)
        sessions = try OpenSessionStore(container: container, observer: observer)
        shieldTracking = try ShieldStoreTracking(container: container, observer: observer)
        defaults = try GroupDefaults(container: container, observer: observer)
        grants = try PendingGrantStore(container: container, observer: observer)
    }
}
