import Foundation

/// An installed app, as the device's catalog names it.
///
/// Opaque on purpose, like the Screen Time token it stands in for: the id
/// means nothing to the domain, which only compares and stores it. It
/// encodes as a bare JSON string so selections read naturally in fixtures.
public struct ApplicationToken: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let id: String

    public init(_ id: String) {
        self.id = id
    }

    public var description: String { id }

    public static func < (lhs: ApplicationToken, rhs: ApplicationToken) -> Bool {
        lhs.id < rhs.id
    }

    public init(from decoder: Decoder) throws {
        id = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}
