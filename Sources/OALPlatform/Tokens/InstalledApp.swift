import OALDomain

/// One app installed on the emulated device. The token is all the app and
/// its extensions ever see; names are for people reading scenarios, traces
/// and timelines, as `Label(token)` would show them on iOS.
public struct InstalledApp: Codable, Hashable, Sendable {
    public var token: ApplicationToken
    public var name: String
    public var bundleIdentifier: String
    public var category: CategoryToken

    public init(token: ApplicationToken, name: String, bundleIdentifier: String, category: CategoryToken) {
        self.token = token
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        self.category = category
    }
}

/// A Screen Time activity category (Social, Games, ...).
public struct AppCategory: Codable, Hashable, Sendable {
    public var token: CategoryToken
    public var name: String

    public init(token: CategoryToken, name: String) {
        self.token = token
        self.name = name
    }
}

/// A web domain the user can select in the picker.
public struct WebDomain: Codable, Hashable, Sendable {
    public var token: WebDomainToken
    public var domain: String
    /// The category iOS files the domain under, which
    /// `shield.webDomainCategories = .specific(...)` shields by; nil for a
    /// domain filed under none (and in catalogs written before it existed).
    public var category: CategoryToken?

    public init(token: WebDomainToken, domain: String, category: CategoryToken? = nil) {
        self.token = token
        self.domain = domain
        self.category = category
    }
}
