import Foundation

/// The three kinds of rule. The raw values are the wire format's `kindRaw`.
public enum RuleKind: String, CaseIterable, Codable, Sendable {
    case schedule
    case timeLimit
    case openLimit

    /// The name the screens lead with ("Schedule, 6h left", "Time Limit · ...").
    public var displayName: String {
        switch self {
        case .schedule: "Schedule"
        case .timeLimit: "Time Limit"
        case .openLimit: "Open Limit"
        }
    }

    /// The name a new rule gets when the user leaves it blank.
    ///
    /// The app names only the first two; "Gatekeeper" is ours, chosen to
    /// sit beside "Time Keeper" since an open limit is a turnstile.
    public var defaultRuleName: String {
        switch self {
        case .schedule: "In the Zone"
        case .timeLimit: "Time Keeper"
        case .openLimit: "Gatekeeper"
        }
    }

    public var isLimit: Bool { self != .schedule }
}
