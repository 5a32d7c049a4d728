import Foundation
import OALDomain
import OALStore
import OALSystem

/// The app process's composition: its private database, the App Group
/// stores, and the two reconcilers. Every change to rules or lists goes
/// through `mutate`, which refreshes afterwards, as the app reconciles on
/// every rule change.
public final class AppSession {
    public let context: ProcessContext
    public let stores: SharedStores
    public let database: DocumentFile<AppDatabase>

    public init(context: ProcessContext) throws {
        self.context = context
        stores = try context.stores()
        database = try AppDatabase.open(context)
    }

    public func load() throws -> AppDatabase { try database.read() ?? AppDatabase() }

    public func inputs() throws -> EnforcementInputs {
        try EnforcementInputs.read(context: context, stores: stores)
    }

    /// Changes the database under its exclusive lock (`body` sees the
    /// inputs read just before, for the Hard Mode gates), bumps its
    /// generation, then refreshes shields and reconciles DeviceActivity.
    /// Nothing is written when `body` throws.
    @discardableResult
    public func mutate<R>(
        cause: String, _ body: (inout AppDatabase, EnforcementInputs) throws -> R
    ) throws -> R {
        let inputs = try inputs()
        var updated = AppDatabase()
        let result = try database.update { (stored: inout AppDatabase?) throws -> R in
            var value = stored ?? AppDatabase()
            let result = try body(&value, inputs)
            value.generation += 1
            stored = value
            updated = value
            return result
        }
        try reconcile(updated, inputs: inputs, cause: cause)
        return result
    }

    /// The enforcement refresh alone (the 30 s loop).
    @discardableResult
    public func refresh(cause: String) throws -> RuleEnforcer.Summary {
        return try consistently(try load(), inputs: try inputs(), cause: cause) { database, inputs, force in
            try RuleEnforcer(context: context, stores: stores).refresh(
                database, inputs: inputs, cause: cause, force: force)
        }
    }

    /// Refresh plus the DeviceActivity reconcile (rule change, launch).
    public func reconcile(_ database: AppDatabase, inputs: EnforcementInputs, cause: String) throws {
        try consistently(database, inputs: inputs, cause: cause) { database, inputs, force in
            try RuleEnforcer(context: context, stores: stores).refresh(
                database, inputs: inputs, cause: cause, force: force)
            try RuleScheduler(context: context).reconcile(database: database, inputs: inputs)
        }
    }

    public func reconcile(cause: String) throws {
        try reconcile(try load(), inputs: try inputs(), cause: cause)
    }

    /// The app's refresh lock, `<root>/app/refresh.lock`: one refresh at a
    /// time per device, from its publish to its last shield and
    /// DeviceActivity write.
    private func refreshLock() throws -> FileLock {
        let path = context.root.appContainer.appendingPathComponent("refresh.lock").path
        do { return try FileLock(path: path) } catch {
            throw StoreError.io(path: path, operation: "open lock file", errno: error)
        }
    }

    /// Runs one refresh (`body`) from `database` and the inputs read with
    /// it, under the refresh lock, so that the list it publishes is the one
    /// it shields and registers, with no other refresh in between. When the
    /// mirror turns out newer than `database` (another process changed the
    /// rules after this one read them: a preempted or slow refresh), the
    /// publish is refused before any shield is touched, and the refresh
    /// starts over from a fresh read of the database and inputs. If the
    /// fresh database is no newer, the database itself went back (restored,
    /// or quarantined and restarted): it is the truth, and is published
    /// over the mirror (`snapshot.generation-reset`).
    private func consistently<R>(
        _ database: AppDatabase, inputs: EnforcementInputs, cause: String,
        _ body: (AppDatabase, EnforcementInputs, _ force: Bool) throws -> R
    ) throws -> R {
        // The inputs have been read, nothing written yet; an interleaving
        // fault stops the app here (docs/FAULTS.md, finding 6), before the
        // lock, so the process it lets run is never blocked by it.
        PausePoint.reach("app.refresh.after-read-inputs")
        let lock = try refreshLock()
        return try lock.withLock(.exclusive) { () throws -> R in
            try context.pressLock.with(.shared) { () throws -> R in
                try underLocks(database, inputs: inputs, cause: cause, body)
            }
        }
    }

    /// The refresh under the refresh lock and the press lock (shared: no
    /// Open press runs until its last shield write). The inputs are read
    /// again here: ones read before the locks (`inputs`, for the Hard Mode
    /// gates) may predate a press granted meanwhile, whose session the
    /// refresh would otherwise re-lock (docs/FAULTS.md, finding 6). A grant
    /// a killed press left pending is resolved first.
    private func underLocks<R>(
        _ database: AppDatabase, inputs: EnforcementInputs, cause: String,
        _ body: (AppDatabase, EnforcementInputs, _ force: Bool) throws -> R
    ) throws -> R {
        var database = database
        var inputs = inputs
        if !Mutant.on(.refreshStaleSessions) {
            try PendingGrants.resolve(context: context, stores: stores)
            inputs = try self.inputs()
        }
        var force = false
        while true {
            do {
                return try body(database, inputs, force)
            } catch let stale as RuleEnforcer.StaleRuleList where !force {
                let fresh = try load()
                inputs = try self.inputs()
                force = fresh.generation <= stale.generation
                context.record(
                    force ? "snapshot.generation-reset" : "refresh.reread",
                    [
                        "cause": cause, "generation": "\(fresh.generation)",
                        "mirrorGeneration": "\(stale.mirrorGeneration)",
                    ])
                database = fresh
            }
        }
    }
}
