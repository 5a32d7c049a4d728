/// Whether a store access read or changed the file.
public enum StoreAccessKind: String, Sendable, Hashable, Codable {
    case read
    case write
}

/// One access to an App Group file, as reported to a `StoreAccessObserver`.
public struct StoreAccess: Sendable, Hashable {
    /// The store's name (`rule-snapshots`, `usage`, `open-sessions`, ...).
    public let storeName: String
    public let kind: StoreAccessKind
    /// The file read or written.
    public let path: String

    public init(storeName: String, kind: StoreAccessKind, path: String) {
        self.storeName = storeName
        self.kind = kind
        self.path = path
    }
}

/// Receives every completed store read and write, so the emulator can
/// attribute each access to the process that made it (the trace). Called
/// synchronously on the accessing thread after the operation, outside no
/// lock guarantees: keep it quick. Stores take none by default.
public struct StoreAccessObserver: Sendable {
    private let body: @Sendable (StoreAccess) -> Void

    public init(_ body: @escaping @Sendable (StoreAccess) -> Void) { self.body = body }

    public func callAsFunction(_ access: StoreAccess) { body(access) }
}

extension Optional where Wrapped == StoreAccessObserver {
    func report(_ storeName: String, _ kind: StoreAccessKind, _ path: String) {
        if let observer = self { observer(StoreAccess(storeName: storeName, kind: kind, path: path)) }
    }
}
