import Foundation
import Observation
@_spi(Reflection) import Swift

/// The stored fields of one model class, as the runtime lays them out, and
/// what each one is for SwiftData.
///
/// `@Model` (the Observation expansion) turns every stored property `name`
/// into an accessor over a backing field `_name`; the class also holds its
/// observation registrar. The standard library's field reflection
/// (`_forEachField`) gives each field's name, offset and type, which is all
/// a store needs to read a model's values and to build a model from a row
/// without calling any of its initialisers, as SwiftData does.
struct ModelLayout: @unchecked Sendable {
    let type: any PersistentModel.Type
    let entityName: String
    let instanceSize: Int
    let alignmentMask: Int
    let fields: [Field]

    struct Field: @unchecked Sendable {
        /// The property's name (`name`, from the backing field `_name`).
        let name: String
        let offset: Int
        let type: Any.Type
        let role: Role
        /// The declaration's facts from `schemaMetadata`, when described.
        let metadata: Schema.PropertyMetadata?

        var isPersisted: Bool {
            switch role {
            case .attribute, .toOne, .toMany: !isTransient
            case .registrar: false
            }
        }
        var isTransient: Bool { metadata?.metadata is TransientMarker }
        var relationship: Schema.Relationship? { metadata?.metadata as? Schema.Relationship }
        var attribute: Schema.Attribute? { metadata?.metadata as? Schema.Attribute }
        var isUnique: Bool { attribute?.isUnique ?? false }
    }

    enum Role {
        case attribute
        /// A single related model; `optional` when the property may be nil.
        case toOne(any PersistentModel.Type, optional: Bool)
        case toMany(any PersistentModel.Type)
        /// `_$observationRegistrar`.
        case registrar
    }

    /// The layout of `type`, computed once per type.
    static func of(_ type: any PersistentModel.Type) -> ModelLayout {
        cache.layout(of: type)
    }

    var persistedFields: [Field] { fields.filter(\.isPersisted) }

    func field(named name: String) -> Field? { fields.first { $0.name == name } }

    func field(for keyPath: AnyKeyPath) -> Field? {
        fields.first { $0.metadata?.keypath == keyPath }
    }

    private static let cache = LayoutCache()

    fileprivate init(_ type: any PersistentModel.Type) {
        self.type = type
        self.entityName = String(describing: type)
        if _getSuperclass(type) != nil {
            fatalError(
                "SwiftData: \(type) inherits from another class; model inheritance is not emulated (docs/GUEST.md)")
        }
        let metadata = Dictionary(type.schemaMetadata.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var fields: [Field] = []
        // `.classType`, spelled by its raw value: the static is a `var`.
        _ = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0)) { rawName, offset, fieldType, _ in
            let backing = String(cString: rawName)
            let role: Role
            let name: String
            if backing == "_$observationRegistrar" {
                role = .registrar
                name = backing
            } else {
                name = backing.hasPrefix("_") ? String(backing.dropFirst()) : backing
                role = Self.role(of: fieldType)
            }
            fields.append(Field(name: name, offset: offset, type: fieldType, role: role, metadata: metadata[name]))
            return true
        }
        self.fields = fields
        // The class metadata of a native Swift class on Linux (no Objective-C
        // interop): kind, superclass, flags, instance address point, then the
        // instance size (UInt32 at 24) and alignment mask (UInt16 at 28).
        let classMetadata = unsafeBitCast(type as AnyClass, to: UnsafeRawPointer.self)
        instanceSize = Int(classMetadata.load(fromByteOffset: 24, as: UInt32.self))
        alignmentMask = Int(classMetadata.load(fromByteOffset: 28, as: UInt16.self))
        let end = fields.map { $0.offset + FieldAccess.size(of: $0.type) }.max() ?? 16
        guard instanceSize >= end, instanceSize < 1 << 20, alignmentMask < 4096 else {
            fatalError(
                "SwiftData: cannot read the instance layout of \(type) (size \(instanceSize), fields end at \(end))")
        }
    }

    private static func role(of type: Any.Type) -> Role {
        if let model = type as? any PersistentModel.Type { return .toOne(model, optional: false) }
        if let optional = type as? any OptionalModelReference.Type { return .toOne(optional.modelType, optional: true) }
        if let array = type as? any ModelArrayReference.Type { return .toMany(array.modelType) }
        return .attribute
    }

    private final class LayoutCache: @unchecked Sendable {
        private let lock = NSLock()
        private var layouts: [ObjectIdentifier: ModelLayout] = [:]

        func layout(of type: any PersistentModel.Type) -> ModelLayout {
            let key = ObjectIdentifier(type)
            if let layout = lock.withLock({ layouts[key] }) { return layout }
            let layout = ModelLayout(type)
            lock.withLock { layouts[key] = layout }
            return layout
        }
    }
}

/// What `@Transient` records in the generated schema facts.
public struct TransientMarker: Sendable {
    public init() {}
}

/// `Optional<Model>`: a to-one relationship that may be empty.
protocol OptionalModelReference {
    static var modelType: any PersistentModel.Type { get }
    static var none: Any { get }
    var model: (any PersistentModel)? { get }
}

extension Optional: OptionalModelReference where Wrapped: PersistentModel {
    static var modelType: any PersistentModel.Type { Wrapped.self }
    static var none: Any {
        let empty: Wrapped? = nil
        return empty as Any
    }
    var model: (any PersistentModel)? { self }
}

/// `[Model]`: a to-many relationship.
protocol ModelArrayReference {
    static var modelType: any PersistentModel.Type { get }
    var models: [any PersistentModel] { get }
    static func make(_ models: [any PersistentModel]) -> Any
}

extension Array: ModelArrayReference where Element: PersistentModel {
    static var modelType: any PersistentModel.Type { Element.self }
    var models: [any PersistentModel] { map { $0 } }
    static func make(_ models: [any PersistentModel]) -> Any { models.compactMap { $0 as? Element } }
}
