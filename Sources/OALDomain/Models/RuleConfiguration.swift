import Foundation

/// A rule's kind together with the options that belong to that kind only,
/// so an open-limit rule cannot carry a window and a time limit cannot
/// turn on the adult-content filter.
public enum RuleConfiguration: Hashable, Codable, Sendable {
    case schedule(ScheduleConfig)
    case timeLimit(TimeLimitConfig)
    case openLimit(OpenLimitConfig)

    public var kind: RuleKind {
        switch self {
        case .schedule: .schedule
        case .timeLimit: .timeLimit
        case .openLimit: .openLimit
        }
    }

    public var schedule: ScheduleConfig? {
        if case .schedule(let config) = self { config } else { nil }
    }

    public var timeLimit: TimeLimitConfig? {
        if case .timeLimit(let config) = self { config } else { nil }
    }

    public var openLimit: OpenLimitConfig? {
        if case .openLimit(let config) = self { config } else { nil }
    }

    /// Limit rules always block their list; only schedules can allow-only.
    public var selectionMode: SelectionMode {
        schedule?.selectionMode ?? .block
    }

    /// Whether today's usage has used up a limit rule's budget. Always false
    /// for schedules, which have no budget.
    public func isBudgetSpent(by usage: DailyUsage) -> Bool {
        switch self {
        case .schedule: false
        case .timeLimit(let config): config.isSpent(by: usage)
        case .openLimit(let config): config.isSpent(by: usage)
        }
    }

    // Encoded as {"kind": ..., "options": {...}} so the kind is read first
    // and the options are validated by their own type.
    private enum CodingKeys: String, CodingKey { case kind, options }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(RuleKind.self, forKey: .kind) {
        case .schedule: self = .schedule(try container.decode(ScheduleConfig.self, forKey: .options))
        case .timeLimit: self = .timeLimit(try container.decode(TimeLimitConfig.self, forKey: .options))
        case .openLimit: self = .openLimit(try container.decode(OpenLimitConfig.self, forKey: .options))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .schedule(let config): try container.encode(config, forKey: .options)
        case .timeLimit(let config): try container.encode(config, forKey: .options)
        case .openLimit(let config): try container.encode(config, forKey: .options)
        }
    }
}
