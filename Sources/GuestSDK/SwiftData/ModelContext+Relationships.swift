import Foundation
@_spi(SwiftUI) import Observation

// Relationships: both sides of an inverse kept in step as the app assigns
// either one, and delete rules. The app's assignments go through the
// models' observed accessors; the context watches each registered model's
// relationship properties (Observation's `didSet` tracking) and answers a
// change by writing the inverse side's backing fields directly, which no
// observer sees, so a fix-up never triggers another.

extension ModelContext {
    /// The models a relationship field holds now (none for an attribute).
    func targets(of record: Record, _ field: ModelLayout.Field) -> [any PersistentModel] {
        switch field.role {
        case .toOne:
            let value = FieldAccess.read(record.object, field)
            if let optional = value as? any OptionalModelReference { return optional.model.map { [$0] } ?? [] }
            return (value as? any PersistentModel).map { [$0] } ?? []
        case .toMany:
            return (FieldAccess.read(record.object, field) as? any ModelArrayReference)?.models ?? []
        case .attribute, .registrar:
            return []
        }
    }

    func currentRelationships(of record: Record) -> [String: [ObjectIdentifier]] {
        var shadows: [String: [ObjectIdentifier]] = [:]
        for field in record.layout.fields {
            switch field.role {
            case .toOne, .toMany: shadows[field.name] = targets(of: record, field).map { ObjectIdentifier($0) }
            case .attribute, .registrar: continue
            }
        }
        return shadows
    }

    /// The field on the other side of `field`: the one `@Relationship(inverse:)`
    /// names on either side. Nil when neither side names one.
    func inverseField(of field: ModelLayout.Field, in layout: ModelLayout) -> ModelLayout.Field? {
        let targetType: any PersistentModel.Type
        switch field.role {
        case .toOne(let type, _): targetType = type
        case .toMany(let type): targetType = type
        case .attribute, .registrar: return nil
        }
        let target = container.layout(of: targetType)
        if let inverse = field.relationship?.inverse, let named = target.field(for: inverse) { return named }
        // The other side may be the one that names this field as its inverse.
        guard let keyPath = field.metadata?.keypath else { return nil }
        return target.fields.first { $0.relationship?.inverse == keyPath }
    }

    /// Makes `target`'s `inverse` field hold `object` (appended to a to-many,
    /// set on a to-one). A to-one that held another model before drops it,
    /// and that model's `forward` field drops `target`.
    func link(
        _ target: any PersistentModel, _ inverse: ModelLayout.Field, to object: any PersistentModel,
        forward: ModelLayout.Field
    ) {
        guard let targetRecord = record(of: target) else { return }
        switch inverse.role {
        case .toMany:
            var models = targets(of: targetRecord, inverse)
            guard !models.contains(where: { $0 === object }) else { return }
            models.append(object)
            FieldAccess.write(target, inverse, arrayValue(inverse, models))
        case .toOne:
            let previous = targets(of: targetRecord, inverse).first
            if let previous, previous === object { return }
            FieldAccess.write(target, inverse, object)
            if let previous, let previousRecord = record(of: previous) {
                remove(target, from: previousRecord, forward)
            }
        case .attribute, .registrar:
            return
        }
        targetRecord.shadows = currentRelationships(of: targetRecord)
    }

    /// Makes `target`'s `inverse` field stop holding `object`.
    func unlink(_ target: any PersistentModel, _ inverse: ModelLayout.Field, from object: any PersistentModel) {
        guard let targetRecord = record(of: target) else { return }
        remove(object, from: targetRecord, inverse)
    }

