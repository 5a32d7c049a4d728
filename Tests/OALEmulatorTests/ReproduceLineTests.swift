import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALProcesses
import OALSystem
import OALTestSupport
import Testing

/// Every reproduce line a failing batch prints replays its verdict (issue
/// 24): a sweep's point, a swarm's seed, a race's interleaving and a
/// shrink's result, with a mutant planted so that each fails. Each line is
/// run through `sh` as a user would paste it, on a new root.
@Suite struct ReproduceLineTests {
    static let mutant = "monitor-skips-minutes"

    /// Runs `line` with NEWDIR replaced and returns the replay's checks.
    static func replay(_ line: String, in directory: URL, name: String) throws -> Set<OracleCheck> {
        let root = directory.appendingPathComponent("replay-\(name)").path
        let command = line.replacingOccurrences(of: RunSpec.newRoot, with: root)
        var environment = ProcessInfo.processInfo.environment
        environment[Mutant.variable] = nil
        let shell = try ChildProcess.spawn(
            "/bin/sh", arguments: ["-c", command], environment: environment, standardOutput: "/dev/null",
            standardError: "/dev/null"
        ).wait()
        #expect(shell == .exited(1), "\(name): \(command)")
        let report = try #require(OracleReport.last(root: DeviceRoot(URL(fileURLWithPath: root))), "\(command)")
        return Set(report.violations.map(\.check))
    }

    @Test func everyLineAFailingBatchPrintsReplaysItsVerdict() throws {
        let directory = try TemporaryDirectory.make(prefix: "oal-reproduce")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("minutes.scenario")
        try OracleTests.minutes.write(to: file, atomically: true, encoding: .utf8)
        let spec = RunSpec.built(file.path, mutant: Self.mutant)
        var lines: [(String, String, Set<OracleCheck>)] = []

        let sweep = try CrashSweep(
            SweepSettings(
                spec: spec, rootBase: directory.appendingPathComponent("sweep"), limit: 2, kinds: [.monitor], jobs: 2)
        ).run()
        let point = try #require(sweep.failed.first)
        lines.append(("sweep", point.verdict.reproduce, Set(point.verdict.violations.map(\.check))))

        let swarm = try SeedSwarm(spec: spec, rootBase: directory.appendingPathComponent("swarm"), seeds: [3]).run()
        let seed = try #require(swarm.failed.first)
        lines.append(("swarm", seed.verdict.reproduce, Set(seed.verdict.violations.map(\.check))))

        let race = try RaceSweep(
            SweepSettings(
                spec: spec, rootBase: directory.appendingPathComponent("race"), limit: 1, kinds: [.monitor])
        )
        .run()
        let interleaving = try #require(race.outcomes.first { !$0.verdict.passed })
        lines.append(("race", interleaving.verdict.reproduce, Set(interleaving.verdict.violations.map(\.check))))

        let shrunk = try Shrinker(spec: spec, rootBase: directory.appendingPathComponent("shrink"), jobs: 2).run()
        lines.append(("shrink", shrunk.reproduce, Set(shrunk.verdict.violations.map(\.check))))

        for (name, line, checks) in lines {
            #expect(checks.contains(.minutesRecorded), "\(name): \(checks)")
            #expect(line.contains("\(Mutant.variable)=\(Self.mutant) "), "\(name): \(line)")
            #expect(try RunSpec.parse(command: line).mutant == Self.mutant)
            #expect(try Self.replay(line, in: directory, name: name) == checks, "\(name): \(line)")
        }
    }
}
