import Foundation

/// The option only an open-limit rule has: opens allowed per day.
public struct OpenLimitConfig: Hashable, Codable, Sendable {
    public let maxOpens: Int

    public init(maxOpens: Int) throws(RuleValidationError) {
        guard maxOpens >= 1 else {
            throw RuleValidationError(field: "maxOpens", problem: "\(maxOpens) is below the minimum budget of 1 open")
        }
        self.maxOpens = maxOpens
    }

    public func isSpent(by usage: DailyUsage) -> Bool {
        usage.opensUsed >= maxOpens
    }

    /// Opens still available today, never negative (a batched or
    /// duplicated press can push the ledger past the budget).
    public func opensLeft(after usage: DailyUsage) -> Int {
        max(0, maxOpens - usage.opensUsed)
    }

    private enum CodingKeys: String, CodingKey { case maxOpens }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(maxOpens: try container.decode(Int.self, forKey: .maxOpens))
    }
}
