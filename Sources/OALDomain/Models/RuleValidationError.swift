import Foundation

/// A rule value that cannot be represented, with the field at fault.
///
/// `field` uses the wire names (`startMinutes`, `kindRaw`, ...) so that a
/// rejected snapshot points straight at the JSON key to look at.
public struct RuleValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule the value belongs to, when known (always, for snapshots).
    public var ruleID: UUID?
    public var field: String
    public var problem: String

    public init(ruleID: UUID? = nil, field: String, problem: String) {
        self.ruleID = ruleID
        self.field = field
        self.problem = problem
    }

    /// The same error, attributed to a rule.
    public func inRule(_ id: UUID) -> RuleValidationError {
        RuleValidationError(ruleID: id, field: field, problem: problem)
    }

    public var description: String {
        let place = ruleID.map { "rule \($0.uuidString), field \(field)" } ?? "field \(field)"
        return "\(place): \(problem)"
    }
}
