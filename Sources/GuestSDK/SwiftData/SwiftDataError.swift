import Foundation

/// What a SwiftData call can fail with here. Apple's `SwiftDataError` is
/// opaque; these name the model, property or file involved.
public enum SwiftDataError: Error, CustomStringConvertible, Sendable {
    /// A model type that is not in the container's schema.
    case unknownModel(String)
    /// A save refused by a `deny` delete rule: the model and the relationship still holding others.
    case deleteDenied(model: String, relationship: String)
    /// A store file that could not be read or written (its path and the reason).
    case store(String)
    /// Something of SwiftData this stand-in does not emulate, by name.
    case unsupported(String)

    public var description: String {
        switch self {
        case .unknownModel(let name):
            "SwiftData: \(name) is not a model of this container's schema"
        case .deleteDenied(let model, let relationship):
            "SwiftData: cannot delete a \(model): its relationship '\(relationship)' has the deny rule and is not empty"
        case .store(let message): "SwiftData: \(message)"
        case .unsupported(let what): "SwiftData: \(what) is not emulated (docs/GUEST.md, \"SwiftData\")"
        }
    }
}
