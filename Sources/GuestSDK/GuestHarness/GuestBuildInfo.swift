import GuestRuntime
import OALShared

/// What `scripts/guest-build` learned about the guest and bakes into each
/// generated main: its App Group entitlements and its string catalogs.
public struct GuestBuildInfo: Sendable {
    public var appGroups: [String]
    public var stringCatalogs: [String]

    public init(appGroups: [String], stringCatalogs: [String]) {
        self.appGroups = appGroups
        self.stringCatalogs = stringCatalogs
    }

    /// Connects the guest APIs to the device this process opened.
    func install(_ context: ProcessContext) {
        GuestDevice.install(context, appGroups: appGroups)
        StringCatalog.shared.load(paths: stringCatalogs)
    }
}
