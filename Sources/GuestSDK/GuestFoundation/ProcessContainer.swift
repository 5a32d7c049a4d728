import Foundation
import GuestRuntime

extension FileManager {
    /// `urls(for:in:)` as iOS answers it: the process's own container (the
    /// app's `<root>/app/`, an extension's `<root>/system/extensions/KIND/`),
    /// with `Library/Application Support`, `Library/Caches`, `Library` and
    /// `Documents` under it. Foundation on Linux answers the machine's
    /// XDG folders, shared by every device on the machine, so the prelude
    /// forwards the guest's calls here. A directory iOS gives an app no
    /// such folder for stops the process naming it. Without an installed
    /// device (a package's own tests), Foundation's answer.
    public func guestURLs(for directory: SearchPathDirectory, in domain: SearchPathDomainMask) -> [URL] {
        guard GuestDevice.isInstalled else { return urls(for: directory, in: domain) }
        guard domain.contains(.userDomainMask) else { return [] }
        let context = GuestDevice.context
        let container =
            context.kind == .app
            ? context.root.appContainer
            : context.root.system.appendingPathComponent("extensions/\(context.kind.rawValue)", isDirectory: true)
        let relative: String
        switch directory {
        case .applicationSupportDirectory: relative = "Library/Application Support"
        case .cachesDirectory: relative = "Library/Caches"
        case .libraryDirectory: relative = "Library"
        case .documentDirectory: relative = "Documents"
        default:
            GuestDevice.fail(
                "FileManager.urls(for: \(directory), in: .userDomainMask): the emulated container has only "
                    + "Documents, Library, Library/Caches and Library/Application Support")
        }
        return [container.appendingPathComponent(relative, isDirectory: true)]
    }
}
