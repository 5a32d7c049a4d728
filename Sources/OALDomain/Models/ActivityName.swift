import Foundation

/// The name of a DeviceActivity activity the app registers, which is how
/// a monitor callback knows which rule it is about.
///
/// Formats (UUIDs in canonical uppercase `uuidString` form):
/// `rule-<UUID>` (limit rule, all day), `sched-<UUID>` (schedule window, or
/// its before-midnight half), `sched2-<UUID>` (after-midnight half of a
/// crossing window), `open-session-<UUID>` (one granted open).
public enum ActivityName: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    case limit(UUID)
    case scheduleWindow(UUID)
    case scheduleAfterMidnight(UUID)
    case openSession(UUID)

    private static let prefixes: [(String, @Sendable (UUID) -> ActivityName)] = [
        ("rule-", { .limit($0) }),
        ("sched-", { .scheduleWindow($0) }),
        ("sched2-", { .scheduleAfterMidnight($0) }),
        ("open-session-", { .openSession($0) }),
    ]

    public var ruleID: UUID {
        switch self {
        case .limit(let id), .scheduleWindow(let id), .scheduleAfterMidnight(let id), .openSession(let id): id
        }
    }

    public var rawValue: String {
        switch self {
        case .limit(let id): "rule-\(id.uuidString)"
        case .scheduleWindow(let id): "sched-\(id.uuidString)"
        case .scheduleAfterMidnight(let id): "sched2-\(id.uuidString)"
        case .openSession(let id): "open-session-\(id.uuidString)"
        }
    }

    /// Strict parse: a known prefix followed by exactly one canonical UUID.
    /// Anything else is nil, never a best guess.
    public init?(rawValue: String) {
        for (prefix, make) in Self.prefixes where rawValue.hasPrefix(prefix) {
            guard let id = CanonicalUUID.parse(rawValue.dropFirst(prefix.count)) else { return nil }
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
