import Foundation
import OALPlatform

/// Makes a device root ready for a scenario: directories, the installed
/// apps the scenario names, and a clock at (or after) its start.
public enum DeviceSetup {
    public static func prepare(root: DeviceRoot, for scenario: Scenario) throws {
        try root.create()
        let platform = try EmulatedPlatform(root: root)
        var catalog = try platform.catalog.catalog()
        let before = catalog
        for addition in scenario.catalogAdditions {
            catalog.install(
                name: addition.name, bundleIdentifier: addition.bundleIdentifier, categoryName: addition.category)
        }
        if catalog != before
            || !FileManager.default.fileExists(atPath: root.system.appendingPathComponent("catalog.json").path)
        {
            try platform.catalog.save(catalog)
        }
        let current = try? platform.clock.state()
        if current == nil || current!.now < scenario.start || current!.timeZoneIdentifier != scenario.timeZoneIdentifier
        {
            let now = max(current?.now ?? scenario.start, scenario.start)
            try platform.clock.set(ClockState(now: now, timeZoneIdentifier: scenario.timeZoneIdentifier))
        }
    }

    /// A fresh device with the standard catalog and its clock at `start`.
    public static func initialize(root: DeviceRoot, start: Date, timeZoneIdentifier: String) throws {
        try root.create()
        let platform = try EmulatedPlatform(root: root)
        try platform.catalog.save(try platform.catalog.catalog())
        try platform.clock.set(ClockState(now: start, timeZoneIdentifier: timeZoneIdentifier))
    }
}
