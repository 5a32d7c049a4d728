import AppIntents
import GuestFoundation
import GuestRuntime
import OALProcesses

/// What `scripts/guest-build` learned about the guest and bakes into each
/// generated main: its App Group entitlements and its string catalogs.
public struct GuestBuildInfo: @unchecked Sendable {
    public var appGroups: [String]
    /// Each catalog's table name and JSON.
    public var stringCatalogs: [(table: String, json: String)]

    /// The process's Info.plist (XML), what `Bundle.main` answers.
    public var bundleInfo: String

    /// The app's App Intents by type name (the app process's build lists
    /// them, `GuestIntentCatalog`): what `guest-app intent NAME` runs.
    public var intents: [String: any AppIntent.Type]

    public init(
        appGroups: [String], stringCatalogs: [(table: String, json: String)], bundleInfo: String = "",
        intents: [String: any AppIntent.Type] = [:]
    ) {
        self.appGroups = appGroups
        self.stringCatalogs = stringCatalogs
        self.bundleInfo = bundleInfo
        self.intents = intents
    }

    /// Connects the guest APIs to the device this process opened.
    func install(_ context: ProcessContext) {
        GuestDevice.install(context, appGroups: appGroups)
        StringCatalog.shared.load(stringCatalogs)
        GuestBundle.install(infoPlist: bundleInfo)
        GuestAppIntents.install(intents)
    }
}
