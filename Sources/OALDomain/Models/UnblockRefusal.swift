import Foundation

/// Why a soft unblock was refused.
public enum UnblockRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// Hard Mode rule actively blocking: no unblock until the block ends.
    case hardLocked(ruleID: UUID)
    /// The rule is not blocking, so there is nothing to lift.
    case notBlocking(ruleID: UUID)

    public var description: String {
        switch self {
        case .hardLocked(let id): "rule \(id.uuidString): Hard Mode is on and the rule is blocking; no unblocks allowed"
        case .notBlocking(let id): "rule \(id.uuidString): not blocking, nothing to unblock"
        }
    }
}
