import Foundation
import OALDomain
import OALStore

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

    public func inputs() throws -> EnforcementInputs { try EnforcementInputs.read(context: context, stores: stores) }

    /// Changes the database under its exclusive lock (`body` sees the
    /// inputs read just before, for the Hard Mode gates), then refreshes
    /// shields and reconciles DeviceActivity. Nothing is written when
    /// `body` throws.
    @discardableResult
    public func mutate<R>(
        cause: String, _ body: (inout AppDatabase, EnforcementInputs) throws -> R
    ) throws -> R {
        let inputs = try inputs()
        var updated = AppDatabase()
        let result = try database.update { (stored: inout AppDatabase?) throws -> R in
            var value = stored ?? AppDatabase()
            let result = try body(&value, inputs)
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
        let database = try load()
        return try RuleEnforcer(context: context, stores: stores).refresh(database, inputs: try inputs(), cause: cause)
    }

    /// Refresh plus the DeviceActivity reconcile (rule change, launch).
    public func reconcile(_ database: AppDatabase, inputs: EnforcementInputs, cause: String) throws {
        try RuleEnforcer(context: context, stores: stores).refresh(database, inputs: inputs, cause: cause)
        try RuleScheduler(context: context).reconcile(database: database, inputs: inputs)
    }

    public func reconcile(cause: String) throws {
        try reconcile(try load(), inputs: try inputs(), cause: cause)
    }
}
