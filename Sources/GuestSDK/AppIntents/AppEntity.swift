/// A value of the app's own that an intent takes or returns (Foqos's
/// profiles), found by its query.
/// https://developer.apple.com/documentation/appintents/appentity
public protocol AppEntity: Identifiable, Sendable where ID: Sendable {
    associatedtype DefaultQuery: EntityQuery

    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var defaultQuery: DefaultQuery { get }
    var displayRepresentation: DisplayRepresentation { get }
}

/// How the runtime finds entities: by identifier (a saved automation's
/// parameter), or the ones to suggest.
/// https://developer.apple.com/documentation/appintents/entityquery
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity

    init()

    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    func suggestedEntities() async throws -> [Entity]
    func defaultResult() async -> Entity?
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
    public func defaultResult() async -> Entity? { nil }
}

/// An enumeration Shortcuts offers as a parameter's choices.
/// https://developer.apple.com/documentation/appintents/appenum
public protocol AppEnum: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue: Sendable {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}
