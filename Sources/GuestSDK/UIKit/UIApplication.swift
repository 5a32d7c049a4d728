import Foundation
import GuestRuntime
import OALPlatform
import OALSystem

/// The running app, as far as an app's code asks it to leave: open another
/// app by a URL. The device answers a URL with the installed app whose
/// scheme or universal-link host it is (`URLHandlers`, docs/PLATFORM.md,
/// "URLs"; a web link no app claims, Safari, unless `.universalLinksOnly`),
/// and the completion gets true; the device then brings that app to the
/// front once this launch's work is done (`URLOpenRequests`), and the
/// automations its opening triggers run. A URL nobody answers (the Settings
/// page: the device has no Settings app) gets false, as Apple reports a URL
/// it could not open, and is said on stderr so the refusal is seen.
@MainActor
public final class UIApplication {
    public static let shared = UIApplication()

    /// Apple's constant: the URL of the app's own page in Settings.
    public static let openSettingsURLString = "app-settings:"

    /// The URLs asked for, in order (what a test can check).
    public private(set) var openRequests: [URL] = []

    public struct OpenExternalURLOptionsKey: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    private init() {}

    /// Whether an installed app answers `url`. Apple also answers false for
    /// a scheme the app did not list in `LSApplicationQueriesSchemes`; the
    /// emulated device does not check that list.
    public func canOpenURL(_ url: URL) -> Bool { route(url, universalLinksOnly: false) != nil }

    public func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        completion?(request(url, options: options))
    }

    /// The async form (`await UIApplication.shared.open(url, options:)`).
    public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
        request(url, options: options)
    }

    private func request(_ url: URL, options: [OpenExternalURLOptionsKey: Any]) -> Bool {
        openRequests.append(url)
        let universalOnly = options[.universalLinksOnly] as? Bool ?? false
        guard let (app, route) = route(url, universalLinksOnly: universalOnly) else {
            StandardStream.error.write(
                "UIApplication.open(\(url)): no installed app answers it"
                    + (universalOnly ? " as a universal link" : "") + "\n")
            return false
        }
        guard GuestDevice.isInstalled else { return true }
        let context = GuestDevice.context
        do {
            try context.platform.urlOpens.append(
                .init(url: url.absoluteString, app: app, route: route.rawValue, from: context.kind.rawValue))
        } catch {
            GuestDevice.fail("UIApplication.open(\(url))", error: error)
        }
        context.record("url.open", ["url": url.absoluteString, "app": app, "route": route.rawValue])
        return true
    }

    private func route(_ url: URL, universalLinksOnly: Bool) -> (String, URLHandlers.Route)? {
        let apps: [String]
        if GuestDevice.isInstalled, let catalog = try? GuestDevice.context.platform.catalog.catalog() {
            apps = catalog.apps.map(\.name)
        } else {
            apps = InstalledAppCatalog.standard.apps.map(\.name)
        }
        return URLHandlers.installed(apps: apps).route(url, universalLinksOnly: universalLinksOnly)
    }
}
