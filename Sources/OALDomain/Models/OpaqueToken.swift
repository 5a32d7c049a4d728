import Foundation

/// A Screen Time token: an app, a category or a web domain, as the device's
/// catalog names it.
///
/// Opaque on purpose, like the tokens it stands in for: the id means
/// nothing to the domain, which only compares and stores it. The phantom
/// `Kind` keeps the three sorts apart in the type system (an app token can
/// never be put where a category is expected), while they share one
/// implementation. Encodes as a bare JSON string so selections read
/// naturally in fixtures.
public struct OpaqueToken<Kind: TokenKind>: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let id: String

    public init(_ id: String) {
        self.id = id
    }

    public var description: String { id }

    public static func < (lhs: Self, rhs: Self) -> Bool {
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

/// The sort of thing a token names; uninhabited markers only.
public protocol TokenKind: Sendable {}

public enum ApplicationTokenKind: TokenKind {}
public enum CategoryTokenKind: TokenKind {}
public enum WebDomainTokenKind: TokenKind {}

/// An installed app.
public typealias ApplicationToken = OpaqueToken<ApplicationTokenKind>
/// An app category (Social, Games, ...).
public typealias CategoryToken = OpaqueToken<CategoryTokenKind>
/// A web domain.
public typealias WebDomainToken = OpaqueToken<WebDomainTokenKind>
