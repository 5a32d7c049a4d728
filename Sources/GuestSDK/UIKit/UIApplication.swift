import Foundation
import OALSystem

/// The running app, as far as an app's code asks it to leave: open a URL
/// or the app's page in Settings. The emulated device has no other app, no
/// browser and no Settings, so no URL can be opened: `open` answers false
/// through its completion, which is how Apple's reports a URL it could not
/// open, and says so on stderr so the refusal is seen.
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

    public func canOpenURL(_ url: URL) -> Bool { false }

    public func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        openRequests.append(url)
        StandardStream.error.write("UIApplication.open(\(url)): the emulated device cannot open URLs\n")
        completion?(false)
    }
}
