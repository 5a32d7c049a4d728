import Foundation

/// The name of a DeviceActivity activity the app registers, which is how
/// a monitor callback knows which rule it is about.
///
/// Formats (UUIDs in canonical uppercase `uuidString` form, days
/// `yyyy-MM-dd`): `rule-<UUID>-<day>` (a time-limit rule on that one local
/// day), `rule-<UUID>` (an open-limit rule, every day), `sched-<UUID>`
/// (schedule window, or its before-midnight half), `sched2-<UUID>`
/// (after-midnight half of a crossing window), `open-session-<UUID>` (one
/// granted open).
public enum ActivityName: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// A limit rule's repeating all-day activity (open limits).
    case limit(UUID)
    /// A time-limit rule's activity for one day: every callback of it names
    /// the day its usage belongs to.
    case limitDay(UUID, DayKey)
    case scheduleWindow(UUID)
    case scheduleAfterMidnight(UUID)
    case openSession(UUID)

    private static let prefixes: [(String, @Sendable (UUID) -> ActivityName)] = [
        ("sched-", { .scheduleWindow($0) }),
        ("sched2-", { .scheduleAfterMidnight($0) }),
        ("open-session-", { .openSession($0) }),
    ]

    public var ruleID: UUID {
        switch self {
        case .limit(let id), .limitDay(let id, _), .scheduleWindow(let id), .scheduleAfterMidnight(let id),
            .openSession(let id):
            id
        }
    }

    /// The day a day-keyed activity stands for; nil for the others.
    public var day: DayKey? {
        if case .limitDay(_, let day) = self { return day }
        return nil
    }

    public var rawValue: String {
        switch self {
        case .limit(let id): "rule-" + CanonicalUUID.string(id)
        case .limitDay(let id, let day): "rule-" + CanonicalUUID.string(id) + "-" + day.description
        case .scheduleWindow(let id): "sched-" + CanonicalUUID.string(id)
        case .scheduleAfterMidnight(let id): "sched2-" + CanonicalUUID.string(id)
        case .openSession(let id): "open-session-" + CanonicalUUID.string(id)
        }
    }

    /// Strict parse: a known prefix followed by exactly one canonical UUID
    /// (and, for `rule-`, optionally `-` and a `yyyy-MM-dd` day). Anything
    /// else is nil, never a best guess.
    public init?(rawValue: String) {
        if rawValue.hasPrefix("rule-") {
            let rest = rawValue.dropFirst("rule-".count)
            let uuidLength = 36
            if let id = CanonicalUUID.strict(rest) {
                self = .limit(id)
                return
            }
            guard rest.utf8.count == uuidLength + 11, let id = CanonicalUUID.strict(rest.prefix(uuidLength)),
                rest.dropFirst(uuidLength).first == "-",
                let day = DayKey(String(rest.dropFirst(uuidLength + 1))), day.description == rest.suffix(10)
            else { return nil }
            self = .limitDay(id, day)
            return
        }
        for (prefix, make) in Self.prefixes where rawValue.hasPrefix(prefix) {
            guard let id = CanonicalUUID.strict(rawValue.dropFirst(prefix.count)) else { return nil }
            self = make(id)
            return
        }
        return nil
    }

    public var description: String { rawValue }

    public static func < (lhs: ActivityName, rhs: ActivityName) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let name = ActivityName(rawValue: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an activity name: \(text)"))
        }
        self = name
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
