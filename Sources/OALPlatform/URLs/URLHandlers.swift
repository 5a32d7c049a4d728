import Foundation

/// Which installed app answers which URL, as iOS decides it: a custom
/// scheme an app registers (`CFBundleURLTypes`), or a universal link whose
/// host an app claims (its associated domains). A stated model: the
/// catalog apps' real schemes and domains, written down here, since the
/// emulated device installs no app bundles to read them from
/// (docs/PLATFORM.md, "URLs"). A web link no app claims opens in Safari,
/// the default browser, when it is installed.
public struct URLHandlers: Sendable {
    public struct Handler: Sendable, Hashable {
        /// The catalog name of the app.
        public var app: String
        public var schemes: [String]
        /// Hosts of its universal links, `www.` included where it is used.
        public var hosts: [String]
        /// The default browser (Safari): opens every web link no app claims.
        public var isBrowser = false
    }

    public var handlers: [Handler]

    /// How a URL was answered: by the app of its scheme, of its universal
    /// link, or by nobody (nil).
    public enum Route: String, Sendable, Hashable {
        case scheme
        case universalLink = "universal-link"
        /// An http(s) link no installed app claims: the default browser.
        case browser
    }

    /// The app that opens `url`, and how; nil when no installed app does.
    /// `universalLinksOnly` is `UIApplication.OpenExternalURLOptionsKey
    /// .universalLinksOnly`: only an app claiming the link's host opens it
    /// (no browser is installed, so an unclaimed web link opens nothing).
    public func route(_ url: URL, universalLinksOnly: Bool = false) -> (app: String, route: Route)? {
        guard let scheme = url.scheme?.lowercased() else { return nil }
        if scheme == "http" || scheme == "https" {
            guard let host = url.host?.lowercased() else { return nil }
            if let claimed = handlers.first(where: { $0.hosts.contains(host) }) {
                return (claimed.app, .universalLink)
            }
            // A link no app claims opens in the default browser, unless
            // only a universal link may open.
            guard !universalLinksOnly, let browser = handlers.first(where: \.isBrowser) else { return nil }
            return (browser.app, .browser)
        }
        guard !universalLinksOnly else { return nil }
        return handlers.first { $0.schemes.contains(scheme) }.map { ($0.app, .scheme) }
    }

    /// The handlers of the apps installed on the device: each catalog app
    /// with the schemes and hosts it ships with, plus the guest app's own
    /// schemes (its Info dictionary) and universal-link hosts (its
    /// associated domains), first: a link of its own opens it.
    public static func installed(
        apps: [String], guestApp: String? = nil, guestSchemes: [String] = [], guestHosts: [String] = []
    ) -> URLHandlers {
        var handlers = known.filter { apps.contains($0.app) }
        if let guestApp, !guestSchemes.isEmpty || !guestHosts.isEmpty {
            handlers.insert(
                Handler(
                    app: guestApp, schemes: guestSchemes.map { $0.lowercased() },
                    hosts: guestHosts.map { $0.lowercased() }),
                at: 0)
        }
        return URLHandlers(handlers: handlers)
    }

    /// The catalog apps' URL schemes and universal-link hosts.
    static let known: [Handler] = [
        Handler(app: "Instagram", schemes: ["instagram"], hosts: ["instagram.com", "www.instagram.com"]),
        Handler(app: "YouTube", schemes: ["youtube"], hosts: ["youtube.com", "www.youtube.com", "m.youtube.com"]),
        Handler(app: "X", schemes: ["twitter"], hosts: ["x.com", "twitter.com"]),
        Handler(app: "TikTok", schemes: ["tiktok", "snssdk1233"], hosts: ["tiktok.com", "www.tiktok.com"]),
        Handler(app: "Reddit", schemes: ["reddit"], hosts: ["reddit.com", "www.reddit.com"]),
        Handler(app: "Netflix", schemes: ["nflx"], hosts: ["netflix.com", "www.netflix.com"]),
        Handler(app: "Safari", schemes: ["x-web-search"], hosts: [], isBrowser: true),
        Handler(app: "Messages", schemes: ["sms", "messages"], hosts: []),
    ]
}
