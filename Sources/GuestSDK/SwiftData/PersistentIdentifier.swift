import Foundation

/// Which row of which store a model is. A model inserted and not yet saved
/// has a temporary identifier; saving gives it its row's.
public struct PersistentIdentifier: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var entityName: String
    /// `p<n>` for a stored row, `t<n>` for a model inserted and not yet saved.
    var key: String
    /// The store: its file's path, or `memory:<n>` for an in-memory one.
    public var storeIdentifier: String?

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.entityName, lhs.key) < (rhs.entityName, rhs.key)
    }

    public var description: String { "\(entityName)/\(key)" }
}
