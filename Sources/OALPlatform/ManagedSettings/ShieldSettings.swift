import OALDomain

/// How a store shields apps by category, as ManagedSettings'
/// `ActivityCategoryPolicy<Application>`.
///
/// `.all(except:)` is what an Allow Only schedule writes. It is itself a
/// shield ("everything but these"), not a whitelist: it never lifts a shield
/// another store sets, because the effective shield is a union.
public enum CategoryShieldPolicy: Codable, Hashable, Sendable {
    case specific(Set<CategoryToken>, except: Set<ApplicationToken>)
    case all(except: Set<ApplicationToken>)
}

/// How a store shields web domains by category, as ManagedSettings'
/// `shield.webDomainCategories` (`ActivityCategoryPolicy<WebDomain>`):
/// `.specific` shields the domains the catalog files under those categories
/// (the same category tokens as apps'), less the exceptions. Like its app
/// counterpart `.all(except:)` is itself a shield ("every website but
/// these") and never lifts a domain another store shields.
public enum WebDomainCategoryPolicy: Codable, Hashable, Sendable {
    case specific(Set<CategoryToken>, except: Set<WebDomainToken>)
    case all(except: Set<WebDomainToken>)
}

/// The shield part of one named store.
public struct ShieldSettings: Codable, Hashable, Sendable {
    public var applications: Set<ApplicationToken>?
    public var applicationCategories: CategoryShieldPolicy?
    public var webDomains: Set<WebDomainToken>?
    /// Absent from store files written before it existed; they read as nil.
    public var webDomainCategories: WebDomainCategoryPolicy?

    public init(
        applications: Set<ApplicationToken>? = nil, applicationCategories: CategoryShieldPolicy? = nil,
        webDomains: Set<WebDomainToken>? = nil, webDomainCategories: WebDomainCategoryPolicy? = nil
    ) {
        self.applications = applications
        self.applicationCategories = applicationCategories
        self.webDomains = webDomains
        self.webDomainCategories = webDomainCategories
    }

    /// The synthesized form, with the token sets in sorted order: a `Set`
    /// iterates in an order seeded per process, and a store file must be the
    /// same bytes for the same shield.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(applications?.sorted(), forKey: .applications)
        try container.encodeIfPresent(applicationCategories, forKey: .applicationCategories)
        try container.encodeIfPresent(webDomains?.sorted(), forKey: .webDomains)
        try container.encodeIfPresent(webDomainCategories, forKey: .webDomainCategories)
    }

    public var isEmpty: Bool {
        (applications?.isEmpty ?? true) && applicationCategories == nil && (webDomains?.isEmpty ?? true)
            && webDomainCategories == nil
    }

    /// Whether this store alone shields `app`, which the catalog files under
    /// `category`.
    public func shields(_ app: ApplicationToken, category: CategoryToken?) -> Bool {
        if applications?.contains(app) == true { return true }
        switch applicationCategories {
        case .none:
            return false
        case .all(let exceptions):
            return !exceptions.contains(app)
        case .specific(let categories, let exceptions):
            guard let category else { return false }
            return categories.contains(category) && !exceptions.contains(app)
        }
    }

    /// Whether this store alone shields `domain`, which the catalog files
    /// under `category` (nil: under none).
    public func shields(_ domain: WebDomainToken, category: CategoryToken?) -> Bool {
        if webDomains?.contains(domain) == true { return true }
        switch webDomainCategories {
        case .none:
            return false
        case .all(let exceptions):
            return !exceptions.contains(domain)
        case .specific(let categories, let exceptions):
            guard let category else { return false }
            return categories.contains(category) && !exceptions.contains(domain)
        }
    }
}
