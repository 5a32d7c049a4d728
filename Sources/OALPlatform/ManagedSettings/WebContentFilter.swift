/// A store's `webContent.blockedByFilter` policy beyond the plain adult
/// filter (`.auto()` with no lists, kept as `StoreSettings.webContentBlockedByFilter`).
/// Domains are named by catalog token or by domain name, as an app's
/// `WebDomain` may carry either.
public enum WebContentFilter: Codable, Hashable, Sendable {
    /// The adult-content filter, plus `blocked`, minus `except` (which wins over both).
    case auto(blocked: [FilteredDomain], except: [FilteredDomain])
    /// Only these domains.
    case specific([FilteredDomain])
    /// Every website but these.
    case all(except: [FilteredDomain])
    /// Says nothing: the policy that affects no domain.
    case none

    /// Whether this policy blocks `domain` (catalog token and name); adult
    /// content is the catalog's to say (`isAdult`).
    public func blocks(token: String?, name: String?, isAdult: Bool) -> Bool {
        func listed(_ list: [FilteredDomain]) -> Bool { list.contains { $0.matches(token: token, name: name) } }
        switch self {
        case .auto(let blocked, let except): return !listed(except) && (isAdult || listed(blocked))
        case .specific(let domains): return listed(domains)
        case .all(let except): return !listed(except)
        case .none: return false
        }
    }

    /// Whether the adult-content filter is on.
    public var filtersAdultContent: Bool {
        if case .auto = self { return true }
        return false
    }
}

/// One web domain of a filter policy: its catalog token, its name, or both.
public struct FilteredDomain: Codable, Hashable, Sendable {
    public var token: String?
    public var domain: String?

    public init(token: String?, domain: String?) {
        self.token = token
        self.domain = domain
    }

    func matches(token: String?, name: String?) -> Bool {
        (self.token != nil && self.token == token) || (domain != nil && domain?.lowercased() == name?.lowercased())
    }
}
