/// ManagedSettings' documented ceilings, and the refusal of a write past
/// one. What iOS does beyond them is not documented (a silent truncation,
/// an ignored write): the emulated device refuses the write loudly instead,
/// naming the store, the setting and the limit, so a guest that crosses one
/// stops rather than being judged on a shield iOS may not draw.
public enum ManagedSettingsLimits {
    /// `ShieldSettings.applications`, `.webDomains`: "Your app can shield up
    /// to 50 application tokens at once" (and web domain tokens).
    public static let tokens = 50
    /// Category tokens of a `.specific` policy; exceptions of
    /// `.specific(_:except:)` and `.all(except:)` (`ActivityCategoryPolicy`).
    public static let categories = 50
    public static let exceptions = 50
    /// Named stores: about 50 (WWDC22, via developer forums thread 741182).
    public static let stores = 50

    /// Throws `LimitExceeded` for the first setting of `settings` past its
    /// ceiling.
    public static func check(_ settings: StoreSettings, store: String) throws(LimitExceeded) {
        let shield = settings.shield
        func check(_ count: Int?, _ setting: String, _ limit: Int, _ what: String) throws(LimitExceeded) {
            guard let count, count > limit else { return }
            throw LimitExceeded(store: store, setting: setting, count: count, limit: limit, what: what)
        }
        try check(shield.applications?.count, "shield.applications", tokens, "application tokens")
        try check(shield.webDomains?.count, "shield.webDomains", tokens, "web domain tokens")
        switch shield.applicationCategories {
        case .specific(let categories, let except):
            try check(categories.count, "shield.applicationCategories", Self.categories, "category tokens")
            try check(except.count, "shield.applicationCategories", exceptions, "exceptions")
        case .all(let except):
            try check(except.count, "shield.applicationCategories", exceptions, "exceptions")
        case nil:
            break
        }
        switch shield.webDomainCategories {
        case .specific(let categories, let except):
            try check(categories.count, "shield.webDomainCategories", Self.categories, "category tokens")
            try check(except.count, "shield.webDomainCategories", exceptions, "exceptions")
        case .all(let except):
            try check(except.count, "shield.webDomainCategories", exceptions, "exceptions")
        case nil:
            break
        }
    }

    /// A write past one of the ceilings, refused.
    public struct LimitExceeded: Error, Hashable, Sendable, CustomStringConvertible {
        public var store: String
        public var setting: String
        public var count: Int
        public var limit: Int
        public var what: String

        public var description: String {
            if setting == "store" {
                return "ManagedSettingsStore(named: \(store)): a new store past the \(limit) named stores that "
                    + "already hold settings (iOS allows about \(limit)); the write is refused"
            }
            return "ManagedSettingsStore(named: \(store)).\(setting): \(count) \(what), past iOS's limit of "
                + "\(limit); the write is refused"
        }
    }
}
