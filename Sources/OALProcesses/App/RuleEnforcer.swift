import Foundation
import OALDomain
import OALPlatform
import OALStore

/// The app's foreground reconciliation (`RuleEnforcer.refresh`): the safety
/// net that makes every rule's store match the domain's decision whenever
/// the app runs, whatever the background did or missed.
///
/// Order matters across processes: the snapshots are published before any
/// shield changes, so an extension woken by a shield change reads rules at
/// least as new as the shield.
public struct RuleEnforcer {
    public static let uninstallProtectionStore = UninstallProtection.storeName

    private let context: ProcessContext
    private let stores: SharedStores
    private let shields: ShieldController

    public init(context: ProcessContext, stores: SharedStores) {
        self.context = context
        self.stores = stores
        shields = ShieldController(context: context)
    }

    public struct Summary: Hashable, Sendable {
        public var shielded: [UUID] = []
        public var changed: [UUID] = []
        public var straysCleared: [String] = []
        public var denyAppRemoval = false
    }

    /// The mirror holds a newer generation than the database this refresh
    /// read: it decided from a stale rule list, and wrote nothing.
    public struct StaleRuleList: Error, Hashable, Sendable {
        public var generation: Int
        public var mirrorGeneration: Int
    }

    /// Publishes the mirror, then brings every rule's store, the tracking
    /// list and Uninstall Protection in line with `database`. Throws
    /// `StaleRuleList` (traced `snapshot.stale`) before touching any shield
    /// when the mirror is newer than `database`; `force` publishes anyway
    /// (the database went back). Callers hold the app's refresh lock
    /// (`AppSession`), so no other refresh acts between the publish and the
    /// last shield write.
    @discardableResult
    public func refresh(
        _ database: AppDatabase, inputs: EnforcementInputs, cause: String, force: Bool = false
    ) throws -> Summary {
        var summary = Summary()
        // The rules the mirror held before this publish: one deleted since
        // is a stray, found even when the tracking list is lost.
        let previouslyPublished = (try? stores.snapshots.all().map(\.id)) ?? []
        try publishSnapshots(database, cause: cause, force: force)

        for rule in database.rules {
            // Sessions unknown (a newer-format store): an open limit they
            // could lift keeps its store as it is.
            guard inputs.canDecide(rule) else { continue }
            // The live-session exception is inside the decision: a granted
            // open is never re-locked from here.
            let decision = inputs.decide(rule)
            if decision.shield { summary.shielded.append(rule.id) }
            if try shields.apply(rule: rule, selection: database.selection(for: rule), decision: decision, cause: cause)
            {
                summary.changed.append(rule.id)
            }
        }
        summary.straysCleared = try clearStrays(database, previouslyPublished: previouslyPublished)
        summary.denyAppRemoval = try applyUninstallProtection(database, inputs: inputs)
        context.record(
            "refresh",
            [
                "cause": cause, "rules": "\(database.rules.count)", "shielded": "\(summary.shielded.count)",
                "changed": "\(summary.changed.count)",
            ])
        return summary
    }

    private func publishSnapshots(_ database: AppDatabase, cause: String, force: Bool) throws {
        let snapshots = database.rules.map { RuleSnapshot(rule: $0, selection: database.selection(for: $0)) }
        if Mutant.on(.mirrorWithoutGeneration) {
            if try stores.snapshots.all() != snapshots { try stores.snapshots.replaceAll(snapshots) }
            return
        }
        // Unchanged snapshots are not rewritten: the loop runs every 30 s.
        let outcome = try stores.snapshots.publish(snapshots, generation: database.generation, force: force)
        if case .refused(let newer) = outcome {
            context.record(
                "snapshot.stale",
                ["cause": cause, "generation": "\(database.generation)", "mirrorGeneration": "\(newer)"])
            throw StaleRuleList(generation: database.generation, mirrorGeneration: newer)
        }
    }

    /// Every current rule's store is tracked (the monitor may have shielded
    /// one the app never did); a tracked store with no rule is a stray left
    /// by a deleted rule, and is cleared and forgotten. So is the store of a
    /// rule the mirror held before this refresh's publish, cleared first:
    /// iOS lists no app's named stores, and a damaged tracking list starts
    /// empty (and fails the read that quarantines it), so a rule deleted
    /// after the damage would otherwise shield its apps for good (explore
    /// seed 572).
    private func clearStrays(_ database: AppDatabase, previouslyPublished: [UUID]) throws -> [String] {
        let current = Set(database.rules.map { ShieldController.storeName(for: $0.id) })
        let unpublished = Set(previouslyPublished.map { ShieldController.storeName(for: $0) }).subtracting(current)
        for name in unpublished.sorted() { try clearStray(name) }
        let tracked = Set(try stores.shieldTracking.names())
        let strays = tracked.subtracting(current).subtracting(unpublished)
        for name in strays.sorted() { try clearStray(name) }
        if tracked != current {
            try stores.shieldTracking.file.update { $0 = ShieldStoreTracking.Document(names: current.sorted()) }
        }
        return strays.union(unpublished).sorted()
    }

    private func clearStray(_ name: String) throws {
        let store = try context.platform.managedSettings.store(named: name)
        if try !store.settings().isEmpty {
            try store.clearAllSettings()
            context.record("shield.clear", ["store": name, "cause": "stray", "reason": "rule deleted"])
        }
    }

    /// Uninstall Protection (`UninstallProtection`), from the database's rules.
    private func applyUninstallProtection(_ database: AppDatabase, inputs: EnforcementInputs) throws -> Bool {
        try UninstallProtection(context: context, stores: stores).reconcile(
            rules: database.rules, inputs: inputs, cause: "refresh")
    }
}
