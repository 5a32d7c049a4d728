import Foundation
import Glibc
import OALPlatform
import OALStore
import OALSystem
import OALTestSupport
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALProcesses
@testable import OALRunViews

/// Forked launches (`oal-device run --forked`, docs/PROCESSES.md): every
/// plain extension launch is a fresh process forked by a fork server of its
/// kind, so a run is the cold run, only started without `execve`.
@Suite struct ForkedLaunchTests {
    /// The same scenario cold and forked does the same: the trace with pids
    /// and memory blanked is the cold one's but for `run.start` naming the
    /// launches; every extension launch is a process of its own (a pid per
    /// launch, none of them a fork server's), whose peak memory the server
    /// reported; the servers end with the run.
    @Test func aForkedRunIsTheColdRun() throws {
        let cold = try DeviceHarness.run(WarmProcessTests.workday, seed: 3)
        defer { cold.remove() }
        let forked = try DeviceHarness.run(WarmProcessTests.workday, seed: 3, forked: true)
        defer { forked.remove() }
        #expect(cold.result.passed && forked.result.passed, "\(cold.failureText)\n\(forked.failureText)")
        func comparable(_ trace: [TraceEvent]) -> [TraceEvent] {
            trace.map {
                var line = $0.reproducible
                if line.event == "run.start" { line.fields["launches"] = nil }
                return line
            }
        }
        #expect(comparable(cold.trace) == comparable(forked.trace))
        #expect(forked.device("run.start").first?.fields["launches"] == "forked")
        #expect(cold.device("run.start").first?.fields["launches"] == nil)
        let extensionLaunches = forked.trace.filter {
            $0.event == "launch" && [.monitor, .shieldConfig, .shieldAction].contains($0.process)
        }
        #expect(extensionLaunches.count > 3)
        #expect(Set(extensionLaunches.map(\.pid)).count == extensionLaunches.count, "a pid served two launches")
        let ends = forked.device("launch.end").filter { $0.fields["proc"] == "monitor" }
        #expect(!ends.isEmpty && ends.allSatisfy { Int($0.fields[TraceEvent.peakMemoryField] ?? "") ?? 0 > 0 })
        // The servers' pids are in their logs' names' process, never a
        // launch's: each launch line's pid is a child's, and every child and
        // server is gone once the run returned.
        #expect(extensionLaunches.allSatisfy { !ProcessSignal.isAlive($0.pid) })
        let logs = try FileManager.default.contentsOfDirectory(
            atPath: forked.root.logs.appendingPathComponent("capture").path)
        #expect(logs.contains("fork-monitor.log"), "\(logs)")
        // `oal-device summary` says so, and where a forked peak comes from.
        let summary = try RunSummary(root: forked.root)
        let coldSummary = try RunSummary(root: cold.root)
        #expect(summary.forked && !coldSummary.forked)
        let text = summary.render(root: forked.root)
        #expect(text.contains("Launches: forked") && text.contains("a forked launch's ru_maxrss"), "\(text)")
    }

    /// Concurrent presses (`concurrent-press N`) are N processes at once in
    /// every launch mode. Forked and warm, they used to share the one
    /// server channel of their kind from N threads, so one launch got the
    /// other's exit status and output (issue 23, seed 249). Each launch's
    /// recorded status is now the one its own process traced on exit, and
    /// each ran in a process of its own.
    @Test(arguments: ["forked", "warm"]) func concurrentPressesAreProcessesOfTheirOwnInEveryMode(mode: String) throws {
        let scenario = """
            end day 1 12:00
            at 08:00 app list add Puzzles --apps "Candy Crush"
            at 08:00 app rule add open-limit Three --list Puzzles --opens 3
            at 09:00 press open on "Candy Crush"
            at 10:00 fault concurrent-press 4
            at 10:00 press open on "Candy Crush"
            at 11:00 fault concurrent-press 3
            at 11:00 press open on "Candy Crush"
            """
        for seed: UInt64 in 1...3 {
            let run = try DeviceHarness.run(
                scenario, seed: seed, warm: mode == "warm" ? WarmOptions(seed: seed) : nil, forked: mode == "forked")
            defer { run.remove() }
            let applied = FaultTests.faults(run, "applied").filter { $0.fields["kind"] == "concurrent-press" }
            #expect(applied.count == 7, "\(applied)")
            for press in applied {
                let launch = try #require(press.fields["launch"].flatMap(Int.init))
                let exits = run.trace.filter { $0.launch == launch && $0.event == "exit" }
                #expect(exits.count == 1, "launch \(launch): \(exits)")
                #expect(exits.first?.fields["code"] == press.fields["status"], "launch \(launch): \(press) \(exits)")
                let ended = run.device("launch.end").filter { $0.fields["launch"] == String(launch) }
                #expect(ended.map { $0.fields["status"] } == [press.fields["status"]], "launch \(launch)")
            }
            // The launches of one press run at once, so each is a process.
            let numbers = Set(applied.compactMap { $0.fields["launch"].flatMap(Int.init) })
            let pids = run.trace.filter { $0.event == "launch" && numbers.contains($0.launch ?? -1) }.map(\.pid)
            #expect(pids.count == 7 && Set(pids).count == 7, "a process served two concurrent launches: \(pids)")
        }
    }

