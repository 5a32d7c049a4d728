/// An `AppEntity` parameter named by a step: found with the entity's
/// `defaultQuery` when the intent runs, as Shortcuts finds a saved action's
/// entity again (`entities(for:)` with its identifier), or by the name the
/// person picked it by among `suggestedEntities()` (its display
/// representation's title).
/// https://developer.apple.com/documentation/appintents/entityquery
enum EntityParameter {
    /// The entity type a parameter of type `value` takes, if it takes one
    /// (`Entity` or `Entity?`).
    static func entityType(of value: Any.Type) -> (any AppEntity.Type)? {
        if let type = value as? any AppEntity.Type { return type }
        return (value as? any OptionalEntity.Type)?.wrappedEntity
    }

    /// The entity `text` names, found with `type`'s default query.
    static func find<E: AppEntity>(_ type: E.Type, _ text: String, parameter: String) async throws -> Any {
        try await find(in: E.defaultQuery, text, parameter: parameter)
    }

    private static func find<Q: EntityQuery>(in query: Q, _ text: String, parameter: String) async throws -> Any {
        if let id = identifier(Q.Entity.self, text), let entity = try await query.entities(for: [id]).first {
            return entity
        }
        let suggested = try await query.suggestedEntities()
        if let entity = suggested.first(where: { $0.displayRepresentation.title == text }) { return entity }
        let names = suggested.map(\.displayRepresentation.title)
        throw EntityNotFound(
            parameter: parameter, type: Q.Entity.typeDisplayRepresentation.name, text: text, suggested: names)
    }

    /// `text` as the entity's identifier type, when it reads as one.
    private static func identifier<E: AppEntity>(_ type: E.Type, _ text: String) -> E.ID? {
        if let id = UUID(uuidString: text) as? E.ID { return id }
        if let id = Int(text) as? E.ID { return id }
        return text as? E.ID
    }
}

/// `Entity?`, whose entity type the runtime finds through the optional.
protocol OptionalEntity {
    static var wrappedEntity: any AppEntity.Type { get }
}

extension Optional: OptionalEntity where Wrapped: AppEntity {
    static var wrappedEntity: any AppEntity.Type { Wrapped.self }
}

/// A step named an entity the app's query does not find: the action
/// fails, as a Shortcuts action whose saved entity is gone does.
public struct EntityNotFound: Error, CustomStringConvertible {
    public var parameter: String
    public var type: String
    public var text: String
    public var suggested: [String]

    public var description: String {
        "\(parameter): no \(type) '\(text)' (the app's query finds: "
            + (suggested.isEmpty ? "none" : suggested.joined(separator: ", ")) + ")"
    }
}
