import Foundation
import OALDomain
import OALPlatform
import OALStore
import OALTestSupport
import Testing

/// One emulated device in a temporary directory, driven by spawning the
/// real executables as the emulated OS would.
final class Device {
    let root: DeviceRoot
    let clock: EmulatedClock
    let zone = "UTC"
    /// Added to every launch's environment (e.g. `OAL_MUTANT`).
    var environment: [String: String] = [:]

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("oal-shared-\(UUID().uuidString)", isDirectory: true)
        root = DeviceRoot(url)
        try root.create()
        let system = try AppGroupContainer(url: root.system)
        clock = try EmulatedClock(system: system)
        try CatalogFile(system: system).save(.standard)
        try set(2026, 11, 30, 10, 0)  // a Monday
    }

    deinit { try? FileManager.default.removeItem(at: root.url) }

    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    func set(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) throws {
        try set(Self.date(year, month, day, hour, minute, second))
    }

    func set(_ date: Date) throws {
        try clock.set(ClockState(now: date, timeZoneIdentifier: zone))
    }

    func now() throws -> Date { try clock.now() }

    // MARK: Processes

    @discardableResult
    func run(_ tool: String, _ arguments: [String], expect status: Int32? = 0) throws -> ProcessRun {
        let result = try ProcessRun.run(
            BuiltProducts.executable(tool), ["--root", root.url.path] + arguments,
            environment: environment.isEmpty ? nil : environment)
        if let status {
            #expect(
                result.status == status,
                "\(tool) \(arguments.joined(separator: " ")) exited \(result.status)\nstdout: \(result.stdout)\nstderr: \(result.stderr)"
            )
        }
        return result
    }

    @discardableResult
    func app(_ arguments: String..., expect status: Int32? = 0) throws -> ProcessRun {
        try run("oal-app", arguments, expect: status)
    }

    @discardableResult
    func monitor(_ arguments: String..., expect status: Int32? = 0) throws -> ProcessRun {
        try run("oal-monitor", arguments, expect: status)
    }

    /// Adds a rule and returns its id.
    func addRule(_ arguments: String...) throws -> UUID {
        let result = try run("oal-app", ["rule", "add"] + arguments + ["--json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let text = try #require(object?["id"] as? String)
        return try #require(UUID(uuidString: text))
    }

    // MARK: What the device enforces

    var catalog: InstalledAppCatalog { .standard }

    func app(named name: String) throws -> InstalledApp {
        try #require(catalog.app(named: name))
    }

    func effective() throws -> EffectiveSettings {
        try ManagedSettingsDirectory(directory: AppGroupContainer(url: root.managedSettings)).effective()
    }

    func isShielded(_ name: String) throws -> Bool {
        let app = try app(named: name)
        return try effective().isShielded(app.token, category: app.category)
    }

    func storesShielding(_ name: String) throws -> [String] {
        let app = try app(named: name)
        return try effective().storesShielding(app.token, category: app.category)
    }

    func clearStore(_ name: String) throws {
        try ManagedSettingsStore(named: name, directory: AppGroupContainer(url: root.managedSettings))
            .clearAllSettings()
    }

    func activities() throws -> [String] {
        try EmulatedPlatform(root: root).deviceActivity.activities()
    }

    func trace() throws -> [TraceEvent] {
        try TraceLog.read(root.trace).map { try $0.get() }
    }

    func json(_ result: ProcessRun) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any])
    }
}
