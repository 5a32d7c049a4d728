import Foundation
import GuestRuntime

/// `Bundle` for guest code: `Bundle.main` is the process's own app or
/// extension bundle, with the Info dictionary the guest build made from
/// its target (its Info.plist, its `INFOPLIST_KEY_*` settings, its bundle
/// identifier and versions, every `$(SETTING)` expanded, as Xcode does).
/// Foundation's `Bundle` cannot be subclassed on Linux, so the prelude's
/// `typealias Bundle = GuestBundle` shadows it in the guest's module.
///
/// Resources are not emulated: a resource lookup stops the process naming
/// it rather than answer "not found".
public final class GuestBundle: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = GuestBundle(info: [:])

    public let infoDictionary: [String: Any]?

    init(info: [String: Any]) { infoDictionary = info }

    /// The process's bundle.
    public static var main: GuestBundle { lock.withLock { installed } }

    /// Sets `main`'s Info dictionary (the harness, from the build's facts).
    public static func install(infoPlist: String) {
        guard !infoPlist.isEmpty else { return }
        let info =
            (try? PropertyListSerialization.propertyList(from: Data(infoPlist.utf8), options: [], format: nil))
            as? [String: Any] ?? [:]
        lock.withLock { installed = GuestBundle(info: info) }
    }

    public var bundleIdentifier: String? { infoDictionary?["CFBundleIdentifier"] as? String }

    public func object(forInfoDictionaryKey key: String) -> Any? { infoDictionary?[key] }

    /// Where an app's bundle would be: the process's own directory on the device.
    public var bundleURL: URL {
        URL(fileURLWithPath: "/Applications/\(infoDictionary?["CFBundleExecutable"] as? String ?? "App").app")
    }

    public func url(forResource name: String?, withExtension ext: String?) -> URL? {
        GuestDevice.fail(
            "Bundle.url(forResource: \(name ?? "nil"), withExtension: \(ext ?? "nil")): bundle resources are not emulated"
        )
    }

    public func path(forResource name: String?, ofType ext: String?) -> String? {
        GuestDevice.fail(
            "Bundle.path(forResource: \(name ?? "nil"), ofType: \(ext ?? "nil")): bundle resources are not emulated")
    }
}
