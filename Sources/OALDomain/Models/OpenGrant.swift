import Foundation

/// What a press of a shield's Open button may do: spend one open in each
/// listed rule and lift their shields for one session.
public struct OpenGrant: Hashable, Codable, Sendable {
    /// Every rule holding the shield, sorted by id. All of them must lift
    /// for the app to open, and one open of the app is one open for each.
    public var ruleIDs: [UUID]
    /// The tightest rule's counters, which the shield shows.
    public var opensUsed: Int
    public var maxOpens: Int

    public init(ruleIDs: [UUID], opensUsed: Int, maxOpens: Int) {
        self.ruleIDs = ruleIDs
        self.opensUsed = opensUsed
        self.maxOpens = maxOpens
    }

    public var opensLeft: Int { max(0, maxOpens - opensUsed) }
}
