import Foundation
import Observation

/// A SwiftData model: a class the `@Model` macro made observable. The guest
/// build writes each model's conformance and its `schemaMetadata` from the
/// model's source, as Apple's macro does (docs/GUEST.md, "SwiftData").
///
/// Identity is the object: two references are equal when they are the same
/// instance, as with Apple's models, whose equality is their identifier
/// within one context.
public protocol PersistentModel: AnyObject, Observable, Hashable, Identifiable {
    /// Every stored property with what its declaration says (attribute,
    /// relationship, default value). Empty means "not described": then
    /// every field is a plain attribute or, by its type, a relationship
    /// with no inverse and the nullify rule.
    static var schemaMetadata: [Schema.PropertyMetadata] { get }
}

extension PersistentModel {
    public static var schemaMetadata: [Schema.PropertyMetadata] { [] }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The model's identifier: its store row once saved, a temporary one
    /// before (`PersistentIdentifier.isTemporary`).
    public var persistentModelID: PersistentIdentifier { ModelRegistry.shared.identifier(of: self) }

    /// The context the model is registered in, nil before `insert`.
    public var modelContext: ModelContext? { ModelRegistry.shared.context(of: self) }

    /// Whether the model changed since its context last saved or fetched it.
    public var hasChanges: Bool { modelContext?.hasChanges(self) ?? false }

    /// Whether its context deleted it (pending a save, or saved).
    public var isDeleted: Bool { ModelRegistry.shared.isDeleted(self) }

    public var id: PersistentIdentifier { persistentModelID }
}
