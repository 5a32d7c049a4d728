import Foundation

/// The option only a time-limit rule has: minutes of use allowed per day.
public struct TimeLimitConfig: Hashable, Codable, Sendable {
    public let dailyLimitMinutes: Int

    public init(dailyLimitMinutes: Int) throws(RuleValidationError) {
        guard dailyLimitMinutes >= 1 else {
            throw RuleValidationError(
                field: "dailyLimitMinutes", problem: "\(dailyLimitMinutes) is below the minimum budget of 1 minute")
        }
        self.dailyLimitMinutes = dailyLimitMinutes
    }

    /// Spent once today's use reaches the budget (reaching it is enough:
    /// the threshold event fires at the budget, not after it).
    public func isSpent(by usage: DailyUsage) -> Bool {
        usage.minutesUsed >= dailyLimitMinutes
    }

    private enum CodingKeys: String, CodingKey { case dailyLimitMinutes }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(dailyLimitMinutes: try container.decode(Int.self, forKey: .dailyLimitMinutes))
    }
}
