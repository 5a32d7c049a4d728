import Observation

// SwiftData's macros, with no macro plugin of our own (no package may be
// added, and a plugin needs swift-syntax): each reuses one the toolchain
// ships.
//
// - `@Model` is the Observation plugin's `@Observable` expansion: every
//   stored property becomes an observed accessor over a backing field
//   (`_name`), which is what lets the stand-in read and write a model's
//   fields by name and see every relationship change (docs/GUEST.md,
//   "SwiftData"). The `PersistentModel` conformance and the schema facts
//   that Apple's macro generates come from the guest build, which writes
//   them from the model's source (`SwiftDataSchemaGenerator`).
// - `@Attribute`, `@Relationship` and `@Transient` expand to nothing (the
//   testing library's pragma macro): their arguments are type-checked
//   against Apple's signatures here, and their meaning reaches the runtime
//   through the same generated schema facts.

@attached(
    member, names: named(_$observationRegistrar), named(access), named(withMutation), named(shouldNotifyObservers))
@attached(memberAttribute)
@attached(extension, conformances: Observable)
public macro Model() = #externalMacro(module: "ObservationMacros", type: "ObservableMacro")

@attached(peer)
public macro Attribute(
    _ options: Schema.Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil
) = #externalMacro(module: "TestingMacros", type: "PragmaMacro")

@attached(peer)
public macro Relationship(
    _ options: Schema.Relationship.Option..., deleteRule: Schema.Relationship.DeleteRule = .nullify,
    minimumModelCount: Int? = 0, maximumModelCount: Int? = 0, originalName: String? = nil,
    inverse: AnyKeyPath? = nil, hashModifier: String? = nil
) = #externalMacro(module: "TestingMacros", type: "PragmaMacro")

@attached(peer)
public macro Transient() = #externalMacro(module: "TestingMacros", type: "PragmaMacro")
