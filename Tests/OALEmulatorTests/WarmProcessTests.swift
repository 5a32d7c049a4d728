import Foundation
import OALPlatform
import OALProcesses
import OALSystem
import OALTestSupport
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// Warm extension processes (`oal-device run --warm SEED`, docs/PROCESSES.md):
/// real processes kept alive between callbacks, reproducible from the seed,
/// and able to show a bug only a warm process has.
@Suite struct WarmProcessTests {
    /// The draw is the seed's forever: these values pin it (a change to
    /// `WarmOptions.keeps` or `SplitMix64` changes which callbacks reuse a
    /// process, and so every warm run's trace).
    @Test func whichCallbackFindsItsProcessAliveIsPinnedBySeed() {
        let options = WarmOptions(seed: 1)
        let start = Date(timeIntervalSince1970: 1_764_489_600)
        let kept = (1...24).map {
            options.retirement(lastUsed: start, launch: $0, at: start.addingTimeInterval(60))
        }
        let pattern = String(kept.map { $0 == nil ? "k" : $0 == .draw ? "r" : "?" })
        #expect(pattern == Self.goldenSeed1, "seed 1 now draws \(pattern)")
        #expect(pattern.contains("r") && pattern.contains("k"))
        let other = WarmOptions(seed: 2)
        #expect((1...24).map { other.retirement(lastUsed: start, launch: $0, at: start) } != kept)
        // Idle longer than the limit: retired whatever the draw.
        #expect(
            (1...24).allSatisfy {
                options.retirement(lastUsed: start, launch: $0, at: start.addingTimeInterval(901)) == .idle
            })
    }

    static let goldenSeed1 = "kkkkkkkrkkkrkrrkkkkkkkkk"

    static let workday = """
        timezone UTC
        start 2026-11-30 09:00
        end 2026-11-30 11:00
        at 09:00 app list add Games --apps Chess
        at 09:00 app list add Social --apps Instagram
        at 09:01 app rule add time-limit Daily --list Games --minutes 20
        at 09:02 app rule add schedule Later --list Social --from 09:30 --to 10:30
        at 09:05 open Chess for 30m
        at 09:40 open Instagram for 2m
        at 10:00 expect blocked Chess

        """

    /// The same scenario cold and warm does the same: the trace with pids
    /// and memory blanked is the cold one's but for the warm fields, and
    /// callbacks really went to a process that served one before (one pid,
    /// several launches).
    @Test func aWarmRunDoesWhatTheColdRunDoes() throws {
        let cold = try DeviceHarness.run(Self.workday, seed: 3)
        defer { cold.remove() }
        let warm = try DeviceHarness.run(Self.workday, seed: 3, warm: WarmOptions(seed: 1))
        defer { warm.remove() }
        #expect(cold.result.passed && warm.result.passed, "\(cold.failureText)\n\(warm.failureText)")
        func comparable(_ trace: [TraceEvent]) -> [TraceEvent] {
            trace.filter { $0.event != "warm.retired" }.map {
                var line = $0.reproducible
                line.fields["warm"] = nil
                return line
            }
        }
        #expect(comparable(cold.trace) == comparable(warm.trace))
        let ends = warm.device("launch.end").filter { $0.fields["proc"] == "monitor" }
        let reused = ends.filter { $0.fields["warm"] == "reused" }
        #expect(!reused.isEmpty && ends.allSatisfy { $0.fields["warm"] != nil }, "\(ends)")
        let monitorLines = warm.trace.filter { $0.process == .monitor && $0.event == "launch" }
        let launchesPerPid = Dictionary(grouping: monitorLines, by: \.pid).mapValues(\.count)
        #expect(launchesPerPid.values.contains { $0 > 1 }, "\(launchesPerPid)")
        #expect(cold.device("warm.retired").isEmpty)
        // Every warm process ended with the run.
        let retired = warm.device("warm.retired").map { Int32($0.fields["pid"] ?? "") ?? 0 }
        #expect(Set(monitorLines.map(\.pid)).isSubset(of: Set(retired)))
        #expect(retired.allSatisfy { !ProcessSignal.isAlive($0) })
        #expect(warm.device("warm.retired").last?.fields["reason"] == "run-end")
        // `oal-device summary` counts them per extension.
        let summary = try #require(try RunSummary(root: warm.root).warm)
        #expect(summary.reused["monitor"] == reused.count)
        #expect(summary.started["monitor"] == ends.count - reused.count)
        #expect(summary.retired["run-end"] != nil)
        #expect(try RunSummary(root: warm.root).render(root: warm.root).contains("Warm processes (--warm 1)"))
        #expect(try RunSummary(root: cold.root).warm == nil)
    }

    static let staleRule = """
        timezone UTC
        start 2026-11-30 09:00
        end 2026-11-30 10:00
        at 09:00 app list add Games --apps Chess
        at 09:00 app list add Social --apps Instagram
        at 09:01 app rule add schedule Morning --list Games --from 09:00 --to 10:00
        at 09:02 app rule add schedule Later --list Social --from 09:10 --to 10:00
        at 09:05 app rule delete Morning
        at 09:20 expect unblocked Chess

        """

    /// `swarm --warm SEED` (issue 23): every seed's run is warm (its
    /// `run.start` says so), and its reproduce line says `--warm` too.
    @Test func aWarmSwarmRunsEverySeedWarm() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oal-warm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("warm.scenario")
        try (DeviceHarness.header + Self.staleRule).write(to: file, atomically: true, encoding: .utf8)
        var spec = RunSpec.built(file.path)
        spec.launches = .warm(seed: 4)
        let report = try SeedSwarm(
            spec: spec, rootBase: directory.appendingPathComponent("roots"), seeds: [1, 2], jobs: 2
        ).run()
        #expect(report.outcomes.count == 2)
        for outcome in report.outcomes {
            #expect(outcome.verdict.reproduce.hasSuffix(" --warm 4"), "\(outcome.verdict.reproduce)")
            let root = DeviceRoot(directory.appendingPathComponent("roots/seed-\(outcome.seed)"))
            let start = try TraceLog.read(root.trace).map { try $0.get() }.first { $0.event == "run.start" }
            #expect(start?.fields["warm"] == "4", "\(String(describing: start))")
        }
    }

    /// The bug warm mode exists for: a monitor that keeps the rules of its
    /// first callback in a static. Cold, each callback is a new process and
    /// the mutant is harmless; warm, the window start of 09:10 reconciles
    /// the deleted rule back onto Chess, and the oracle names it.
    @Test func aMonitorThatCachesItsRulesIsCaughtOnlyWarm() throws {
        let warm = ["--warm", "1"]
        let clean = try OracleTests.run(Self.staleRule, arguments: warm)
        #expect(clean.status == 0 && clean.report.violations.isEmpty, "\(clean.stderr)")
        let coldMutant = try OracleTests.run(Self.staleRule, mutant: "monitor-caches-rules")
        #expect(coldMutant.status == 0 && coldMutant.report.violations.isEmpty, "\(coldMutant.stderr)")
        let warmMutant = try OracleTests.run(Self.staleRule, mutant: "monitor-caches-rules", arguments: warm)
        #expect(warmMutant.status == 1, "\(warmMutant.stderr)")
        let flagged = warmMutant.report.violations(of: .overEnforced)
        #expect(flagged.contains { $0.actual.contains("no such rule") }, "\(warmMutant.report.violations)")
        #expect(flagged.first?.reproduce.contains("--warm 1") == true)
    }

    @Test func warmIsNotForFreeRunningNorAnythingButANumber() throws {
        let play = try DeviceProcessRun(Self.staleRule)
        defer { try? FileManager.default.removeItem(at: play.directory) }
        let root = play.root("device")
        try DeviceInit.create(
            root: root, from: .scenario(try ScenarioParser(file: play.file.path).parse(Self.staleRule)))
        for (extra, message) in [
            (["--warm", "1", "--free-running"], "--warm: not with --free-running"),
            (["--warm", "soon"], "--warm: 'soon' is not a whole number"),
        ] {
            let ran = try ProcessRun.run(
                URL(fileURLWithPath: play.executable),
                ["run", "--root", root.url.path, play.file.path, "--quiet"] + extra)
            #expect(ran.status == 64, "\(ran.stderr)")
            #expect(ran.stderr.contains(message), "\(ran.stderr)")
        }
    }

    /// The extension side, as a real process: a line that is not a request
    /// is answered with the usage code and the process serves on; a request
    /// runs the callback with its launch's variables; closing its input
    /// ends it with 0.
    @Test func aServingExtensionAnswersEachLineAndEndsWithItsInput() throws {
        var monitor = try ServedMonitor(WarmServer.flag, prefix: "oal-warm")
        defer { monitor.remove() }
        try monitor.send(line: "not a request")
        #expect(try monitor.next(WarmCallback.Reply.self)?.code == 64)
        for launch in [7, 8] {
            try monitor.send(launch: launch)
            #expect(try monitor.next(WarmCallback.Reply.self)?.code == 0)
        }
        #expect(try monitor.finish() == .exited(0))
        let trace = try monitor.trace()
        #expect(trace.filter { $0.event == "callback.ignored" }.compactMap(\.launch) == [7, 8])
        #expect(Set(trace.map(\.pid)) == [monitor.process.pid])
    }

    /// A warm process killed from outside while idle (SIGKILL, as jetsam
    /// may) is noticed before the next callback, which goes to a new
    /// process: traced `died`, never a callback sent down a dead pipe.
    @Test func aWarmProcessKilledWhileIdleIsReplacedNotWrittenTo() throws {
        let directory = try TemporaryDirectory.make(prefix: "oal-warm-died").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pool = WarmProcesses(options: WarmOptions(seed: 1))
        let start = Date(timeIntervalSince1970: 1_764_489_600)
        let process = try WarmProcess(
            kind: .monitor, executable: try BuiltProducts.executable("oal-monitor").path,
            environment: ProcessInfo.processInfo.environment, log: directory + "/warm.log", at: start)
        pool.adopt(process)
        // Launch 1 of seed 1 is kept by the draw (the golden pattern's first
        // `k`): alive, it is reused.
        #expect(pool.reusable(.monitor, launch: 1, at: start, retired: { _, _ in }) === process)
        try process.child.signal(SIGKILL)
        // Until it is a zombie (state `Z` in /proc/PID/stat), without
        // reaping it: the pool's own check must find it ended. (Waiting
        // for its memory sample to fail instead raced on a loaded machine:
        // a sample can fail while the process is still dying.)
        let stat = "/proc/\(process.child.pid)/stat"
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: stat, encoding: .utf8)) ?? ""
            // `PID (COMM) STATE ...`: the state follows the last `)`.
            if let close = text.lastIndex(of: ")"), text[text.index(after: close)...].hasPrefix(" Z") { break }
            usleep(1000)
        }
        var reasons: [WarmOptions.Retirement] = []
        #expect(pool.reusable(.monitor, launch: 2, at: start, retired: { reasons.append($1) }) == nil)
        #expect(reasons == [.died])
        #expect(pool.reusable(.monitor, launch: 3, at: start, retired: { _, _ in }) == nil)
    }
}
