import Foundation
import OALPlatform

/// One scenario run on a fresh device root with some faults, judged by the
/// oracle: the unit the crash-point sweep and the seed swarm repeat.
public struct FaultRun: Sendable {
    public var scenarioPath: String
    public var root: DeviceRoot
    public var binDirectory: URL
    public var seed: UInt64?
    public var faults: FaultOptions

    public init(scenarioPath: String, root: DeviceRoot, binDirectory: URL, seed: UInt64?, faults: FaultOptions) {
        self.scenarioPath = scenarioPath
        self.root = root
        self.binDirectory = binDirectory
        self.seed = seed
        self.faults = faults
    }

    /// What one run found.
    public struct Verdict: Sendable {
        /// The run completed and the oracle found no violation. Failed
        /// expectations alone do not fail a faulted run: a fault is allowed
        /// to change what the user sees (a killed press grants nothing); the
        /// oracle judges whether the design kept its promises.
        public var passed: Bool { error == nil && violations.isEmpty }
        public var violations: [Violation]
        public var expectationFailures: [String]
        public var error: String?
        /// The `fault` trace lines of the run (`action` `kind` `fault`).
        public var faultEvents: [[String: String]]
        public var reproduce: String
        /// The run's HTML report (docs/REPORT.md), when it got far enough
        /// to draw one.
        public var report: String?
        /// Wall time of the run, for JUnit.
        public var seconds: Double = 0

        /// The first line that says why it failed.
        public var reason: String {
            if let error { return "the run stopped: \(error)" }
            if let first = violations.first { return first.description }
            return "passed"
        }
    }

    public func run() -> Verdict {
        let started = Date()
        var verdict = judge()
        verdict.seconds = Date().timeIntervalSince(started)
        return verdict
    }

    private func judge() -> Verdict {
        let reproduce = Self.reproduceCommand(scenario: scenarioPath, seed: seed, faults: faults)
        do {
            let scenario = try ScenarioParser.load(path: scenarioPath)
            if root.exists { try FileManager.default.removeItem(at: root.url) }
            try FileManager.default.createDirectory(
                at: root.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try DeviceInit.create(root: root, from: .scenario(scenario))
            var options = EngineOptions(root: root, binDirectory: binDirectory, seed: seed)
            options.faults = faults
            let result = try DeviceEngine(scenario: scenario, options: options).run()
            return Verdict(
                violations: result.violations, expectationFailures: result.failures, error: nil,
                faultEvents: Self.faultEvents(root), reproduce: reproduce, report: Self.report(root))
        } catch {
            return Verdict(
                violations: [], expectationFailures: [], error: "\(error)", faultEvents: Self.faultEvents(root),
                reproduce: reproduce, report: Self.report(root))
        }
    }

    static func report(_ root: DeviceRoot) -> String? {
        let path = RunViews.reportPath(root)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    static func faultEvents(_ root: DeviceRoot) -> [[String: String]] {
        guard let lines = try? TraceLog.read(root.trace) else { return [] }
        return lines.compactMap { try? $0.get() }.filter { $0.event == "fault" }.map(\.fields)
    }

    /// The one command that replays a run exactly.
    public static func reproduceCommand(scenario: String, seed: UInt64?, faults: FaultOptions) -> String {
        var command = "oal-device init --root NEWDIR --scenario \(scenario) && oal-device run --root NEWDIR \(scenario)"
        if let seed { command += " --seed \(seed)" }
        if faults.random { command += " --random-faults" }
        for text in faults.extra { command += " --fault " + shellQuote(text) }
        if let guest = GuestBuild.fromEnvironment() { command += guest.reproduceOption }
        return command
    }

    static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
