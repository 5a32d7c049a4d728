import Foundation
import GuestFoundation

/// A working set of model objects over a container's store, as SwiftData's:
/// `insert`, `delete`, `fetch` and `save`, with one object per stored row
/// (a fetch hands back the same instance for a row it already holds).
///
/// - A fetch sees this context's unsaved inserts (`includePendingChanges`),
///   never its deletions, and another context's or process's changes once
///   they are saved: an object with no unsaved change is brought up to date
///   from its row at each fetch.
/// - Relationships with an inverse (`@Relationship(inverse:)`) are kept
///   both ways as the app assigns either side, and a model a relationship
///   reaches is inserted with it. Deleting a model applies its delete rules
///   at once (`nullify` clears the inverse, `cascade` deletes, `deny`
///   fails the next save).
/// - An attribute marked `.unique` makes an insert an upsert: saving a
///   model whose unique value a stored row already has updates that row.
/// - `save()` writes what changed in one locked read-modify-write of the
///   store, so two processes saving at once lose neither's rows.
///
/// Not thread-safe, like Apple's: one context per actor.
public final class ModelContext: @unchecked Sendable {
    public let container: ModelContainer
    /// The main context saves at the end of each run-loop turn that changed
    /// something (`endOfRunLoopTurn()`, called by the guest harness), as the
    /// app's main context autosaves; other contexts start with it off.
    public var autosaveEnabled: Bool

    var records: [String: Record] = [:]
    var keyOf: [ObjectIdentifier: String] = [:]
    /// Saves refused by a `deny` delete rule, reported by the next save.
    var denied: [SwiftDataError] = []

    public init(_ container: ModelContainer) {
        self.container = container
        self.autosaveEnabled = false
    }

    deinit {
        for record in records.values { ModelRegistry.shared.unregister(record.object) }
    }

    var store: any ModelStore { container.store }

    // MARK: Inserting and deleting

    /// Registers `model` (and every model its relationships reach) to be
    /// saved. Inserting a model this context holds again does nothing;
    /// inserting one another context holds is refused loudly.
    public func insert<T: PersistentModel>(_ model: T) {
        insertAny(model)
    }

    /// Marks `model` deleted and applies its relationships' delete rules.
    public func delete<T: PersistentModel>(_ model: T) {
        deleteAny(model)
    }

    /// Deletes every model of `model` the predicate matches (all, with none).
    public func delete<T: PersistentModel>(
        model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true
    ) throws {
        for object in try fetch(FetchDescriptor<T>(predicate: predicate)) { delete(object) }
    }

    // MARK: Fetching

    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        let document = try store.read()
        try synchronize(with: document, loading: String(describing: T.self))
        var matches: [T] = []
        for record in orderedRecords() {
            guard let object = record.object as? T, type(of: record.object) == T.self else { continue }
            switch record.state {
            case .deleted: continue
            case .inserted where !descriptor.includePendingChanges: continue
            default: break
            }
            if let predicate = descriptor.predicate {
                do {
                    guard try predicate.evaluate(object) else { continue }
                } catch {
                    throw SwiftDataError.store("the fetch's predicate failed on a \(T.self): \(error)")
                }
            }
            matches.append(object)
        }
        if !descriptor.sortBy.isEmpty {
            matches = matches.sorted(using: descriptor.sortBy)
        }
        let offset = min(max(descriptor.fetchOffset ?? 0, 0), matches.count)
        var result = Array(matches[offset...])
        if let limit = descriptor.fetchLimit, limit >= 0, result.count > limit { result = Array(result[..<limit]) }
        return result
    }

    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        try fetch(descriptor).count
    }

    /// The registered model with this identifier, loading it from the store
    /// when this context does not hold it yet.
    public func model(for identifier: PersistentIdentifier) -> any PersistentModel {
        if let record = records[identifier.key], record.entity == identifier.entityName { return record.object }
        guard let entity = container.schema.entities.first(where: { $0.name == identifier.entityName }) else {
            fatalError(SwiftDataError.unknownModel(identifier.entityName).description)
        }
        do {
            let document = try store.read()
            try synchronize(with: document, loading: entity.name)
        } catch {
            fatalError("\(error)")
        }
        guard let record = records[identifier.key] else {
            fatalError("SwiftData: no \(identifier.entityName) with identifier \(identifier) in the store")
        }
        return record.object
    }

    // MARK: Saving

    /// Whether anything was inserted, deleted or changed since the last save.
    public var hasChanges: Bool {
        records.values.contains { record in
            switch record.state {
            case .inserted: true
            case .deleted: record.synced != nil
            case .persisted: (try? encodedRow(record)) != record.synced
            }
        }
    }

    func hasChanges(_ object: AnyObject) -> Bool {
        guard let key = keyOf[ObjectIdentifier(object)], let record = records[key] else { return false }
        switch record.state {
        case .inserted: return true
        case .deleted: return record.synced != nil
        case .persisted: return (try? encodedRow(record)) != record.synced
        }
    }

    public func save() throws {
        if let refusal = denied.first {
            denied.removeAll()
            throw refusal
        }
        guard hasChanges else { return }
        guard container.configurations.allSatisfy(\.allowsSave) else {
            throw SwiftDataError.store("this container's configuration does not allow saving (allowsSave: false)")
        }
        try commit()
    }

    /// Runs `block`, then saves.
    public func transaction(block: () throws -> Void) throws {
        try block()
        try save()
    }

    /// Discards every unsaved insert, deletion and change.
    public func rollback() {
        denied.removeAll()
        for record in orderedRecords() {
            switch record.state {
            case .inserted: unregister(record)
            case .deleted, .persisted:
                guard let row = record.synced else { continue }
                record.state = .persisted
                ModelRegistry.shared.setDeleted(false, record.object)
                apply(row, to: record)
            }
        }
    }

    /// The end of a run-loop turn of the app: the main context autosaves.
    public func endOfRunLoopTurn() throws {
        if autosaveEnabled { try save() }
    }

    func orderedRecords() -> [Record] {
        records.values.sorted { $0.order < $1.order }
    }
}

/// `FetchDescriptor`: which models of one type, in which order, how many.
public struct FetchDescriptor<T: PersistentModel>: @unchecked Sendable {
    public var predicate: Predicate<T>?
    public var sortBy: [GuestSortDescriptor<T>]
    public var fetchLimit: Int?
    public var fetchOffset: Int?
    public var includePendingChanges: Bool = true

    public init(predicate: Predicate<T>? = nil, sortBy: [GuestSortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
