import GuestRuntime
import ManagedSettings
import SwiftUI

// A DeviceActivityReport extension as Apple shapes it
// (https://developer.apple.com/documentation/deviceactivity/deviceactivityreport):
// the host app draws `DeviceActivityReport(context, filter:)`; the system
// gathers the filtered activity and launches the extension, whose scene of
// that context turns `DeviceActivityResults` into a configuration its
// SwiftUI content draws. On the emulated device the device gathers the
// data, the harness (`ReportMain`) builds the results and asks the scene
// for its configuration, and prints it: nothing is drawn.

/// The view a host app embeds to show a report. The host's view is never
/// drawn on the emulated device (the device plays the host's part when a
/// scenario looks at a report), so its `body` stops the process naming it.
public struct DeviceActivityReport: View {
    /// The name of a report scene, which an app and its report extension share.
    public struct Context: Hashable, Sendable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public let context: Context

    public init(_ context: Context) { self.context = context }

    public var body: Never { Unrendered.body(of: "DeviceActivityReport") }
}

/// Apple: "The main entry point for a device activity report extension."
/// The process's `main` comes from the guest harness (`GuestReportEntry`,
/// generated beside the `@main` type): without it `@main` does not compile.
@MainActor @preconcurrency
public protocol DeviceActivityReportExtension {
    associatedtype Body: DeviceActivityReportScene
    @DeviceActivityReportSceneBuilder var body: Body { get }
    init()
}

/// Apple: "A scene that presents device activity data for a specific
/// context": its `configuration` from the results, drawn by `content`.
@MainActor @preconcurrency
public protocol DeviceActivityReportScene {
    associatedtype Configuration
    associatedtype Content: View
    var context: DeviceActivityReport.Context { get }
    var content: (Configuration) -> Content { get }
    func makeConfiguration(representing data: DeviceActivityResults<DeviceActivityData>) async -> Configuration
    /// The scenes this one stands for, type-erased for the harness (several
    /// for the builder's tuple).
    var _oalScenes: [AnyDeviceActivityReportScene] { get }
}

extension DeviceActivityReportScene {
    public var _oalScenes: [AnyDeviceActivityReportScene] { [AnyDeviceActivityReportScene(self)] }
}

/// One scene as the harness calls it: its context and its configuration.
@MainActor
public struct AnyDeviceActivityReportScene {
    public let context: DeviceActivityReport.Context
    public let makeConfiguration: (DeviceActivityResults<DeviceActivityData>) async -> Any

    public init<Scene: DeviceActivityReportScene>(_ scene: Scene) {
        context = scene.context
        makeConfiguration = { await scene.makeConfiguration(representing: $0) }
    }
}

/// The scenes of an extension's `body`, in order.
@resultBuilder
public enum DeviceActivityReportSceneBuilder {
    public static func buildBlock<Scene: DeviceActivityReportScene>(_ scene: Scene) -> Scene { scene }

    @MainActor
    public static func buildBlock<each Scene: DeviceActivityReportScene>(
        _ scenes: repeat each Scene
    ) -> DeviceActivityReportScenes {
        var all: [AnyDeviceActivityReportScene] = []
        for scene in repeat each scenes { all += scene._oalScenes }
        return DeviceActivityReportScenes(scenes: all)
    }
}

/// Several scenes of one extension. Never drawn, so its own `content` and
/// `makeConfiguration` stop the process naming them; the harness asks the
/// scene of the context it was launched for.
public struct DeviceActivityReportScenes: DeviceActivityReportScene {
    let scenes: [AnyDeviceActivityReportScene]
    public var context: DeviceActivityReport.Context {
        GuestDevice.fail("DeviceActivityReportSceneBuilder: several scenes have no one context")
    }
    public var content: (Never) -> Never {
        GuestDevice.fail("DeviceActivityReportSceneBuilder: several scenes have no one content")
    }
    public func makeConfiguration(representing data: DeviceActivityResults<DeviceActivityData>) async -> Never {
        GuestDevice.fail("DeviceActivityReportSceneBuilder: several scenes have no one configuration")
    }
    public var _oalScenes: [AnyDeviceActivityReportScene] { scenes }
}

/// Apple: "A sequence of device activity results." The system's results,
/// made by the harness from what the device handed the launch.
public struct DeviceActivityResults<Element>: AsyncSequence {
    public typealias Failure = Never
    let elements: [Element]

    package init(_ elements: [Element]) { self.elements = elements }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: IndexingIterator<[Element]>
        public mutating func next() async -> Element? { remaining.next() }
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Never) -> Element? {
            remaining.next()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: elements.makeIterator()) }
}

extension DeviceActivityResults: Sendable where Element: Sendable {}

/// Apple: "Device activity data for a user on a device": its activity
/// segments (one for the `.daily` segment of one day the device hands out).
/// The user, the device and the pickups and notifications behind a
/// segment's other figures are not emulated: reading them stops the
/// process, naming the property.
public struct DeviceActivityData: Sendable {
    public let activitySegments: DeviceActivityResults<ActivitySegment>
    public let lastUpdatedDate: Date

    package init(segments: [ActivitySegment], lastUpdatedDate: Date) {
        activitySegments = DeviceActivityResults(segments)
        self.lastUpdatedDate = lastUpdatedDate
    }

    /// Apple: "The activity that occurs within a specified time interval."
    public struct ActivitySegment: Sendable {
        public let dateInterval: DateInterval
        public let totalActivityDuration: TimeInterval
        public let categories: DeviceActivityResults<CategoryActivity>

        package init(dateInterval: DateInterval, categories: [CategoryActivity]) {
            self.dateInterval = dateInterval
            totalActivityDuration = categories.reduce(0) { $0 + $1.totalActivityDuration }
            self.categories = DeviceActivityResults(categories)
        }

        public var firstPickup: Date? {
            GuestDevice.fail("DeviceActivityData.ActivitySegment.firstPickup: pickups are not emulated")
        }
        public var totalPickupsWithoutApplicationActivity: Int {
            GuestDevice.fail(
                "DeviceActivityData.ActivitySegment.totalPickupsWithoutApplicationActivity: pickups are not emulated")
        }
    }

    /// Apple: "The activity for a specific category."
    public struct CategoryActivity: Sendable {
        public let category: ActivityCategory
        public let totalActivityDuration: TimeInterval
        public let applications: DeviceActivityResults<ApplicationActivity>
        /// Empty: the emulated device has no web browsing to report.
        public let webDomains: DeviceActivityResults<WebDomainActivity>

        package init(category: ActivityCategory, applications: [ApplicationActivity]) {
            self.category = category
            totalActivityDuration = applications.reduce(0) { $0 + $1.totalActivityDuration }
            self.applications = DeviceActivityResults(applications)
            webDomains = DeviceActivityResults([])
        }
    }

    /// Apple: "The activity for a specific application."
    public struct ApplicationActivity: Sendable {
        public let application: Application
        public let totalActivityDuration: TimeInterval

        package init(application: Application, totalActivityDuration: TimeInterval) {
            self.application = application
            self.totalActivityDuration = totalActivityDuration
        }

        public var numberOfPickups: Int {
            GuestDevice.fail("DeviceActivityData.ApplicationActivity.numberOfPickups: pickups are not emulated")
        }
        public var numberOfNotifications: Int {
            GuestDevice.fail(
                "DeviceActivityData.ApplicationActivity.numberOfNotifications: notifications per app are not "
                    + "emulated")
        }
    }

    /// Apple: "The activity for a specific web domain."
    public struct WebDomainActivity: Sendable {
        public let webDomain: WebDomain
        public let totalActivityDuration: TimeInterval
    }
}
