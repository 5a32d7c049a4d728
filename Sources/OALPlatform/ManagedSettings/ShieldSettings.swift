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

/// The shield part of one named store.
public struct ShieldSettings: Codable, Hashable, Sendable {
    public var applications: Set<ApplicationToken>?
    public var applicationCategories: CategoryShieldPolicy?
    public var webDomains: Set<WebDomainToken>?

    public init(
        applications: Set<ApplicationToken>? = nil, applicationCategories: CategoryShieldPolicy? = nil,
        webDomains: Set<WebDomainToken>? = nil
    ) {
        self.applications = applications
        self.applicationCategories = applicationCategories
        self.webDomains = webDomains
    }

    public var isEmpty: Bool {
        (applications?.isEmpty ?? true) && applicationCategories == nil && (webDomains?.isEmpty ?? true)
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

    public func shields(_ domain: WebDomainToken) -> Bool {
        webDomains?.contains(domain) == true
    }
}
