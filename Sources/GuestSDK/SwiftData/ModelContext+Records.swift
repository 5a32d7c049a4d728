import Foundation

extension ModelContext {
    /// One model object this context holds.
    final class Record {
        let object: any PersistentModel
        let layout: ModelLayout
        /// `p<n>` once saved, `t<n>` while only inserted.
        var key: String
        var state: State
        /// The row as last read or saved; nil for a model never saved.
        var synced: StoredRow?
        /// The related objects each relationship held when last seen, to
        /// tell what an assignment added and removed.
        var shadows: [String: [ObjectIdentifier]] = [:]
        /// Registration order: fetches list models in it.
        let order: Int

        enum State { case inserted, persisted, deleted }

        var entity: String { layout.entityName }

        init(object: any PersistentModel, layout: ModelLayout, key: String, state: State, order: Int) {
            self.object = object
            self.layout = layout
            self.key = key
            self.state = state
            self.order = order
        }
    }

    func record(of object: AnyObject) -> Record? {
        keyOf[ObjectIdentifier(object)].flatMap { records[$0] }
    }

    func register(_ record: Record) {
        records[record.key] = record
        keyOf[ObjectIdentifier(record.object)] = record.key
        ModelRegistry.shared.register(record.object, context: self, identifier: identifier(of: record))
        record.shadows = currentRelationships(of: record)
        installTracking(record)
    }

    func unregister(_ record: Record) {
        records.removeValue(forKey: record.key)
        keyOf.removeValue(forKey: ObjectIdentifier(record.object))
        ModelRegistry.shared.unregister(record.object)
    }

    /// Gives a record its saved key.
    func rekey(_ record: Record, to key: String) {
        records.removeValue(forKey: record.key)
        record.key = key
        records[key] = record
        keyOf[ObjectIdentifier(record.object)] = key
        ModelRegistry.shared.setIdentifier(identifier(of: record), of: record.object)
    }

    func identifier(of record: Record) -> PersistentIdentifier {
        PersistentIdentifier(entityName: record.entity, key: record.key, storeIdentifier: store.identifier)
    }

    var nextOrder: Int { (records.values.map(\.order).max() ?? 0) + 1 }

    func insertAny(_ model: any PersistentModel) {
        if let record = record(of: model) {
            if record.state == .deleted {
                record.state = record.synced == nil ? .inserted : .persisted
                ModelRegistry.shared.setDeleted(false, model)
            }
            return
        }
        if let other = ModelRegistry.shared.context(of: model), other !== self {
            fatalError("SwiftData: a \(type(of: model)) of another context was inserted here; fetch it in this one")
        }
        let layout = container.layout(of: type(of: model))
        let record = Record(
            object: model, layout: layout, key: ModelRegistry.shared.newTemporaryKey(), state: .inserted,
            order: nextOrder)
        register(record)
        // Everything its relationships reach is inserted with it, and each
        // inverse learns of it.
        for field in layout.fields {
            for target in targets(of: record, field) {
                insertAny(target)
                if let inverse = inverseField(of: field, in: record.layout) {
                    link(target, inverse, to: model, forward: field)
                }
            }
        }
        record.shadows = currentRelationships(of: record)
    }

    func deleteAny(_ model: any PersistentModel) {
        guard let record = record(of: model), record.state != .deleted else { return }
        if record.state == .inserted {
            unregister(record)
        } else {
            record.state = .deleted
            ModelRegistry.shared.setDeleted(true, model)
        }
        applyDeleteRules(record)
    }
}
