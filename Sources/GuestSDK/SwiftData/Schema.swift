import Foundation

/// The models a container stores, and the per-property facts Apple's
/// `@Model` macro records (`schemaMetadata`): which attribute is unique,
/// which property is a relationship, its delete rule and its inverse.
public final class Schema: @unchecked Sendable {
    public let entities: [Entity]
    public let version: Version

    /// The schema of `types` and of every model their relationships reach,
    /// as Apple's schema takes in related models.
    public init(_ types: [any PersistentModel.Type], version: Version = Version(1, 0, 0)) {
        var seen: Set<ObjectIdentifier> = []
        var entities: [Entity] = []
        var queue = types
        while !queue.isEmpty {
            let type = queue.removeFirst()
            guard seen.insert(ObjectIdentifier(type)).inserted else { continue }
            entities.append(Entity(type))
            for field in ModelLayout.of(type).fields {
                switch field.role {
                case .toOne(let related, _), .toMany(let related): queue.append(related)
                case .attribute, .registrar: continue
                }
            }
        }
        self.entities = entities
        self.version = version
    }

    public convenience init(_ types: any PersistentModel.Type..., version: Version = Version(1, 0, 0)) {
        self.init(types, version: version)
    }

    /// One model type of the schema.
    public struct Entity: @unchecked Sendable {
        public let name: String
        let type: any PersistentModel.Type

        init(_ type: any PersistentModel.Type) {
            self.type = type
            self.name = String(describing: type)
        }
    }

    /// `Schema.Version(1, 0, 0)`.
    public struct Version: Hashable, Sendable, CustomStringConvertible {
        public var major: Int
        public var minor: Int
        public var patch: Int

        public init(_ major: Int, _ minor: Int, _ patch: Int) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }

        public var description: String { "\(major).\(minor).\(patch)" }
    }

    /// One stored property of a model as Apple's macro records it: its name,
    /// key path, the default value its declaration gives, and the
    /// `Attribute` or `Relationship` it was annotated with (nil for none).
    public struct PropertyMetadata: @unchecked Sendable {
        public var name: String
        public var keypath: AnyKeyPath
        public var defaultValue: Any?
        public var metadata: Any?

        public init(name: String, keypath: AnyKeyPath, defaultValue: Any?, metadata: Any?) {
            self.name = name
            self.keypath = keypath
            self.defaultValue = defaultValue
            self.metadata = metadata
        }
    }

    /// `@Attribute(...)`.
    public struct Attribute: @unchecked Sendable {
        public var options: [Option]
        public var originalName: String?
        public var hashModifier: String?

        public init(_ options: Option..., originalName: String? = nil, hashModifier: String? = nil) {
            self.options = options
            self.originalName = originalName
            self.hashModifier = hashModifier
        }

        public var isUnique: Bool { options.contains { $0.kind == .unique } }

        /// An attribute option. The storage hints (external storage, cloud
        /// encryption, Spotlight) change nothing a process can observe in a
        /// JSON store and are accepted; a transformer is refused when a
        /// container opens (`SwiftDataError.unsupported`).
        public struct Option: Sendable {
            enum Kind: String, Sendable {
                case unique, externalStorage, allowsCloudEncryption, preserveValueOnDeletion, ephemeral, spotlight
                case transformable
            }
            let kind: Kind

            public static let unique = Option(kind: .unique)
            public static let externalStorage = Option(kind: .externalStorage)
            public static let allowsCloudEncryption = Option(kind: .allowsCloudEncryption)
            public static let preserveValueOnDeletion = Option(kind: .preserveValueOnDeletion)
            public static let ephemeral = Option(kind: .ephemeral)
            public static let spotlight = Option(kind: .spotlight)
            public static func transformable(by name: String) -> Option { Option(kind: .transformable) }
        }
    }

    /// `@Relationship(...)`.
    public struct Relationship: @unchecked Sendable {
        public var options: [Option]
        public var deleteRule: DeleteRule
        public var minimumModelCount: Int?
        public var maximumModelCount: Int?
        public var originalName: String?
        public var inverse: AnyKeyPath?
        public var hashModifier: String?

        public init(
            _ options: Option..., deleteRule: DeleteRule = .nullify, minimumModelCount: Int? = 0,
            maximumModelCount: Int? = 0, originalName: String? = nil, inverse: AnyKeyPath? = nil,
            hashModifier: String? = nil
        ) {
            self.options = options
            self.deleteRule = deleteRule
            self.minimumModelCount = minimumModelCount
            self.maximumModelCount = maximumModelCount
            self.originalName = originalName
            self.inverse = inverse
            self.hashModifier = hashModifier
        }

        /// What deleting the model does to the models this relationship
        /// reaches: clear their inverse (`nullify`, the default), delete them
        /// too (`cascade`), refuse the save while any is left (`deny`), or
        /// leave them pointing at nothing (`noAction`).
        public enum DeleteRule: String, Hashable, Sendable {
            case nullify, cascade, deny, noAction
        }

        public struct Option: Hashable, Sendable {
            public static let unique = Option()
        }
    }
}
