import Foundation

/// Why an app-list operation was refused.
public enum AppListError: Error, Hashable, Sendable, CustomStringConvertible {
    case duplicateID(UUID)
    case unknownList(UUID)
    /// The picker never deletes a list a rule points at.
    case inUse(UUID, ruleIDs: [UUID])
    /// A Hard Mode rule is actively blocking, so no list may change.
    case readOnly(UUID)

    public var description: String {
        switch self {
        case .duplicateID(let id): "app list \(id.uuidString): id already exists in the library"
        case .unknownList(let id): "app list \(id.uuidString): no such list in the library"
        case .inUse(let id, let ruleIDs):
            "app list \(id.uuidString): in use by rule(s) \(ruleIDs.map(\.uuidString).joined(separator: ", "))"
        case .readOnly(let id):
            "app list \(id.uuidString): lists are read-only while a Hard Mode rule is actively blocking"
        }
    }
}
