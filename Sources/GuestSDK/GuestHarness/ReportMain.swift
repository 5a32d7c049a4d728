import DeviceActivity
import Foundation
import ManagedSettings
import OALDomain
import OALPlatform
import OALProcesses
import OALSystem

/// What the guest build generates beside a report extension's `@main`
/// type: the process's build facts, which the harness's `main` needs.
@MainActor
public protocol GuestReportEntry {
    static var oalGuestBuildInfo: GuestBuildInfo { get }
}

extension DeviceActivityReportExtension where Self: GuestReportEntry {
    /// The `@main` of a guest's report extension: `guest-report`.
    public static func main() {
        ReportMain.run(oalGuestBuildInfo) { Self().body._oalScenes }
    }
}

/// `guest-report`: the command line of `oal-report`. Builds the
/// `DeviceActivityResults` the device handed the launch (one daily segment,
/// the filtered apps under their catalog categories, each named as the
/// catalog names it, `localizedDisplayName` being available to a report
/// extension), asks the extension's scene of that context for its
/// configuration and prints it (`ReportConfigurationText`).
public enum ReportMain {
    public static func run(
        _ info: GuestBuildInfo, scenes: @escaping @MainActor () -> [AnyDeviceActivityReportScene]
    ) -> Never {
        let usage = """
            usage: guest-report --root DIR CONTEXT FROM TO [TOKEN=SECONDS ...]

            The guest's DeviceActivityReport extension: prints the configuration
            its scene of CONTEXT makes of the device's data (the command line of
            oal-report).
            """
        ProcessMain.run(tool: "guest-report", kind: .report, usage: usage, spec: ArgumentSpec()) { context, args in
            let data = try ActivityReportArguments(parsing: args)
            info.install(context)
            let now = try context.now()
            let results = try self.results(data, catalog: try context.platform.catalog.catalog(), now: now)
            let configuration = try MainActorBridge.value(timeout: 10, what: "makeConfiguration(representing:)") {
                guard let scene = scenes().first(where: { $0.context.rawValue == data.context }) else {
                    throw ProcessFailure.usage(
                        "the extension has no report scene for context '\(data.context)' (it has "
                            + scenes().map(\.context.rawValue).joined(separator: ", ") + ")")
                }
                return Printed(await scene.makeConfiguration(results))
            }
            context.record("report.render", ["context": data.context, "apps": String(data.apps.count)])
            print(ReportConfigurationText.lines(of: configuration.value).joined(separator: "\n"))
            return .done
        }
    }

    /// A configuration carried off the main actor to be printed.
    struct Printed: @unchecked Sendable {
        let value: Any
        init(_ value: Any) { self.value = value }
    }

    static func results(
        _ data: ActivityReportArguments, catalog: InstalledAppCatalog, now: Date
    ) throws -> DeviceActivityResults<DeviceActivityData> {
        var byCategory: [CategoryToken: [DeviceActivityData.ApplicationActivity]] = [:]
        for app in data.apps {
            guard let installed = catalog.app(app.token) else {
                throw ProcessFailure.usage("no installed app has token \(app.token)")
            }
            let application = Application(
                token: ManagedSettings.ApplicationToken(app.token), bundleIdentifier: installed.bundleIdentifier,
                localizedDisplayName: installed.name)
            byCategory[installed.category, default: []].append(
                DeviceActivityData.ApplicationActivity(application: application, totalActivityDuration: app.seconds))
        }
        let categories = byCategory.keys.sorted().map { token in
            DeviceActivityData.CategoryActivity(
                category: ActivityCategory(
                    token: ActivityCategoryToken(token),
                    localizedDisplayName: catalog.categories.first {
                        $0.token == token
                    }?.name),
                applications: byCategory[token] ?? [])
        }
        let segment = DeviceActivityData.ActivitySegment(dateInterval: data.segment, categories: categories)
        return DeviceActivityResults([DeviceActivityData(segments: [segment], lastUpdatedDate: now)])
    }
}