    /// The reproduce line a violation prints replays it, in the launch mode
    /// that found it (issue 23): run through a shell as a user would paste
    /// it, with the mutant it names, it gives the same violations.
    @Test(arguments: ["cold", "forked", "warm"]) func aViolationsReproduceLineReplaysItInItsMode(mode: String) throws {
        let run = try DeviceHarness.run(
            OracleTests.minutes, warm: mode == "warm" ? WarmOptions(seed: 2) : nil, forked: mode == "forked",
            mutant: "monitor-skips-minutes")
        defer { run.remove() }
        let checks = Set(run.result.violations.map(\.check))
        let line = try #require(run.result.violations.first?.reproduce)
        #expect(checks.contains(.minutesRecorded), "\(run.result.violations)")
        let replay = run.root.url.deletingLastPathComponent().appendingPathComponent("replay").path
        // As printed: the executables' own path, no PATH needed.
        let command = line.replacingOccurrences(of: "NEWDIR", with: replay)
        var environment = ProcessInfo.processInfo.environment
        environment[Mutant.variable] = nil
        let shell = try ChildProcess.spawn(
            "/bin/sh", arguments: ["-c", command], environment: environment, standardOutput: "/dev/null",
            standardError: "/dev/null"
        ).wait()
        #expect(shell == .exited(1), "\(command)")
        let replayed = try #require(OracleReport.last(root: DeviceRoot(URL(fileURLWithPath: replay))))
        #expect(Set(replayed.violations.map(\.check)) == checks, "\(command)\n\(replayed.violations)")
        let start = try TraceLog.read(DeviceRoot(URL(fileURLWithPath: replay)).trace).compactMap { try? $0.get() }
            .first { $0.event == "run.start" }
        #expect(start?.fields["launches"] == (mode == "forked" ? "forked" : nil), "\(command)")
        #expect(start?.fields["warm"] == (mode == "warm" ? "2" : nil), "\(command)")
    }

