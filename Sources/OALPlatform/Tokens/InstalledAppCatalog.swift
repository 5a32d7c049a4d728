import OALDomain

/// The apps, categories and web domains of one emulated device, stored at
/// `<root>/system/catalog.json`. Only the emulated OS and people (scenarios,
/// timelines) resolve names through it; the app and its extensions handle
/// tokens only.
public struct InstalledAppCatalog: Codable, Hashable, Sendable {
    public var categories: [AppCategory]
    public var apps: [InstalledApp]
    public var webDomains: [WebDomain]

    public init(categories: [AppCategory], apps: [InstalledApp], webDomains: [WebDomain]) {
        self.categories = categories
        self.apps = apps
        self.webDomains = webDomains
    }

    public static func categoryToken(named name: String) -> CategoryToken {
        CategoryToken(OpaqueTokenID.make(kind: "cat", key: name.lowercased()))
    }

    public static func appToken(bundleIdentifier: String) -> ApplicationToken {
        ApplicationToken(OpaqueTokenID.make(kind: "app", key: bundleIdentifier))
    }

    public static func webDomainToken(domain: String) -> WebDomainToken {
        WebDomainToken(OpaqueTokenID.make(kind: "web", key: domain.lowercased()))
    }

    /// Adds an app (or replaces the one with the same bundle id) under a
    /// category, adding the category when it is new.
    public mutating func install(name: String, bundleIdentifier: String, categoryName: String) {
        let category = Self.categoryToken(named: categoryName)
        if !categories.contains(where: { $0.token == category }) {
            categories.append(AppCategory(token: category, name: categoryName))
        }
        let app = InstalledApp(
            token: Self.appToken(bundleIdentifier: bundleIdentifier), name: name,
            bundleIdentifier: bundleIdentifier, category: category)
        apps.removeAll { $0.bundleIdentifier == bundleIdentifier }
        apps.append(app)
    }

    /// Adds a web domain, filed under the category named, if any.
    public mutating func addWebDomain(_ domain: String, categoryName: String? = nil) {
        let token = Self.webDomainToken(domain: domain)
        guard !webDomains.contains(where: { $0.token == token }) else { return }
        webDomains.append(
            WebDomain(token: token, domain: domain.lowercased(), category: categoryName.map(Self.categoryToken)))
    }

    /// Case-insensitive lookup by the name people use in scenarios.
    public func app(named name: String) -> InstalledApp? {
        apps.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    public func app(_ token: ApplicationToken) -> InstalledApp? {
        apps.first { $0.token == token }
    }

    public func category(named name: String) -> AppCategory? {
        categories.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    public func category(_ token: CategoryToken) -> AppCategory? {
        categories.first { $0.token == token }
    }

    public func webDomain(named domain: String) -> WebDomain? {
        webDomains.first { $0.domain.caseInsensitiveCompare(domain) == .orderedSame }
    }

    /// Whether `selection` covers `app`, directly or through its category;
    /// this is how a DeviceActivity event decides what usage counts.
    public func selection(_ selection: AppSelection, covers app: InstalledApp) -> Bool {
        selection.covers(app.token, category: app.category)
    }

    /// The display name of an app token, or the token itself when unknown.
    public func displayName(_ token: ApplicationToken) -> String {
        app(token)?.name ?? token.description
    }

    /// The catalog a new device starts with: the picker's categories and a
    /// handful of familiar apps, including OpenAppLock itself.
    public static let standard: InstalledAppCatalog = {
        var catalog = InstalledAppCatalog(categories: [], apps: [], webDomains: [])
        for name in [
            "Social", "Games", "Entertainment", "Creativity", "Education", "Health & Fitness",
            "Information & Reading", "Productivity & Finance", "Shopping & Food", "Utilities",
        ] {
            catalog.categories.append(AppCategory(token: categoryToken(named: name), name: name))
        }
        let apps: [(String, String, String)] = [
            ("Instagram", "com.burbn.instagram", "Social"),
            ("TikTok", "com.zhiliaoapp.musically", "Social"),
            ("Reddit", "com.reddit.Reddit", "Social"),
            ("X", "com.atebits.Tweetie2", "Social"),
            ("YouTube", "com.google.ios.youtube", "Entertainment"),
            ("Netflix", "com.netflix.Netflix", "Entertainment"),
            ("Chess", "com.chess.iphone", "Games"),
            ("Candy Crush", "com.midasplayer.apps.candycrushsaga", "Games"),
            ("Kindle", "com.amazon.Lassen", "Information & Reading"),
            ("Notes", "com.apple.mobilenotes", "Productivity & Finance"),
            ("Safari", "com.apple.mobilesafari", "Utilities"),
            ("Messages", "com.apple.MobileSMS", "Social"),
            ("OpenAppLock", "dev.bchen.OpenAppLock", "Productivity & Finance"),
        ]
        for (name, bundle, category) in apps {
            catalog.install(name: name, bundleIdentifier: bundle, categoryName: category)
        }
        // Each domain under the category of the app it belongs with, as
        // Screen Time files websites beside apps.
        for (domain, category) in [
            ("instagram.com", "Social"), ("youtube.com", "Entertainment"), ("reddit.com", "Social"),
            ("news.ycombinator.com", "Information & Reading"),
        ] {
            catalog.addWebDomain(domain, categoryName: category)
        }
        return catalog
    }()

    /// The bundle identifier of the emulated OpenAppLock app itself.
    public static let openAppLockBundleIdentifier = "dev.bchen.OpenAppLock"
}
