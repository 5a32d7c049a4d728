import OALDomain
import OALPlatform

/// `store.shield`: what one named store shields.
public struct ShieldSettings: Hashable, Sendable {
    public var applications: Set<ApplicationToken>?
    public var applicationCategories: ActivityCategoryPolicy<Application>?
    public var webDomains: Set<WebDomainToken>?
    public var webDomainCategories: ActivityCategoryPolicy<WebDomain>?

    public init() {}

    /// Shielding by category, as iOS's `ShieldSettings.ActivityCategoryPolicy`.
    /// `.all(except:)` is itself a shield, never a whitelist: the device
    /// enforces the union of every store.
    public enum ActivityCategoryPolicy<Child>: Hashable, Sendable {
        case all(except: Set<Token<Child>> = [])
        case specific(Set<ActivityCategoryToken>, except: Set<Token<Child>> = [])
        case none
    }
}

extension ShieldSettings {
    init(platform: OALPlatform.ShieldSettings) {
        applications = platform.applications.map { Set($0.map(ApplicationToken.init)) }
        switch platform.applicationCategories {
        case .none: applicationCategories = nil
        case .all(let except): applicationCategories = .all(except: Set(except.map(ApplicationToken.init)))
        case .specific(let categories, let except):
            applicationCategories = .specific(
                Set(categories.map(ActivityCategoryToken.init)), except: Set(except.map(ApplicationToken.init)))
        }
        webDomains = platform.webDomains.map { Set($0.map(WebDomainToken.init)) }
        switch platform.webDomainCategories {
        case .none: webDomainCategories = nil
        case .all(let except): webDomainCategories = .all(except: Set(except.map(WebDomainToken.init)))
        case .specific(let categories, let except):
            webDomainCategories = .specific(
                Set(categories.map(ActivityCategoryToken.init)), except: Set(except.map(WebDomainToken.init)))
        }
    }

    /// The platform's form; `.none` is no policy. A `.specific` web-domain
    /// policy shields the catalog's domains filed under its categories.
    var platform: OALPlatform.ShieldSettings {
        var result = OALPlatform.ShieldSettings()
        result.applications = applications.map { Set($0.map(\.platform)) }
        switch applicationCategories {
        case nil, .some(.none): result.applicationCategories = nil
        case .some(.all(let except)): result.applicationCategories = .all(except: Set(except.map(\.platform)))
        case .some(.specific(let categories, let except)):
            result.applicationCategories = .specific(
                Set(categories.map(\.platform)), except: Set(except.map(\.platform)))
        }
        result.webDomains = webDomains.map { Set($0.map(\.platform)) }
        switch webDomainCategories {
        case nil, .some(.none): result.webDomainCategories = nil
        case .some(.all(let except)): result.webDomainCategories = .all(except: Set(except.map(\.platform)))
        case .some(.specific(let categories, let except)):
            result.webDomainCategories = .specific(Set(categories.map(\.platform)), except: Set(except.map(\.platform)))
        }
        return result
    }
}
