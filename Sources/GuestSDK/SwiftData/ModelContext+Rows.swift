import Foundation

// Rows: a model's persisted properties as stored values, models made from
// rows without their initialisers, and the one locked write of a save.

extension ModelContext {
    /// The row `record`'s object would be saved as now. A relationship is
    /// the key of each model it holds (models it reaches are registered by
    /// then: `insert` and the relationship watch insert them).
    func encodedRow(_ record: Record) throws -> StoredRow {
        var row: StoredRow = [:]
        for field in record.layout.persistedFields {
            switch field.role {
            case .attribute:
                row[field.name] = try StoredValue.encoding(
                    FieldAccess.read(record.object, field), as: field.type, field: "\(record.entity).\(field.name)")
            case .toOne:
                row[field.name] =
                    targets(of: record, field).first.flatMap { keyOf[ObjectIdentifier($0)] }
                    .map(StoredValue.string) ?? .null
            case .toMany:
                row[field.name] = .array(
                    targets(of: record, field).compactMap { keyOf[ObjectIdentifier($0)] }.map(StoredValue.string))
            case .registrar:
                continue
            }
        }
        return row
    }

    /// An attribute's value from a row: the stored one, else the property's
    /// declared default (a column added since the row was saved), else nil
    /// for an optional. Nil when there is none of those.
    func attributeValue(_ field: ModelLayout.Field, in row: StoredRow?, entity: String) throws -> Any? {
        if !field.isTransient, let stored = row?[field.name] {
            return try stored.decoded(as: field.type, field: "\(entity).\(field.name)")
        }
        if let defaultValue = field.metadata?.defaultValue { return defaultValue }
        if let optional = field.type as? any ExpressibleByNilLiteral.Type { return optional.init(nilLiteral: ()) }
        return nil
    }

    /// Writes a stored row back into an object this context holds.
    func apply(_ row: StoredRow, to record: Record) {
        for field in record.layout.persistedFields {
            switch field.role {
            case .attribute:
                guard let value = try? attributeValue(field, in: row, entity: record.entity) else { continue }
                FieldAccess.write(record.object, field, value)
            case .toOne:
                let target = row[field.name].flatMap(\.keyString).flatMap { records[$0]?.object }
                if let target {
                    FieldAccess.write(record.object, field, target)
                } else if let none = noneValue(field) {
                    FieldAccess.write(record.object, field, none)
                }
            case .toMany:
                let models = (row[field.name]?.keyArray ?? []).compactMap { records[$0]?.object }
                FieldAccess.write(record.object, field, arrayValue(field, models))
            case .registrar:
                continue
            }
        }
        record.shadows = currentRelationships(of: record)
        record.synced = try? encodedRow(record)
    }

    /// Brings this context up to date with the store: models with no
    /// unsaved change take their row's values (or, with their row gone,
    /// leave the context), and every row of `entity` this context does not
    /// hold yet becomes a model, with every row it reaches.
    func synchronize(with document: StoreDocument, loading entity: String) throws {
        for record in orderedRecords() where record.state == .persisted {
            let unchanged = (try? encodedRow(record)) == record.synced
            guard unchanged else { continue }
            if let row = document.entities[record.entity]?[record.key] {
                if row != record.synced { apply(row, to: record) }
            } else {
                unregister(record)
            }
        }
        var wanted: [(entity: String, key: String)] = []
        for key in (document.entities[entity] ?? [:]).keys.sorted(by: Self.keyOrder) where records[key] == nil {
            wanted.append((entity, key))
        }
        try materialize(wanted, from: document)
    }

