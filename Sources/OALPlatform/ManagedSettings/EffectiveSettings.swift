import OALDomain

/// What the device enforces: the union over every named store. No store can
/// cancel another's shield; that is the platform fact the app's "strictest
/// rule wins" rests on.
public struct EffectiveSettings: Hashable, Sendable {
    public let stores: [String: StoreSettings]

    public init(stores: [String: StoreSettings]) {
        self.stores = stores
    }

    /// The names of the stores that shield `app`, sorted; empty when the app
    /// is free to use.
    public func storesShielding(_ app: ApplicationToken, category: CategoryToken?) -> [String] {
        stores.filter { $0.value.shield.shields(app, category: category) }.map(\.key).sorted()
    }

    public func isShielded(_ app: ApplicationToken, category: CategoryToken?) -> Bool {
        stores.values.contains { $0.shield.shields(app, category: category) }
    }

    public func isShielded(_ domain: WebDomainToken, category: CategoryToken?) -> Bool {
        stores.values.contains { $0.shield.shields(domain, category: category) }
    }

    public var adultContentFiltered: Bool {
        stores.values.contains {
            $0.webContentBlockedByFilter == true || $0.webContentFilter?.filtersAdultContent == true
        }
    }

    /// Whether some store's web content filter blocks this domain.
    public func webFilterBlocks(token: String?, name: String?, isAdult: Bool) -> Bool {
        stores.values.contains { store in
            (store.webContentBlockedByFilter == true && isAdult)
                || store.webContentFilter?.blocks(token: token, name: name, isAdult: isAdult) == true
        }
    }

    public var appRemovalDenied: Bool {
        stores.values.contains { $0.denyAppRemoval == true }
    }
}
