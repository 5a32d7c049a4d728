import Foundation
import OALPlatform

/// `store.webContent`: which websites the user can reach.
public struct WebContentSettings: Hashable, Sendable {
    /// nil unless a policy was set, as on iOS.
    public var blockedByFilter: FilterPolicy?

    public init(blockedByFilter: FilterPolicy? = nil) { self.blockedByFilter = blockedByFilter }

    public enum FilterPolicy: Hashable, Sendable {
        /// The adult-content filter, plus `domains`; `except` overrides both.
        case auto(Set<WebDomain> = [], except: Set<WebDomain> = [])
        case specific(Set<WebDomain>)
        case all(except: Set<WebDomain> = [])
        case none
    }

    /// The platform's two fields: the plain `.auto()` is the adult-filter
    /// flag every store understands, any other policy is kept as it is.
    func platform() -> (adultFilter: Bool?, filter: WebContentFilter?) {
        func domains(_ set: Set<WebDomain>) -> [FilteredDomain] {
            set.map { FilteredDomain(token: $0.token?.catalogID, domain: $0.domain) }
                .sorted { ($0.token ?? "", $0.domain ?? "") < ($1.token ?? "", $1.domain ?? "") }
        }
        switch blockedByFilter {
        case nil: return (nil, nil)
        case .auto(let blocked, let except)? where blocked.isEmpty && except.isEmpty: return (true, nil)
        case .auto(let blocked, let except)?: return (nil, .auto(blocked: domains(blocked), except: domains(except)))
        case .specific(let set)?: return (nil, .specific(domains(set)))
        case .all(let except)?: return (nil, .all(except: domains(except)))
        case .none?: return (nil, WebContentFilter.none)
        }
    }

    init(adultFilter: Bool?, filter: WebContentFilter?) {
        func domains(_ list: [FilteredDomain]) -> Set<WebDomain> {
            Set(list.map { WebDomain(token: $0.token.map { WebDomainToken(catalogID: $0) }, domain: $0.domain) })
        }
        switch filter {
        case .auto(let blocked, let except)?: blockedByFilter = .auto(domains(blocked), except: domains(except))
        case .specific(let list)?: blockedByFilter = .specific(domains(list))
        case .all(let except)?: blockedByFilter = .all(except: domains(except))
        case .none?: blockedByFilter = FilterPolicy.none
        case nil: blockedByFilter = adultFilter == true ? .auto() : nil
        }
    }
}

extension ManagedSettingsStore {
    public var webContent: WebContentSettings {
        get {
            let settings = read()
            return WebContentSettings(
                adultFilter: settings.webContentBlockedByFilter, filter: settings.webContentFilter)
        }
        set {
            let (adultFilter, filter) = newValue.platform()
            let written = update("webContent") {
                $0.webContentBlockedByFilter = adultFilter
                $0.webContentFilter = filter
            }
            guard written else { return }
            trace("settings.webContent", ["value": newValue.blockedByFilter.map { "\($0)" } ?? "nil"])
        }
    }
}
