import OALDomain

/// An opaque Screen Time token over the device catalog's ids
/// (`<root>/system/catalog.json`). Like iOS's, it says nothing about what it
/// names; it encodes as a bare string, so a `FamilyActivitySelection` encodes
/// as the emulator's own selection does.
public struct Token<Subject>: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The catalog's id. Public for the harness, which turns the device's
    /// tokens into guest tokens; guest code has no reason to read it.
    public let catalogID: String

    public init(catalogID: String) { self.catalogID = catalogID }

    public init(from decoder: Decoder) throws {
        catalogID = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(catalogID)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.catalogID < rhs.catalogID }
    public var description: String { catalogID }
}

public typealias ApplicationToken = Token<Application>
public typealias ActivityCategoryToken = Token<ActivityCategory>
public typealias WebDomainToken = Token<WebDomain>

/// An app as the shield extensions are handed it.
public struct Application: Hashable, Codable, Sendable {
    public var token: ApplicationToken?
    public var bundleIdentifier: String?
    public var localizedDisplayName: String?

    public init(token: ApplicationToken?, bundleIdentifier: String? = nil, localizedDisplayName: String? = nil) {
        self.token = token
        self.bundleIdentifier = bundleIdentifier
        self.localizedDisplayName = localizedDisplayName
    }
}

public struct ActivityCategory: Hashable, Codable, Sendable {
    public var token: ActivityCategoryToken?
    public var localizedDisplayName: String?

    public init(token: ActivityCategoryToken?, localizedDisplayName: String? = nil) {
        self.token = token
        self.localizedDisplayName = localizedDisplayName
    }
}

public struct WebDomain: Hashable, Codable, Sendable {
    public var token: WebDomainToken?
    public var domain: String?

    public init(token: WebDomainToken?, domain: String? = nil) {
        self.token = token
        self.domain = domain
    }

    /// Apple's `init(domain:)`: a domain by name, with no token (as a web
    /// content filter takes it).
    public init(domain: String) { self.init(token: nil, domain: domain) }
}

// Conversions to the platform's tokens, for the other stand-in modules.
extension Token where Subject == Application {
    public init(_ token: OALDomain.ApplicationToken) { self.init(catalogID: token.id) }
    public var platform: OALDomain.ApplicationToken { OALDomain.ApplicationToken(catalogID) }
}

extension Token where Subject == ActivityCategory {
    public init(_ token: OALDomain.CategoryToken) { self.init(catalogID: token.id) }
    public var platform: OALDomain.CategoryToken { OALDomain.CategoryToken(catalogID) }
}

extension Token where Subject == WebDomain {
    public init(_ token: OALDomain.WebDomainToken) { self.init(catalogID: token.id) }
    public var platform: OALDomain.WebDomainToken { OALDomain.WebDomainToken(catalogID) }
}
