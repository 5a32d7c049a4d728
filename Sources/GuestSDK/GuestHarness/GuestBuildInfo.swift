import GuestRuntime
import OALShared

/// What `scripts/guest-build` learned about the guest and bakes into each
/// generated main: its App Group entitlements and its string catalogs.
public struct GuestBuildInfo: @unchecked Sendable {
    public var appGroups: [String]
    /// Each catalog's table name and JSON.
    public var stringCatalogs: [(table: String, json: String)]

    public init(appGroups: [String], stringCatalogs: [(table: String, json: String)]) {
        self.appGroups = appGroups
        self.stringCatalogs = stringCatalogs
    }

    /// Connects the guest APIs to the device this process opened.
    func install(_ context: ProcessContext) {
        GuestDevice.install(context, appGroups: appGroups)
        StringCatalog.shared.load(stringCatalogs)
    }
}
