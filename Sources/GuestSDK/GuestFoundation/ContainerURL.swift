import Foundation
import GuestRuntime

extension FileManager {
    /// The App Group directory of the emulated device (`<root>/appgroup`) for
    /// a group the guest is entitled to; nil for any other, as on iOS.
    /// Foundation on Linux has no such method, so this is no shadow.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard GuestDevice.appGroups.contains(groupIdentifier) else { return nil }
        return GuestDevice.context.root.appGroup
    }
}
