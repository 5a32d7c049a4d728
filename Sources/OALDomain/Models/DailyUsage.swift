import Foundation

/// One rule's use on one calendar day, as the usage ledger records it.
///
/// The ledger owns the day; this value is only the two counters, so the
/// domain never guesses which day a number belongs to.
public struct DailyUsage: Hashable, Codable, Sendable {
    public var minutesUsed: Int
    public var opensUsed: Int

    public init(minutesUsed: Int = 0, opensUsed: Int = 0) {
        self.minutesUsed = minutesUsed
        self.opensUsed = opensUsed
    }

    /// A day with no use recorded.
    public static let zero = DailyUsage()
}
