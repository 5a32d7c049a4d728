import Foundation

/// Where and how a container keeps its models.
///
/// The default store is a file named `default.store` under `Library/Application
/// Support` of a container: as on iOS, `groupContainer: .automatic` puts it in
/// the first App Group the app is entitled to when it has one, else in the
/// app's own container. Here that is `<root>/appgroup/…` or `<root>/app/…`
/// of the emulated device (`ModelStoreLocation`).
public struct ModelConfiguration: Hashable, @unchecked Sendable {
    public var name: String
    public var schema: Schema?
    public var isStoredInMemoryOnly: Bool
    public var allowsSave: Bool
    public var groupContainer: GroupContainer
    public var cloudKitDatabase: CloudKitDatabase
    /// An explicit file, when the configuration named one.
    let explicitURL: URL?

    // Disfavoured so that `ModelConfiguration(isStoredInMemoryOnly:)` picks
    // the initialiser of that name, as on Apple's SDK.
    @_disfavoredOverload
    public init(
        _ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true,
        groupContainer: GroupContainer = .automatic, cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        self.name = name ?? "default"
        self.schema = schema
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
        self.groupContainer = groupContainer
        self.cloudKitDatabase = cloudKitDatabase
        self.explicitURL = nil
    }

    public init(
        _ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true,
        cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        self.name = name ?? "default"
        self.schema = schema
        self.isStoredInMemoryOnly = false
        self.allowsSave = allowsSave
        self.groupContainer = .none
        self.cloudKitDatabase = cloudKitDatabase
        self.explicitURL = url
    }

    public init(isStoredInMemoryOnly: Bool) {
        self.init(nil, schema: nil, isStoredInMemoryOnly: isStoredInMemoryOnly)
    }

    @_disfavoredOverload
    public init(for forTypes: any PersistentModel.Type..., isStoredInMemoryOnly: Bool) {
        self.init(schema: Schema(forTypes), isStoredInMemoryOnly: isStoredInMemoryOnly)
    }

    /// The store file (`/dev/null` for an in-memory store, as Apple reports).
    public var url: URL {
        if isStoredInMemoryOnly { return URL(fileURLWithPath: "/dev/null") }
        return explicitURL ?? ModelStoreLocation.defaultURL(name: name, groupContainer: groupContainer)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.isStoredInMemoryOnly == rhs.isStoredInMemoryOnly
            && lhs.allowsSave == rhs.allowsSave && lhs.explicitURL == rhs.explicitURL
            && lhs.groupContainer == rhs.groupContainer
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(isStoredInMemoryOnly)
    }

    /// Which App Group container, if any, holds the default store.
    public struct GroupContainer: Hashable, Sendable {
        enum Choice: Hashable, Sendable {
            case automatic, none
            case identifier(String)
        }
        let choice: Choice

        public static let automatic = GroupContainer(choice: .automatic)
        public static let none = GroupContainer(choice: .none)
        public static func identifier(_ groupName: String) -> GroupContainer {
            GroupContainer(choice: .identifier(groupName))
        }
    }

    /// CloudKit sync. There is no iCloud on the emulated device: `.automatic`
    /// and `.none` store locally; a named private database is refused when
    /// the container opens.
    public struct CloudKitDatabase: Hashable, Sendable {
        let name: String?

        public static let automatic = CloudKitDatabase(name: nil)
        public static let none = CloudKitDatabase(name: nil)
        public static func `private`(_ containerIdentifier: String) -> CloudKitDatabase {
            CloudKitDatabase(name: containerIdentifier)
        }
    }
}
