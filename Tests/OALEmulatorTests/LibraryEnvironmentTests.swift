import Foundation
import Testing

/// Issue 24: a run is one options value passed down from the command line;
/// no library reads its configuration from the environment. The only
/// reads left are at the child-process boundary, where the device hands a
/// launched process what it cannot pass as an argument: its launch number,
/// its crash and pause points, the planted mutant (and where a mutated
/// guest records the sites it reaches), and the environment a child
/// inherits whole.
@Suite struct LibraryEnvironmentTests {
    /// Each library file that may touch `ProcessInfo.processInfo.environment`
    /// or read a variable (`ProcessEnvironment.value`, `getenv`), with what
    /// it reads there.
    static let boundary: [String: String] = [
        "OALPlatform/Trace/TraceLog.swift": "the launch number the device gave this process",
        "OALProcesses/ShieldAction/OpenPress.swift": "the launch number, for a press's trace",
        "OALProcesses/Runtime/Mutant.swift": "the mutant planted in this process",
        "OALProcesses/Runtime/IdentifierSource.swift": "the seeded identifiers the device gave this process",
        "GuestSDK/GuestRuntime/GuestMutant.swift":
            "the mutant planted in a guest process, and where it records the sites it reaches",
        "OALSystem/ProcessEnvironment.swift": "one variable, for the reads listed here (getenv)",
        "OALSystem/PointConfiguration.swift": "the crash and pause points armed in this process",
        "OALSystem/PausePoint.swift": "where a paused process says it stopped",
        "OALSystem/PowerLoss/SyncRecorder.swift": "the durable image this process's syncs go to, when named",
        "OALSystem/ChildProcess.swift": "the environment a child inherits",
        "OALEmulator/Engine/Launching/ProcessLauncher.swift": "the environment a launched process inherits",
        "OALEmulator/Engine/Launching/UntracedAppQuery.swift": "the environment an untraced app query inherits",
        "OALEmulator/Run/DeviceProcess.swift": "the environment a device started as its own process inherits",
        "OALExplore/Sweeps/DeviceKillSweep.swift": "the environment a killed device inherits",
    ]

    @Test func noLibraryReadsItsConfigurationFromTheEnvironment() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        var readers: [String] = []
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            // Executables read their command line and environment; the
            // test support target is not shipped.
            guard !target.hasPrefix("oal-"), target != "OALTestSupport" else { continue }
            let directory = sources.appendingPathComponent(target)
            guard let files = FileManager.default.enumerator(atPath: directory.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                if text.contains("ProcessInfo.processInfo.environment") || text.contains("getenv(")
                    || text.contains("ProcessEnvironment.value")
                {
                    readers.append("\(target)/\(file)")
                }
            }
        }
        let configuration = readers.filter { Self.boundary[$0] == nil }
        #expect(configuration.isEmpty, "read the environment inside a library: \(configuration)")
        // The list stays true: a file that no longer reads it leaves it.
        let stale = Self.boundary.keys.filter { !readers.contains($0) }
        #expect(stale.isEmpty, "listed but no longer reading the environment: \(stale.sorted())")
    }

    /// Issue 34: a run plays in the caller's process through `RunPlayer`;
    /// the one place a library starts `oal-device` as a process of its own
    /// is `DeviceProcess` (a device to be killed, a run under a deadline).
    @Test func onlyDeviceProcessStartsTheDevice() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        var starters: [String] = []
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        where !target.hasPrefix("oal-") {
            let directory = sources.appendingPathComponent(target)
            guard let files = FileManager.default.enumerator(atPath: directory.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                let spawns = text.contains("ChildProcess.spawn(") || text.contains("Process()")
                let names = text.contains("devicePath") || text.contains("appendingPathComponent(\"oal-device\")")
                if spawns && names { starters.append("\(target)/\(file)") }
            }
        }
        #expect(starters == ["OALEmulator/Run/DeviceProcess.swift"], "\(starters)")
    }
}
