import Foundation

/// The name of a time-limit rule's usage-threshold event: `minutes-<k>`,
/// reached when the rule's apps have been used k minutes today (k >= 1).
public struct EventName: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let minutes: Int

    public init?(minutes: Int) {
        guard minutes >= 1 else { return nil }
        self.minutes = minutes
    }

    public var rawValue: String { "minutes-\(minutes)" }

    /// Strict parse: `minutes-` then a positive decimal number with ASCII
    /// digits only and no leading zero (`minutes-01` would be a second name
    /// for `minutes-1`). Anything else is nil.
    public init?(rawValue: String) {
        let prefix = "minutes-"
        guard rawValue.hasPrefix(prefix) else { return nil }
        let digits = rawValue.utf8.dropFirst(prefix.utf8.count)
        guard let first = digits.first, first != UInt8(ascii: "0"),
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let value = Int(String(rawValue.dropFirst(prefix.count)))
        else { return nil }
        self.init(minutes: value)
    }

    public var description: String { rawValue }

    public static func < (lhs: EventName, rhs: EventName) -> Bool { lhs.minutes < rhs.minutes }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let name = EventName(rawValue: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an event name: \(text)"))
        }
        self = name
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