    /// Makes objects for stored rows (and the rows they reach), in two
    /// passes so that relationships can form cycles: allocate every object
    /// with its attributes and empty relationships, then fill those in. A
    /// non-optional to-one relationship (Foqos's `BlockedProfileSession
    /// .blockedProfile`) cannot be empty: its target is made first, and a
    /// cycle of such relationships is refused, naming it.
    func materialize(_ wanted: [(entity: String, key: String)], from document: StoreDocument) throws {
        var queue = wanted
        var made: [Record] = []
        var seen = Set(wanted.map(\.key))
        // Rows put back to wait for a non-optional relationship's target.
        var waiting: Set<String> = []
        rows: while let next = queue.popLast() {
            guard records[next.key] == nil, let row = document.entities[next.entity]?[next.key] else { continue }
            guard let entity = container.schema.entities.first(where: { $0.name == next.entity }) else {
                throw SwiftDataError.unknownModel(next.entity)
            }
            let layout = container.layout(of: entity.type)
            var values: [String: Any] = [:]
            for field in layout.fields {
                switch field.role {
                case .registrar: continue
                case .attribute:
                    guard let value = try attributeValue(field, in: row, entity: layout.entityName) else {
                        throw SwiftDataError.store(
                            "\(store.identifier): \(layout.entityName) row \(next.key) has no '\(field.name)' and its "
                                + "declaration gives no default")
                    }
                    values[field.name] = value
                case .toOne(let type, let optional):
                    if optional, let none = noneValue(field) {
                        values[field.name] = none
                        if let key = row[field.name]?.keyString, seen.insert(key).inserted {
                            queue.append((String(describing: type), key))
                        }
                        continue
                    }
                    let name = "\(layout.entityName).\(field.name)"
                    guard let key = row[field.name]?.keyString,
                        document.entities[String(describing: type)]?[key] != nil
                    else {
                        throw SwiftDataError.store(
                            "\(store.identifier): \(layout.entityName) row \(next.key) has no \(type) for its "
                                + "non-optional relationship \(field.name)")
                    }
                    if let target = records[key] {
                        values[field.name] = target.object
                        continue
                    }
                    guard waiting.insert(next.key).inserted else {
                        throw SwiftDataError.unsupported("a cycle of non-optional relationships through \(name)")
                    }
                    seen.insert(key)
                    queue.append(next)
                    queue.append((String(describing: type), key))
                    continue rows
                case .toMany(let type):
                    values[field.name] = arrayValue(field, [])
                    for key in row[field.name]?.keyArray ?? [] where seen.insert(key).inserted {
                        queue.append((String(describing: type), key))
                    }
                }
            }
            guard let object = ModelAllocator.make(layout, values: values) as? any PersistentModel else {
                throw SwiftDataError.unknownModel(layout.entityName)
            }
            let record = Record(object: object, layout: layout, key: next.key, state: .persisted, order: nextOrder)
            records[record.key] = record
            keyOf[ObjectIdentifier(object)] = record.key
            made.append(record)
        }
        for record in made {
            guard let row = document.entities[record.entity]?[record.key] else { continue }
            apply(row, to: record)
            register(record)
        }
    }

    /// The save: one locked read-modify-write of the store.
    func commit() throws {
        // Models reached since their holder was inserted are saved too.
        for record in orderedRecords() where record.state != .deleted {
            for field in record.layout.fields {
                for target in targets(of: record, field) where self.record(of: target) == nil { insertAny(target) }
            }
        }
        let pending = orderedRecords()
        var newKeys: [ObjectIdentifier: String] = [:]
        var rows: [ObjectIdentifier: StoredRow] = [:]
        _ = try store.update { document in
            for record in pending where record.state == .deleted && record.synced != nil {
                document.entities[record.entity]?[record.key] = nil
            }
            // Keys first: a row refers to the others by key.
            for record in pending where record.state == .inserted {
                let key = try uniqueMatch(record, in: document) ?? document.newKey()
                newKeys[ObjectIdentifier(record.object)] = key
                if let displaced = records[key], displaced !== record { unregister(displaced) }
                rekey(record, to: key)
            }
            for record in pending where record.state != .deleted {
                let row = try encodedRow(record)
                guard record.state == .inserted || row != record.synced else { continue }
                document.entities[record.entity, default: [:]][record.key] = row
                rows[ObjectIdentifier(record.object)] = row
            }
        }
        for record in pending {
            switch record.state {
            case .deleted: unregister(record)
            case .inserted, .persisted:
                record.state = .persisted
                if let row = rows[ObjectIdentifier(record.object)] { record.synced = row }
            }
        }
    }

    /// The key of the stored row an inserted model's unique attribute
    /// collides with: saving it updates that row (an upsert), as SwiftData does.
    private func uniqueMatch(_ record: Record, in document: StoreDocument) throws -> String? {
        let unique = record.layout.persistedFields.filter(\.isUnique)
        guard !unique.isEmpty, let rows = document.entities[record.entity] else { return nil }
        let row = try encodedRow(record)
        for (key, stored) in rows.sorted(by: { Self.keyOrder($0.key, $1.key) }) {
            if unique.contains(where: { field in row[field.name] != nil && stored[field.name] == row[field.name] }) {
                return key
            }
        }
        return nil
    }

    /// `p2` before `p10`.
    static func keyOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = Int(lhs.dropFirst()) ?? 0
        let right = Int(rhs.dropFirst()) ?? 0
        return (lhs.first ?? "p", left) < (rhs.first ?? "p", right)
    }
}

extension StoredValue {
    var keyString: String? {
        if case .string(let key) = self { return key }
        return nil
    }

    var keyArray: [String] {
        if case .array(let values) = self { return values.compactMap(\.keyString) }
        return []
    }
}