    /// A launch's own variables reach its forked process: a mutant named
    /// only for the launches (not in the device's environment, so not in
    /// the fork server's) is set in each child before the callback runs,
    /// and the oracle catches it as it does spawned.
    @Test func aMutantNamedPerLaunchReachesEachForkedChild() throws {
        #expect(ProcessInfo.processInfo.environment[Mutant.variable] == nil)
        for forked in [false, true] {
            let run = try DeviceHarness.run(OracleTests.minutes, forked: forked, mutant: "monitor-skips-minutes")
            defer { run.remove() }
            #expect(
                run.result.violations.contains { $0.check == .minutesRecorded },
                "forked \(forked): \(run.result.violations)")
            // Its reproduce line replays the same mode (a forked swarm's left
            // `--forked` out, issue 23).
            let lines = run.result.violations.map(\.reproduce)
            #expect(!lines.isEmpty && lines.allSatisfy { $0.hasSuffix(" --forked") == forked }, "\(lines)")
        }
    }

    @Test func forkedIsOnlyForLockstepColdRuns() throws {
        let play = try DeviceProcessRun(WarmProcessTests.staleRule)
        defer { try? FileManager.default.removeItem(at: play.directory) }
        let root = play.root("device")
        try DeviceInit.create(
            root: root, from: .scenario(try ScenarioParser(file: play.file.path).parse(WarmProcessTests.staleRule)))
        for (extra, message) in [
            (["--forked", "--free-running"], "--forked: not with --free-running"),
            (["--forked", "--warm", "1"], "--forked: not with --warm"),
        ] {
            let ran = try ProcessRun.run(
                URL(fileURLWithPath: play.executable),
                ["run", "--root", root.url.path, play.file.path, "--quiet"] + extra)
            #expect(ran.status == 64, "\(ran.stderr)")
            #expect(ran.stderr.contains(message), "\(ran.stderr)")
        }
        // A library caller is refused before a run too: a spec forked and
        // free-running does not resolve.
        var spec = RunSpec.built(play.file.path)
        spec.launches = .forked
        spec.freeRunningSpeed = FreeRunningOptions.defaultSpeed
        let scenario = try ScenarioParser(file: play.file.path).parse(WarmProcessTests.staleRule)
        let error = #expect(throws: EngineError.self) { try ResolvedRun.resolve(spec, scenario: scenario) }
        #expect(
            error?.description.contains("--forked: not with --free-running") == true, "\(String(describing: error))")
        #expect(error?.exitCode == .usage)
    }

    /// The server side, as real processes: a line that is not a request is
    /// answered with the usage code and no child; each request is forked
    /// into a child with its own pid and its launch's variables; a child
    /// SIGKILLed mid-callback (blocked on the press lock this test holds)
    /// is reported killed and the server forks the next one; closing its
    /// input ends the server with 0.
    @Test func aForkServerForksEachLaunchAndOutlivesAKilledChild() throws {
        var server = try ServedMonitor(ForkServer.flag, prefix: "oal-fork")
        defer { server.remove() }
        try server.send(line: "not a request")
        let refused = try #require(try server.next(ForkServer.Ended.self))
        #expect(refused.pid == 0 && refused.code == 64)

        var pids: [Int32] = []
        try server.send(launch: 7)
        pids.append(try #require(try server.next(ForkServer.Started.self)).pid)
        let first = try #require(try server.next(ForkServer.Ended.self))
        #expect(first.pid == pids[0] && first.code == 0 && first.peakKiB > 0, "\(first)")

        // Launch 8 blocks on the press lock held here, and is killed there.
        let press = try FileLock(
            path: server.root.appGroup.appendingPathComponent(PendingGrantStore.pressLockName).path)
        try press.acquire(.exclusive)
        try server.send(launch: 8)
        let blocked = try #require(try server.next(ForkServer.Started.self)).pid
        pids.append(blocked)
        // Until it is waiting on the lock (its trace line `callback` written).
        func waiting() throws -> Bool { try server.trace().contains { $0.launch == 8 && $0.event == "callback" } }
        let deadline = Date().addingTimeInterval(20)
        while try !waiting(), Date() < deadline { usleep(2000) }
        #expect(try waiting())
        try ProcessSignal.send(SIGKILL, to: blocked)
        let killed = try #require(try server.next(ForkServer.Ended.self))
        #expect(killed.pid == blocked && killed.signal == SIGKILL && killed.code == nil, "\(killed)")
        try press.release()

        try server.send(launch: 9)
        pids.append(try #require(try server.next(ForkServer.Started.self)).pid)
        let ended = try #require(try server.next(ForkServer.Ended.self))
        #expect(ended.pid == pids[2] && ended.code == 0 && ended.peakKiB > 0, "\(ended)")

        #expect(try server.finish() == .exited(0))
        #expect(Set(pids).count == 3 && !pids.contains(server.process.pid), "\(pids) server \(server.process.pid)")
        let trace = try server.trace()
        #expect(trace.filter { $0.event == "callback.ignored" }.compactMap(\.launch) == [7, 9])
        #expect(trace.filter { $0.event == "exit" }.compactMap(\.launch) == [7, 9])
        // Each launch's lines carry its own process's pid.
        for (launch, pid) in zip([7, 8, 9], pids) {
            #expect(trace.filter { $0.launch == launch }.allSatisfy { $0.pid == pid })
        }
    }

    /// The warm-up finds every document a callback reads where the stores
    /// keep it (a wrong name would only skip it, silently) and decodes a
    /// file again only once its bytes changed. A forked child inherits the
    /// pass's decoding (`DocumentPriming`): the reads a monitor callback
    /// makes first (the rule mirror, the registry's names, the clock, every
    /// ManagedSettings store, the shield stores' tracking) decode nothing
    /// when the bytes are the ones the pass saw, and decode afresh once
    /// they changed. (One test: another forgetting the memo between the
    /// pass and the reads would fail it.)
    @Test func aCallbacksReadsOfWhatThePassSawDecodeNothing() throws {
        let run = try DeviceHarness.run(WarmProcessTests.workday, seed: 3)
        defer { run.remove() }
        DocumentPriming.forgetAll()
        #expect(ForkWarmUp.run(root: run.root) { true }.isEmpty, "a launch waiting stops the pass at once")
        let names = ForkWarmUp.run(root: run.root).map { URL(fileURLWithPath: $0).lastPathComponent }
        for name in [
            "clock.json", "rule-snapshots.json", "rule-snapshots-copy.json", "shield-stores.json",
            "deviceactivity.json", "catalog.json",
        ] {
            #expect(names.contains(name), "\(name) not decoded: \(names)")
        }
        #expect(
            names.contains { $0.hasPrefix("rule-") && $0 != "rule-snapshots.json" && $0 != "rule-snapshots-copy.json" })
        #expect(ForkWarmUp.run(root: run.root).isEmpty, "nothing changed, nothing is decoded again")
        let platform = try EmulatedPlatform(root: run.root)
        let appGroup = try AppGroupContainer(url: run.root.appGroup)
        let rules = try RuleSnapshotStore(container: appGroup)
        let tracking = try ShieldStoreTracking(container: appGroup)
        let settings = try platform.managedSettings.storeNames()
        #expect(!settings.isEmpty)
        let paths =
            [rules.file.path, tracking.file.path]
            + ["deviceactivity", "clock"].map { run.root.system.path + "/\($0).json" }
            + settings.map { run.root.managedSettings.path + "/\($0).json" }
        func readAll() throws {
            _ = try rules.current()
            _ = try tracking.file.read()
            _ = try platform.deviceActivity.activities()
            _ = try platform.clock.now()
            _ = try platform.managedSettings.effective()
        }
        let primed = try DocumentPriming.countingDecodes { try readAll() }
        #expect(paths.map { primed[$0, default: 0] } == paths.map { _ in 0 }, "\(paths)")

        // Bytes the pass never saw, written as another process would: the
        // read decodes them itself, and nothing else.
        var clock = try platform.clock.state()
        clock.now += 60
        let clockPath = run.root.system.path + "/clock.json"
        let envelope = DocumentEnvelope<ClockState>(format: EmulatedClock.format, version: EmulatedClock.version)
        try AtomicFile.replace(clockPath, with: envelope.encode(clock, storeName: "clock"), durable: false)
        let changed = try DocumentPriming.countingDecodes { try readAll() }
        #expect(paths.map { changed[$0, default: 0] } == paths.map { $0 == clockPath ? 1 : 0 }, "\(paths)")
        #expect(try platform.clock.now() == clock.now)
    }

    /// An executable that does not serve `--fork-server` (a guest built
    /// before it existed) ends at once: the launch fails with an error that
    /// says so and names the server's log, never a launch "killed".
    @Test func aServerThatEndsBeforeForkingIsAnErrorNotAKill() throws {
        let directory = try TemporaryDirectory.make(prefix: "oal-fork-died").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ForkServerProcess(
            kind: .monitor, executable: "/bin/false", environment: [:], log: directory + "/fork-monitor.log")
        let request = WarmCallback.Request(
            arguments: ["--help"], environment: [:], standardOutput: directory + "/1.out",
            standardError: directory + "/1.err")
        // Until it has ended (a zombie keeps no memory), so the request is
        // written to a pipe nobody reads: EPIPE, never this process's death
        // by SIGPIPE.
        while (try? ProcessMemory.sample(of: server.server.pid)) != nil { usleep(1000) }
        let error = #expect(throws: ForkServerProcess.Died.self) { try server.launch(request) }
        #expect(error?.termination == .exited(1), "\(String(describing: error))")
        #expect(error?.description.contains("fork-monitor.log") == true)
    }

    /// `--forked` on a batch command reaches every run it makes (in the
    /// spec each run is made from): a sweep's
    /// points fork their plain launches and pass as spawned ones do.
    @Test func aForkedSweepForksEveryPointsLaunches() throws {
        let play = try DeviceProcessRun(WarmProcessTests.staleRule)
        defer { try? FileManager.default.removeItem(at: play.directory) }
        let base = play.directory.appendingPathComponent("sweep").path
        let sweep = try ProcessRun.run(
            URL(fileURLWithPath: play.executable),
            ["sweep", "--root-base", base, play.file.path, "--limit", "2", "--kinds", "monitor", "--forked", "--quiet"])
        #expect(sweep.status == 0, "\(sweep.stdout)\n\(sweep.stderr)")
        #expect(sweep.stdout.contains("2 rerun, 2 survived, 0 failed"), "\(sweep.stdout)")
        for point in ["point-1", "point-2"] {
            let trace = try TraceLog.read(DeviceRoot(path: base + "/" + point).trace).map { try $0.get() }
            let starts = trace.filter { $0.process == .device && $0.event == "run.start" }
            #expect(!starts.isEmpty && starts.allSatisfy { $0.fields["launches"] == "forked" }, "\(point): \(starts)")
        }
    }
}
