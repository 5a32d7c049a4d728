import Foundation

/// A recurring blocking rule: the options every kind shares, plus its
/// kind's own options in `configuration`.
///
/// Status is never stored here; it is derived from the rule, the instant
/// and the day's usage (see `Rule.status(at:calendar:usage:)`).
public struct Rule: Hashable, Codable, Sendable, Identifiable {
    public var id: UUID
    /// Never empty: a blank name becomes the kind's default.
    public private(set) var name: String
    public var isEnabled: Bool
    public var hardMode: Bool
    /// The app list the rule blocks; nil means it has no apps (never set,
    /// or its list was deleted).
    public var appListID: UUID?
    public var days: DaySet
    /// Set by a soft unblock: the rule does not block before this instant.
    public var pausedUntil: Date?
    public var createdAt: Date
    public private(set) var configuration: RuleConfiguration

    public init(
        id: UUID, name: String, isEnabled: Bool = true, hardMode: Bool = false,
        appListID: UUID? = nil, days: DaySet = .everyDay, pausedUntil: Date? = nil,
        createdAt: Date, configuration: RuleConfiguration
    ) {
        self.id = id
        self.name = Self.normalizedName(name, kind: configuration.kind)
        self.isEnabled = isEnabled
        self.hardMode = hardMode
        self.appListID = appListID
        self.days = days
        self.pausedUntil = pausedUntil
        self.createdAt = createdAt
        self.configuration = configuration
    }

    public var kind: RuleKind { configuration.kind }

    public mutating func rename(_ newName: String) {
        name = Self.normalizedName(newName, kind: kind)
    }

    /// Replaces the options. A change of kind keeps a name only if the user
    /// chose it: the old kind's default name gives way to the new kind's.
    public mutating func reconfigure(_ newConfiguration: RuleConfiguration) {
        if name == kind.defaultRuleName { name = newConfiguration.kind.defaultRuleName }
        // An unblock lifted the old window's block until that window's end;
        // a new window has no edge there to wake the monitor when the pause
        // ends (explore seed 435), so the pause ends with the window it
        // lifted and the new one applies at once.
        if let old = configuration.schedule, let new = newConfiguration.schedule,
            (old.startMinutes, old.endMinutes) != (new.startMinutes, new.endMinutes)
        {
            pausedUntil = nil
        }
        configuration = newConfiguration
    }

    /// Whether the rule is on for the calendar day containing `date`.
    public func isScheduled(on date: Date, calendar: Calendar) -> Bool {
        days.includes(date, in: calendar)
    }

    /// Whether a soft unblock is still holding the rule off at `instant`.
    public func isPaused(at instant: Date) -> Bool {
        guard let pausedUntil else { return false }
        return pausedUntil > instant
    }

    static func normalizedName(_ name: String, kind: RuleKind) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? kind.defaultRuleName : name
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, isEnabled, hardMode, appListID, days, pausedUntil, createdAt, configuration
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(UUID.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            isEnabled: try container.decode(Bool.self, forKey: .isEnabled),
            hardMode: try container.decode(Bool.self, forKey: .hardMode),
            appListID: try container.decodeIfPresent(UUID.self, forKey: .appListID),
            days: try container.decode(DaySet.self, forKey: .days),
            pausedUntil: try container.decodeIfPresent(Date.self, forKey: .pausedUntil),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            configuration: try container.decode(RuleConfiguration.self, forKey: .configuration))
    }
}
