import Foundation
import GuestRuntime

/// The directory a default store lives in on the emulated device.
enum ModelStoreLocation {
    static func defaultURL(name: String, groupContainer: ModelConfiguration.GroupContainer) -> URL {
        guard GuestDevice.isInstalled else {
            GuestDevice.fail(
                "ModelConfiguration: a store on disk needs the emulated device (this process has none); "
                    + "use isStoredInMemoryOnly: true")
        }
        let root = GuestDevice.context.root
        let base: URL
        switch groupContainer.choice {
        case .automatic: base = GuestDevice.appGroups.isEmpty ? root.appContainer : root.appGroup
        case .none: base = root.appContainer
        case .identifier(let group):
            guard GuestDevice.appGroups.contains(group) else {
                GuestDevice.fail(
                    "ModelConfiguration(groupContainer: .identifier(\"\(group)\")): not an App Group "
                        + "the app is entitled to (\(GuestDevice.appGroups.joined(separator: ", ")))")
            }
            base = root.appGroup
        }
        return base.appendingPathComponent("Library/Application Support/\(name).store")
    }

    /// `<root>`-relative, for the trace.
    static func relativePath(of url: URL) -> String {
        guard GuestDevice.isInstalled else { return url.path }
        let root = GuestDevice.context.root.url.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
