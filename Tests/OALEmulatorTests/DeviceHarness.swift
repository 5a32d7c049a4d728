import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALSystem
import OALTestSupport

/// Runs a scenario on a fresh device root through the engine library,
/// which spawns the real `oal-*` executables built next to the tests.
struct DeviceHarness {
    let root: DeviceRoot
    let result: RunResult
    let trace: [TraceEvent]

    static let header = """
        timezone Europe/Paris
        start 2026-11-30 08:00

        """

    /// `text` gets `header` prepended unless it has its own `start` line.
    static func run(
        _ text: String, root path: URL? = nil, seed: UInt64? = nil, warm: WarmOptions? = nil, forked: Bool = false,
        mutant: String? = nil
    ) throws -> DeviceHarness {
        let body = text.contains("\nstart ") || text.hasPrefix("start ") ? text : header + text
        let directory =
            path
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("oal-emu-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("test.scenario")
        try body.write(to: file, atomically: true, encoding: .utf8)
        let scenario = try ScenarioParser(file: file.path).parse(body)
        let root = DeviceRoot(directory.appendingPathComponent("device", isDirectory: true))
        try DeviceInit.create(root: root, from: .scenario(scenario))
        var spec = RunSpec.built(file.path, seed: seed, mutant: mutant)
        if let warm { spec.launches = .warm(seed: warm.seed) }
        if forked { spec.launches = .forked }
        let run = try ResolvedRun.resolve(spec, scenario: scenario)
        let result = try RunPlayer.play(run, options: EngineOptions(root: root))
        let trace = try TraceLog.read(root.trace).map { try $0.get() }
        return DeviceHarness(root: root, result: result, trace: trace)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root.url.deletingLastPathComponent())
    }

    /// Device trace lines of one event name.
    func device(_ event: String) -> [TraceEvent] {
        trace.filter { $0.process == .device && $0.event == event }
    }

    var failureText: String { result.failures.joined(separator: "\n") }
}

/// The repository checkout, for the bundled scenarios.
enum Repository {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}

/// A scenario played by the real `oal-device` executable, process by
/// process, for the tests that kill the emulated OS and start it again on
/// the same root.
struct DeviceProcessRun {
    let directory: URL
    let file: URL
    let executable: String

    /// Writes `text` (with `DeviceHarness.header` unless it has a `start`
    /// line) to a scenario file in a fresh directory.
    init(_ text: String) throws {
        let body = text.contains("\nstart ") || text.hasPrefix("start ") ? text : DeviceHarness.header + text
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("oal-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent("test.scenario")
        try body.write(to: file, atomically: true, encoding: .utf8)
        executable = try BuiltProducts.executable("oal-device").path
    }

    func root(_ name: String) -> DeviceRoot {
        DeviceRoot(directory.appendingPathComponent(name, isDirectory: true))
    }

    /// `oal-device init --root ROOT --scenario FILE`.
    func initialize(_ root: DeviceRoot) throws -> ChildProcess.Termination {
        try ChildProcess.spawn(
            executable, arguments: ["init", "--root", root.url.path, "--scenario", file.path],
            standardOutput: "/dev/null"
        ).wait()
    }

    /// `oal-device run --root ROOT FILE --quiet`, to its end or its death;
    /// `environment` is added to the test runner's (e.g. `OAL_MUTANT`).
    func play(_ root: DeviceRoot, environment: [String: String] = [:]) throws -> ChildProcess.Termination {
        try ChildProcess.spawn(
            executable, arguments: ["run", "--root", root.url.path, file.path, "--quiet"],
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            standardOutput: "/dev/null", standardError: "/dev/null"
        ).wait()
    }

    func trace(_ root: DeviceRoot) throws -> [TraceEvent] {
        try TraceLog.read(root.trace).map { try $0.get() }
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
