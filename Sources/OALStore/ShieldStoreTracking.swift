/// The names of the ManagedSettings stores the app has written shields to
/// (`shield-stores.json`), so a later refresh can clear strays left by
/// deleted rules. Written by `oal-app`.
public final class ShieldStoreTracking: SingleDocumentStore, Sendable {
    public static let storeName = "shield-stores"
    public static let format = "oal.shield-stores"
    public static let version = 1

    /// The on-disk document: sorted, unique store names.
    public struct Document: Codable, Sendable, Hashable {
        public var names: [String]
        public init(names: [String] = []) { self.names = names }
    }

    public let file: DocumentFile<Document>

    public init(
        container: AppGroupContainer, durable: StoreDurability = .never, observer: StoreAccessObserver? = nil
    ) throws(StoreError) {
        file = try Self.openFile(in: container, durable: durable, observer: observer)
    }

    /// The tracked names, sorted.
    public func names() throws -> [String] { try file.read()?.names ?? [] }

    /// Tracks `name`; true when it was new.
    @discardableResult
    public func add(_ name: String) throws -> Bool {
        try file.update { document in
            var names = Set(document?.names ?? [])
            let inserted = names.insert(name).inserted
            document = Document(names: names.sorted())
            return inserted
        }
    }

    /// Stops tracking `name`; true when it was tracked.
    @discardableResult
    public func remove(_ name: String) throws -> Bool {
        try file.update { document in
            guard var names = document.map({ Set($0.names) }), names.remove(name) != nil else { return false }
            document = Document(names: names.sorted())
            return true
        }
    }
}
