import Foundation
import OALStore
import OALSystem

/// The emulated `DeviceActivityCenter`: what the app (and the ShieldAction
/// extension, for the one-shot session) call to start and stop monitoring.
/// Registrations persist in `<root>/system/deviceactivity.json`, where the
/// emulated OS reads them to decide which callbacks are due.
public struct DeviceActivityCenter: Sendable {
    private let file: DocumentFile<ActivityRegistry>
    /// The same file, read for its names only (`activities`).
    private let names: DocumentFile<ActivityNames>
    private let clock: EmulatedClock

    public static let storeName = "deviceactivity"
    public static let format = "oal.deviceactivity"
    /// 2: a registration's events grouped by selection, per-minute
    /// thresholds as ranges (`ThresholdGroup`); 1 is migrated on read.
    public static let formatVersion = 2

    public init(system: AppGroupContainer, clock: EmulatedClock, observer: StoreAccessObserver? = nil) throws {
        file = try DocumentFile(
            container: system, name: Self.storeName, format: Self.format, version: Self.formatVersion,
            observer: observer, migrate: ActivityRegistryV1.migrate)
        names = try DocumentFile(
            container: system, name: Self.storeName, format: Self.format, version: Self.formatVersion,
            observer: observer, migrate: ActivityNames.migrate)
        self.clock = clock
    }

    /// Decodes `<system>/deviceactivity.json` ahead of the callbacks that
    /// read it (`DocumentPriming`): as the registry an update changes and
    /// as the names `activities` lists. Returns whether either decoded now.
    @discardableResult
    public static func prime(system: String) -> Bool {
        let path = system + "/" + storeName + ".json"
        guard let bytes = try? FileSystem.readFile(path) else { return false }
        let registry = DocumentPriming.prime(
            path, bytes: bytes, DocumentEnvelope<ActivityRegistry>(format: format, version: formatVersion))
        let names = DocumentPriming.prime(
            path, bytes: bytes, DocumentEnvelope<ActivityNames>(format: format, version: formatVersion))
        return registry != nil || names != nil
    }

    /// The documents of this center's two files: making a `DocumentFile`
    /// of either checks its `Codable` conformance, which a fork server looks
    /// up once for its children (`ConformanceWarmUp`).
    public static let documentTypes: [Any.Type] = [ActivityRegistry.self, ActivityNames.self]

    /// Starts (or restarts, resetting its threshold accounting) `name`.
    public func startMonitoring(
        _ name: String, during schedule: DeviceActivitySchedule, events: [String: DeviceActivityEvent] = [:]
    ) throws {
        let state = try clock.state()
        let calendar = try state.calendar()
        try file.update { (registry: inout ActivityRegistry?) in
            var current = registry ?? ActivityRegistry()
            try current.start(name, schedule: schedule, events: events, at: state.now, calendar: calendar)
            registry = current
        }
    }

    /// Stops monitoring `names`; any whose interval is in progress is owed
    /// an `intervalDidEnd`, which the emulated OS delivers.
    public func stopMonitoring(_ names: [String]) throws {
        let state = try clock.state()
        let calendar = try state.calendar()
        try file.update { (registry: inout ActivityRegistry?) in
            guard var current = registry else { return }
            current.stop(names, at: state.now, calendar: calendar)
            registry = current
        }
    }

    /// The names of every monitored activity, sorted.
    public func activities() throws -> [String] {
        (try names.read()?.names ?? []).sorted()
    }

    /// The whole registry (registrations and owed callbacks).
    public func registry() throws -> ActivityRegistry {
        try file.read() ?? ActivityRegistry()
    }

    /// Reads and changes the registry under one exclusive lock (the emulated
    /// OS uses this to drain owed callbacks).
    public func withRegistry<R>(_ body: (inout ActivityRegistry) throws -> R) throws -> R {
        try file.update { (registry: inout ActivityRegistry?) in
            var current = registry ?? ActivityRegistry()
            let result = try body(&current)
            registry = current
            return result
        }
    }
}