    /// Removes `object` from one relationship field of `record`.
    func remove(_ object: any PersistentModel, from record: Record, _ field: ModelLayout.Field) {
        let models = targets(of: record, field)
        guard models.contains(where: { $0 === object }) else { return }
        switch field.role {
        case .toMany:
            FieldAccess.write(record.object, field, arrayValue(field, models.filter { $0 !== object }))
        case .toOne(let type, let optional):
            guard optional, let none = noneValue(field) else {
                fatalError(
                    "SwiftData: \(record.entity).\(field.name) is a non-optional \(type) and its model was deleted")
            }
            FieldAccess.write(record.object, field, none)
        case .attribute, .registrar:
            return
        }
        record.shadows = currentRelationships(of: record)
    }

    func arrayValue(_ field: ModelLayout.Field, _ models: [any PersistentModel]) -> Any {
        guard let array = field.type as? any ModelArrayReference.Type else { return models }
        return array.make(models)
    }

    func noneValue(_ field: ModelLayout.Field) -> Any? {
        (field.type as? any OptionalModelReference.Type)?.none
    }

    /// Watches the record's relationship properties for the app's
    /// assignments (only those `schemaMetadata` describes have a key path).
    func installTracking(_ record: Record) {
        let keyPaths = record.layout.fields.compactMap { field -> AnyKeyPath? in
            switch field.role {
            case .toOne, .toMany: field.metadata?.keypath
            case .attribute, .registrar: nil
            }
        }
        guard !keyPaths.isEmpty else { return }
        let watcher = RelationshipWatcher(context: self, object: record.object)
        func touch<M: PersistentModel>(_ model: M) {
            for keyPath in keyPaths { _ = model[keyPath: keyPath] }
        }
        withObservationTracking({ touch(record.object) }, didSet: { _ in watcher.changed() })
    }

    /// The app assigned one of `object`'s relationships: the inverse side of
    /// whatever it added or removed follows.
    func relationshipDidChange(_ object: any PersistentModel) {
        guard let record = record(of: object), record.state != .deleted else { return }
        let before = record.shadows
        let now = currentRelationships(of: record)
        record.shadows = now
        for field in record.layout.fields {
            guard let old = before[field.name], let new = now[field.name], old != new else { continue }
            let current = targets(of: record, field)
            for target in current where !old.contains(ObjectIdentifier(target)) { insertAny(target) }
            guard let inverse = inverseField(of: field, in: record.layout) else { continue }
            for target in current where !old.contains(ObjectIdentifier(target)) {
                link(target, inverse, to: object, forward: field)
            }
            for gone in old where !new.contains(gone) {
                guard let key = keyOf[gone], let goneRecord = records[key] else { continue }
                unlink(goneRecord.object, inverse, from: object)
            }
        }
    }

    /// What deleting `record` does to the models its relationships reach,
    /// then to any other model still pointing at it.
    func applyDeleteRules(_ record: Record) {
        for field in record.layout.fields {
            let reached = targets(of: record, field)
            guard !reached.isEmpty else { continue }
            let rule = field.relationship?.deleteRule ?? .nullify
            switch rule {
            case .nullify:
                if let inverse = inverseField(of: field, in: record.layout) {
                    for target in reached { unlink(target, inverse, from: record.object) }
                }
            case .cascade:
                for target in reached { deleteAny(target) }
            case .deny:
                denied.append(.deleteDenied(model: record.entity, relationship: field.name))
            case .noAction:
                continue
            }
        }
        // A relationship with no inverse still must not lead to a deleted row.
        for other in records.values where other !== record && other.state != .deleted {
            for field in other.layout.fields where field.relationship?.deleteRule != .noAction {
                if targets(of: other, field).contains(where: { $0 === record.object }) {
                    remove(record.object, from: other, field)
                }
            }
        }
    }
}

/// Carries a model's relationship changes to its context; weak both ways,
/// so a context and its models can go away while tracking is installed.
private final class RelationshipWatcher: @unchecked Sendable {
    weak var context: ModelContext?
    weak var object: AnyObject?

    init(context: ModelContext, object: AnyObject) {
        self.context = context
        self.object = object
    }

    func changed() {
        guard let context, let object = object as? any PersistentModel else { return }
        context.relationshipDidChange(object)
    }
}
