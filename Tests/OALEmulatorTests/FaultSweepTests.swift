import Foundation
import OALDomain
import OALEmulator
import OALPlatform
import OALTestSupport
import Testing

@testable import OALExplore

/// The crash-point sweep and the seed swarm, CI-sized. The full sweep is
/// `scripts/sweep` (docs/FAULTS.md).
@Suite struct FaultSweepTests {
    static func scenario(_ directory: URL) throws -> String {
        let file = directory.appendingPathComponent("small.scenario")
        try """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 10:00
        at 08:00 app list add Games --apps Chess
        at 08:00 app rule add open-limit Gate --list Games --opens 2
        at 09:00 press open on Chess for 5m
        at 09:30 expect usage Gate opens 1 of 2
        """.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    static func directory() throws -> URL { try TemporaryDirectory.make(prefix: "oal-sweep") }

    @Test func aSmallCrashPointSweepListsRerunsAndJudgesEveryPoint() throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let sweep = try CrashSweep(
            SweepSettings(
                spec: .built(try Self.scenario(base)), rootBase: base, limit: 6, kinds: [.shieldAction, .monitor]))
        let report = try sweep.run()
        #expect(report.baseline.passed, "\(report.baseline.reason)")
        #expect(report.reached.count >= 6)
        #expect(report.reached.contains { $0.point == "shield-action.after-spend" })
        #expect(report.outcomes.count == 6)
        #expect(report.outcomes.allSatisfy { $0.killed })
        for failure in report.failed {
            #expect(failure.verdict.reproduce.contains("--fault 'kill "))
        }
        #expect(report.render().contains("6 rerun"))
    }

    @Test func aSwarmWithFixedSeedsGivesTheSameVerdictsTwice() throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let path = try Self.scenario(base)
        func swarm() throws -> [(UInt64, Bool, [String])] {
            try SeedSwarm(spec: .built(path), rootBase: base, seeds: [7, 8])
                .run().outcomes.map { ($0.seed, $0.verdict.passed, $0.faults) }
        }
        let first = try swarm()
        let second = try swarm()
        #expect(first.map(\.0) == second.map(\.0))
        #expect(first.map(\.1) == second.map(\.1))
        #expect(first.map(\.2) == second.map(\.2))
        #expect(first.allSatisfy { !$0.2.isEmpty })
    }

    /// The demo day under seeds 1–6: simultaneous callbacks (midnight) are
    /// judged once the instant is done, so no seed fails on a false
    /// positive. A seed may still fail on a documented finding: seed 5 kills
    /// a press right after its open reached the ledger (finding 1,
    /// `open-lost`), which the oracle must flag; nothing else may fail.
    @Test func theDemoDaySwarmFailsOnlyOnFindings() throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let demo = Repository.root.appendingPathComponent("scenarios/demo-day.scenario").path
        let report = try SeedSwarm(spec: .built(demo), rootBase: base, seeds: Array(1...6)).run()
        #expect(report.outcomes.count == 6)
        for outcome in report.outcomes {
            #expect(outcome.verdict.error == nil, "seed \(outcome.seed): \(outcome.verdict.reason)")
            let unexpected = outcome.verdict.violations.filter { $0.check != .openLost }
            #expect(unexpected.isEmpty, "seed \(outcome.seed) \(outcome.faults): \(unexpected)")
            for violation in outcome.verdict.violations {
                #expect(
                    outcome.faults.contains { $0.contains("kill shield-action") }, "seed \(outcome.seed): \(violation)")
            }
        }
    }

    @Test func oneFaultSyntaxForLinesOptionsAndDraws() throws {
        for text in [
            "kill monitor at ledger.append.after-lock#2 launch 7", "kill shield-action after-ms 5", "kill device",
            "close app for 1d", "delay intervalDidStart sched* by 30m", "delay interval * until next-use count all",
            "drop intervalDidEnd rule* count 2", "refire intervalDidStart sched* after 10m",
            "batch thresholds * until next-callback", "batch thresholds rule* until +2h", "double-tap",
            "concurrent-press 3", "clock jump -1h", "clock timezone America/New_York", "store newer-format usage",
            "disk-full all bytes 512 for 1h", "kill device at-line 120", "power-loss",
            "power-loss shield-action at ledger.append.after-write#2 launch 4",
        ] {
            let fault = try FaultParser.parse(text: text)
            let again = try FaultParser.parse(text: fault.description)
            #expect(again == fault, "\(text) -> \(fault)")
        }
        #expect(throws: FaultParser.Failure.self) { try FaultParser.parse(text: "kill monitor") }
        // Only the device counts the trace's lines: an extension's kill at a
        // line would land in whatever launch happened to run then.
        #expect(throws: FaultParser.Failure.self) { try FaultParser.parse(text: "kill monitor at-line 3") }
        #expect(throws: FaultParser.Failure.self) { try FaultParser.parse(text: "kill device at-line 0") }
        // The device is where the power goes, not a process it loses it in.
        #expect(throws: FaultParser.Failure.self) {
            try FaultParser.parse(text: "power-loss device at device.deliver.after-launch")
        }
        #expect(throws: FaultParser.Failure.self) { try FaultParser.parse(text: "power-loss monitor") }
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        #expect((0..<4).map { _ in a.next() } == (0..<4).map { _ in b.next() })
    }
}

/// `oal-device kill-sweep` (issue 23): the emulated OS killed at its own
/// crash points, resumed, and compared with a run never killed.
@Suite struct DeviceKillSweepTests {
    @Test func everyDevicePointResumesToTheSameVerdictAndUsage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oal-ks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("morning.scenario")
        try """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 10:00
        at 08:00 app list add Video --apps YouTube
        at 08:00 app rule add time-limit Cap --list Video --minutes 3
        at 09:00 open YouTube for 5m
        at 09:04 expect blocked YouTube
        """.write(to: file, atomically: true, encoding: .utf8)
        let report = try DeviceKillSweep(
            run: ResolvedRun.resolve(.built(file.path)), rootBase: directory.appendingPathComponent("roots"), limit: 8,
            jobs: 2
        ).run()
        #expect(report.pointsListed > 20, "\(report.render())")
        #expect(report.outcomes.count == 8)
        #expect(report.outcomes.allSatisfy { $0.killed }, "\(report.render())")
        #expect(report.differing.isEmpty, "\(report.render())")
        #expect(report.baseline.usage.contains { $0.hasSuffix(" 3m 0o") }, "\(report.baseline)")
        // The point between a callback's launch and its `deliver` line is
        // among those listed (the kill that once redelivered a threshold).
        #expect(report.listed.contains { $0.hasPrefix("device.deliver.after-launch#") }, "\(report.listed)")
    }

    /// With OpenAppLock in front, a device killed at one of its own points
    /// leaves its foreground loop running. The resumed device adopts it
    /// (its pid is in `app-loop.json`) but used to stop only a loop it had
    /// started or one a `kill device` fault recorded, so every such point
    /// of the full demo-day sweep left an `oal-app run` polling its root for
    /// ever (184 of them, issue 23). A finished run now stops the loop the
    /// root's hand-shake names, unless it is the supervisor's.
    @Test func aKilledDevicesLoopEndsWithTheResumedRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oal-ks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("in-front.scenario")
        try """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 09:00
        at 08:00 app list add Video --apps YouTube
        at 08:00 app rule add time-limit Cap --list Video --minutes 3
        at 08:01 open OpenAppLock for 50m
        at 08:30 expect unblocked YouTube
        """.write(to: file, atomically: true, encoding: .utf8)
        let roots = directory.appendingPathComponent("roots")
        let report = try DeviceKillSweep(
            run: ResolvedRun.resolve(.built(file.path)), rootBase: roots, limit: 6, jobs: 2
        ).run()
        #expect(report.outcomes.allSatisfy { $0.killed }, "\(report.render())")
        #expect(report.differing.isEmpty, "\(report.render())")
        let left = Self.processes(naming: roots.path)
        #expect(left.isEmpty, "processes left running on the sweep's roots: \(left)")
    }

    /// The same for a timed `kill device` with OpenAppLock in front: the
    /// resumed device adopts the loop the dead one left (the hand-shake
    /// names it) and stops it when the run ends. Nothing else records it.
    @Test func aLoopLeftByATimedDeviceKillEndsWithTheResumedRun() throws {
        let device = try DeviceProcessRun(
            """
            timezone Europe/Paris
            start 2026-11-30 08:00
            end day 1 09:00
            at 08:00 app list add Video --apps YouTube
            at 08:01 open OpenAppLock for 50m
            at 08:20 fault kill device
            at 08:30 expect unblocked YouTube
            """)
        defer { device.remove() }
        let root = device.root("device")
        #expect(try device.initialize(root) == .exited(0))
        #expect(try device.play(root) == .signaled(SIGKILL))
        #expect(!Self.processes(naming: root.url.path).isEmpty, "the killed device left no loop to adopt")
        #expect(try device.play(root) == .exited(0))
        let left = Self.processes(naming: root.url.path)
        #expect(left.isEmpty, "processes left running on the root: \(left)")
    }

    /// The command lines of the running processes that name `path`.
    static func processes(naming path: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.filter { Int32($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
            return line.contains(path) ? "\(pid): \(line)" : nil
        }
    }
}

extension DeviceKillSweepTests {
    /// Issue 39: a device killed after a press's shield action exited and
    /// before it traced the press (`device.press.after-launch`) resumes to
    /// the run never killed: the granted press is still a grant the oracle
    /// counts (`opens-exactly-once` blamed the app), the denied one still
    /// denied (`expect press denied` failed), and the app opened by the
    /// grant is still in front.
    @Test func aDeviceKilledBetweenAPressAndItsRecordResumesToTheSameRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oal-ks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("presses.scenario")
        try """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 10:00
        at 08:00 app list add Games --apps Chess
        at 08:00 app rule add open-limit Gate --list Games --opens 1
        at 08:30 press open on Chess for 5m
        at 08:31 expect unblocked Chess
        at 09:00 press open on Chess
        at 09:01 expect press denied
        at 09:02 expect blocked Chess
        """.write(to: file, atomically: true, encoding: .utf8)
        let report = try DeviceKillSweep(
            run: ResolvedRun.resolve(.built(file.path)), rootBase: directory.appendingPathComponent("roots"),
            jobs: 2, only: "device.press.after-launch"
        ).run()
        #expect(report.outcomes.map(\.point) == ["device.press.after-launch#1", "device.press.after-launch#2"])
        #expect(report.outcomes.allSatisfy { $0.killed }, "\(report.render())")
        #expect(report.baseline.violations.isEmpty, "\(report.baseline)")
        #expect(report.differing.isEmpty, "\(report.render())")
    }
}

extension DeviceKillSweepTests {
    /// Issue 39: the device killed at instants none of its crash points
    /// names, chosen by the trace's line count (so the grid does not depend
    /// on the machine's speed): while an extension runs, between its exit
    /// and the device's record of it, between two steps. Each resumes, with
    /// the same command, to the run never killed.
    @Test func aDeviceKilledAtAnyTraceLineResumesToTheSameRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oal-ks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("timed.scenario")
        try """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 10:00
        at 08:00 app list add Games --apps Chess
        at 08:00 app list add Video --apps YouTube
        at 08:00 app rule add open-limit Gate --list Games --opens 1
        at 08:00 app rule add time-limit Cap --list Video --minutes 3
        at 08:30 press open on Chess for 5m
        at 08:31 expect unblocked Chess
        at 09:00 open YouTube for 5m
        at 09:04 expect blocked YouTube
        at 09:10 press open on Chess
        at 09:11 expect press denied
        """.write(to: file, atomically: true, encoding: .utf8)
        let roots = directory.appendingPathComponent("roots")
        let report = try DeviceKillSweep(
            run: ResolvedRun.resolve(.built(file.path)), rootBase: roots, jobs: 2, timedInstants: 24
        ).run()
        #expect(report.outcomes.count == 24, "\(report.render())")
        #expect(report.outcomes.allSatisfy { $0.point.hasPrefix("at-line ") }, "\(report.listed)")
        #expect(report.outcomes.filter(\.killed).count >= 20, "\(report.render())")
        #expect(report.baseline.violations.isEmpty, "\(report.baseline)")
        #expect(report.differing.isEmpty, "\(report.render())")
        let left = Self.processes(naming: roots.path)
        #expect(left.isEmpty, "processes left running on the sweep's roots: \(left)")
    }
}

/// Issue 39: every system call that changes a file is a crash point. The
/// listing run puts each launch under strace; each rerun SIGKILLs one
/// launch on entry to its Nth call of one of them.
@Suite struct SyscallSweepTests {
    @Test func aStraceLogListsTheFileChangingCallsNumberedAsStraceCountsThem() {
        let log = """
            openat(AT_FDCWD, "/r/appgroup/usage.lock", O_RDWR|O_CLOEXEC) = 3
            flock(3, LOCK_EX)                       = 0
            openat(AT_FDCWD, "/r/appgroup/usage.tmp", O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC, 0600) = 4
            write(4, "{\\"day\\"..., 52) = 52
            --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED} ---
            renameat2(AT_FDCWD, "/r/appgroup/usage.tmp", AT_FDCWD, "/r/appgroup/usage.json", 0) = 0
            flock(3, LOCK_UN)                       = 0
            +++ exited with 0 +++
            """
        let points = SyscallLog.points(in: log).map { "\($0.point)#\($0.occurrence)" }
        // The first openat creates nothing: counted (strace numbers it), not listed.
        #expect(points == ["flock#1", "openat#2", "write#1", "renameat2#1", "flock#2"])
    }

    /// Thousands of `flock`s and a handful of `rename`s: a limited sweep
    /// gives each kind and call its share, the small ones all of theirs.
    @Test func aLimitedSweepGivesEveryCallItsShare() {
        func sites(_ point: String, _ count: Int) -> [CrashSite] {
            (1...count).map { CrashSite(launch: 1, target: .monitor, point: point, occurrence: $0, syscall: true) }
        }
        let all = sites("flock", 1000) + sites("rename", 10) + sites("unlink", 2)
        let chosen = CrashSweep.stratified(all, limit: 20)
        #expect(chosen.count == 20)
        #expect(chosen.filter { $0.point == "unlink" }.count == 2)
        #expect(chosen.filter { $0.point == "rename" }.count == 9)
        #expect(chosen.filter { $0.point == "flock" }.count == 9)
        #expect(chosen.map { all.firstIndex(of: $0)! } == chosen.map { all.firstIndex(of: $0)! }.sorted())
    }

    @Test func theFaultNamesOneCallOfOneLaunch() throws {
        let fault = try FaultParser.parse(text: "kill monitor at-syscall renameat2#2 launch 7")
        #expect(fault == .killAtSyscall(.monitor, syscall: "renameat2", invocation: 2, launch: 7))
        #expect(try FaultParser.parse(text: fault.description) == fault)
        #expect(throws: FaultParser.Failure.self) { try FaultParser.parse(text: "kill monitor at-syscall read#1") }
        #expect(throws: FaultParser.Failure.self) { try FaultParser.parse(text: "kill monitor at-syscall write#0") }
        #expect(throws: FaultParser.Failure.self) { try FaultParser.parse(text: "kill device at-syscall write#1") }
    }

    @Test func everyKindOfProcessIsKilledAtItsCallsAndTheOwnDesignSurvives() throws {
        let directory = try TemporaryDirectory.make(prefix: "oal-syscalls")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("calls.scenario")
        try """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 09:30
        at 08:00 app list add Games --apps Chess
        at 08:00 app rule add open-limit Gate --list Games --opens 1
        at 08:30 press open on Chess for 5m
        at 09:00 open Chess for 5m
        """.write(to: file, atomically: true, encoding: .utf8)
        let report = try CrashSweep(
            SweepSettings(
                spec: .built(file.path), rootBase: directory.appendingPathComponent("roots"), limit: 40, jobs: 2),
            syscalls: true
        ).run()
        let kinds = Set(report.reached.map(\.target))
        #expect(kinds.isSuperset(of: [.app, .monitor, .shieldConfig, .shieldAction]), "\(kinds)")
        let calls = Set(report.reached.map(\.point))
        #expect(calls.isSuperset(of: ["write", "flock", "openat", "rename"]), "\(calls)")
        #expect(report.outcomes.count == 40)
        #expect(report.outcomes.allSatisfy { $0.killed }, "\(report.render(color: .plain))")
        #expect(report.failed.isEmpty, "\(report.render(color: .plain))")
        #expect(report.render(color: .plain).contains("system call   reached"))
    }
}

extension DeviceKillSweepTests {
    /// Issue 39: the device itself killed by strace on entry to its own
    /// file-changing system calls (its trace lines, state saves, locks),
    /// then the same command again: the same verdict and usage. A kill
    /// after the run recorded its end (while printing the summary) leaves
    /// nothing to resume: the restart is refused as finished, and the
    /// root holds the finished run.
    @Test func aDeviceKilledAtItsOwnSystemCallsResumesToTheSameRun() throws {
        let directory = try TemporaryDirectory.make(prefix: "oal-ks-sys")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("calls.scenario")
        try """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 09:30
        at 08:00 app list add Games --apps Chess
        at 08:00 app rule add open-limit Gate --list Games --opens 1
        at 08:30 press open on Chess for 5m
        at 08:31 expect unblocked Chess
        """.write(to: file, atomically: true, encoding: .utf8)
        var sweep = DeviceKillSweep(
            run: try ResolvedRun.resolve(.built(file.path)), rootBase: directory.appendingPathComponent("roots"),
            limit: 12, jobs: 2)
        sweep.syscalls = true
        let report = try sweep.run()
        #expect(report.pointsListed > 100, "\(report.render())")
        #expect(
            Set(report.listed.map { $0.split(separator: "#")[0] }).isSuperset(of: [
                "at-syscall write", "at-syscall flock",
            ]))
        #expect(report.outcomes.count == 12)
        // Half at least: the device's count of a call moves from run to
        // run (lines that depend on timing, the oracle's rereads of a file
        // written less than 100 ms before), so a number the listing run
        // reached may not come in another run (7 of these 12 did).
        #expect(report.outcomes.filter(\.killed).count >= 6, "\(report.render())")
        #expect(report.differing.isEmpty, "\(report.render())")
    }
}

extension DeviceKillSweepTests {
    /// Issue 39's resume swarm, small: each seed's fault mix played never
    /// killed and then with the device killed at a trace line the seed
    /// draws, resumed by the same command; both end alike.
    // CI at 1e199c5, under load, seed 3's kill landed on the instant the
    // revoked authorization was given back, after the give-back was
    // forgotten and before it was made: the restart never gave it back and
    // the day's open was lost. The give-back is made before it is forgotten.
    @Test
    func eachSeedKilledAtAnInstantItDrawsResumesToItsOwnEnding() throws {
        let directory = try TemporaryDirectory.make(prefix: "oal-kill-swarm")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("gate.scenario")
        try """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 10:00
        at 08:00 app list add Games --apps Chess
        at 08:00 app rule add open-limit Gate --list Games --opens 2
        at 09:00 press open on Chess for 5m
        at 09:30 press open on Chess for 5m
        at 10:00 press open on Chess
        """.write(to: file, atomically: true, encoding: .utf8)
        let report = try DeviceKillSwarm(
            run: ResolvedRun.resolve(.built(file.path)), rootBase: directory.appendingPathComponent("roots"),
            seeds: [3, 4], jobs: 2
        ).run()
        #expect(report.outcomes.count == 2)
        #expect(
            report.outcomes.allSatisfy { $0.killed && $0.point?.hasPrefix("at-line ") == true }, "\(report.render())")
        #expect(report.differing.isEmpty, "\(report.render())")
        // The instant comes from the seed alone: the same seed, the same line.
        #expect(DeviceKillSwarm.line(seed: 3, lines: 500) == DeviceKillSwarm.line(seed: 3, lines: 500))
        #expect((1...500).contains(DeviceKillSwarm.line(seed: 9, lines: 500)))
    }
}

extension DeviceKillSweepTests {
    /// Resume swarm seed 63: the device died while a shield action it had
    /// armed with a kill was running. The launch died at its point, but the
    /// resumed device never saw it end, kept the kill armed, and killed the
    /// next press too: one open fewer than the run never killed. A launch
    /// handed a kill is now settled from the trace on resume (no `exit`
    /// line: SIGKILL, the kill is spent).
    @Test func aKillHandedToALaunchTheDeadDeviceNeverSawEndIsSpent() throws {
        // A few lines into the shield action (the killed run's trace has
        // one line more, its own kill's): the device dies while it runs.
        try Self.resumesAsNeverKilled(
            """
            timezone Europe/Paris
            start 2026-11-30 08:00
            end 2026-11-30 11:00
            fault kill shield-action at shield-action.after-record
            at 08:00 app list add Games --apps Chess
            at 08:00 app rule add open-limit Gate --list Games --opens 3
            at 09:00 press open on Chess for 5m
            at 09:30 press open on Chess for 5m
            at 10:00 press open on Chess for 5m

            """
        ) { lines in "at-line \(try #require(lines.firstIndex { $0.contains("\"armed-launch\"") }) + 1 + 4)" }
    }
}

extension DeviceKillSweepTests {
    /// Resume swarm seed 66: the device died in the middle of releasing a
    /// batch of held thresholds. They had all left the held list, and the
    /// ones not yet delivered were lost with the device: a day's minutes
    /// never reached the ledger. A release is now in flight first, as a
    /// boundary's callbacks are, and a restart delivers what never started.
    @Test func aBatchReleasedWhenTheDeviceDiedIsDeliveredWhole() throws {
        // Just past the first release (the killed run's trace has one line
        // more, its own kill's): the rest of the batch is still to come.
        let baseline = try Self.resumesAsNeverKilled(
            """
            timezone Europe/Paris
            start 2026-11-30 08:00
            end 2026-11-30 12:00
            fault batch thresholds * until next-callback
            at 08:00 app list add Video --apps YouTube
            at 08:00 app list add Social --apps Instagram
            at 08:00 app rule add time-limit Cap --list Video --minutes 3
            at 08:00 app rule add schedule Later --list Social --from 10:00 --to 11:00
            at 09:00 open YouTube for 5m

            """
        ) { lines in "at-line \(try #require(lines.firstIndex { $0.contains("\"released\"") }) + 1 + 2)" }
        #expect(baseline.usage.contains { $0.hasSuffix(" 3m 0o") }, "\(baseline)")
    }
}

extension DeviceKillSweepTests {
    /// Resume swarm seed 102: the device died while writing a store damage
    /// (`store truncate rule-snapshots`), the file empty. The fault was
    /// marked applied, so the restart never wrote it again, and the oracle,
    /// never told, blamed the app for an empty mirror (`stores-parse`). The
    /// damage is now saved in flight first, and a restart writes it whole
    /// and tells the oracle, as the run never killed did.
    @Test func aStoreDamageTheDeviceDiedWritingIsFinishedOnRestart() throws {
        try Self.resumesAsNeverKilled(
            """
            timezone Europe/Paris
            start 2026-11-30 08:00
            end 2026-11-30 10:00
            at 08:00 app list add Social --apps Instagram
            at 08:00 app rule add schedule Later --list Social --from 09:00 --to 09:30
            at 08:30 fault store truncate rule-snapshots

            """
        ) { _ in "device.damage.after-truncate#1" }
    }
}

extension DeviceKillSweepTests {
    /// Resume swarm seed 115: `concurrent-press 2` ran two shield actions
    /// for one tap (one granted, one denied), and the device died before it
    /// traced the press. The restart took the last launch's answer
    /// (denied), so the oracle never counted the open the other spent
    /// (`opens-exactly-once` and three more). It now takes the answer the
    /// device would have: a grant if one launch granted.
    @Test func aDoubledPressTheDeviceDiedBeforeTracingIsFinishedWithItsGrant() throws {
        let baseline = try Self.resumesAsNeverKilled(
            """
            timezone Europe/Paris
            start 2026-11-30 08:00
            end 2026-11-30 10:00
            at 08:00 app list add Games --apps Chess
            at 08:00 app rule add open-limit Gate --list Games --opens 2
            at 08:59 fault concurrent-press 2
            at 09:00 press open on Chess for 5m
            at 09:30 press open on Chess for 5m

            """
        ) { _ in "device.press.after-launch#1" }
        #expect(baseline.usage.contains { $0.hasSuffix(" 0m 2o") }, "\(baseline)")
    }
}

extension DeviceKillSweepTests {
    /// Resume swarm seed 398: `thresholds-at-once` marked every unreached
    /// threshold reached, saved, and fired them one by one; the device died
    /// among them, and the rest were never delivered (the budget never
    /// spent, YouTube left open). They are now in flight with that save,
    /// and a restart delivers what never started.
    @Test func thresholdsFiredAtOnceWhenTheDeviceDiedAreDeliveredWhole() throws {
        // Just past the first threshold fired (the killed run's trace has
        // one line more, its own kill's): the others are still to come.
        let baseline = try Self.resumesAsNeverKilled(
            """
            timezone Europe/Paris
            start 2026-11-30 08:00
            end 2026-11-30 10:00
            at 08:00 app list add Video --apps YouTube
            at 08:00 app rule add time-limit Cap --list Video --minutes 5
            at 08:30 fault thresholds-at-once rule*
            at 09:00 open YouTube for 10m
            at 09:30 expect blocked YouTube

            """
        ) { lines in "at-line \(try #require(lines.firstIndex { $0.contains("\"fired\"") }) + 1 + 2)" }
        #expect(baseline.expectations == "1 met, 0 failed", "\(baseline)")
    }
}

extension DeviceKillSweepTests {
    /// Resume swarm seed 434: the device died right after it injected
    /// `clock timezone Pacific/Kiritimati`, its key saved as applied and the
    /// travel not: the restart never travelled, and the next day's usage
    /// and an expectation differed. The travel is now in flight with the
    /// key, saved whole before it leaves, and a restart makes it whole.
    @Test func theDemoDaySeed434KilledAtItsTravelResumesToItsOwnEnding() throws {
        let directory = try TemporaryDirectory.make(prefix: "oal-kill-travel")
        defer { try? FileManager.default.removeItem(at: directory) }
        let demo = Repository.root.appendingPathComponent("scenarios/demo-day.scenario").path
        let report = try DeviceKillSwarm(
            run: ResolvedRun.resolve(.built(demo)), rootBase: directory.appendingPathComponent("roots"),
            seeds: [434]
        ).run()
        #expect(report.outcomes.first?.killed == true, "\(report.render())")
        #expect(report.differing.isEmpty, "\(report.render())")
    }
}

extension DeviceKillSweepTests {
    /// Resume swarm seed 247: killed right after a threshold's monitor
    /// exited, the resumed oracle counted the same stretch of use split at
    /// another instant; the sum came out 1.2e-7 s over and tipped the
    /// thirtieth minute a minute early (`under-enforced`). The oracle's
    /// usage is kept in whole milliseconds, so any split gives one sum.
    @Test func theDemoDaySeed247KilledMidStretchResumesToItsOwnEnding() throws {
        let directory = try TemporaryDirectory.make(prefix: "oal-kill-stretch")
        defer { try? FileManager.default.removeItem(at: directory) }
        let demo = Repository.root.appendingPathComponent("scenarios/demo-day.scenario").path
        let report = try DeviceKillSwarm(
            run: ResolvedRun.resolve(.built(demo)), rootBase: directory.appendingPathComponent("roots"),
            seeds: [247]
        ).run()
        #expect(report.outcomes.first?.killed == true, "\(report.render())")
        #expect(report.differing.isEmpty, "\(report.render())")
    }
}

extension DeviceKillSweepTests {
    /// Plays `scenario` never killed, then killed at the point `point`
    /// names from the unkilled run's trace lines and started again with the
    /// same command; expects the kill to land and both runs to end alike,
    /// and returns the unkilled run's ending.
    @discardableResult
    static func resumesAsNeverKilled(
        _ scenario: String, point: ([Substring]) throws -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> DeviceKillSweep.Ending {
        let directory = try TemporaryDirectory.make(prefix: "oal-kill-resume")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("resume.scenario")
        try scenario.write(to: file, atomically: true, encoding: .utf8)
        let sweep = DeviceKillSweep(
            run: try ResolvedRun.resolve(.built(file.path)), rootBase: directory.appendingPathComponent("roots"))
        let baselineRoot = directory.appendingPathComponent("roots/never-killed", isDirectory: true)
        try FileManager.default.createDirectory(
            at: baselineRoot.deletingLastPathComponent(), withIntermediateDirectories: true)
        try sweep.prepare(baselineRoot)
        #expect(DeviceKillSweep.finished(try sweep.play(baselineRoot, fault: nil)), sourceLocation: sourceLocation)
        let baseline = try DeviceKillSweep.ending(DeviceRoot(baselineRoot))
        let lines = try String(contentsOf: DeviceRoot(baselineRoot).trace, encoding: .utf8).split(separator: "\n")
        let outcome = sweep.sweep(
            try point(lines), root: directory.appendingPathComponent("roots/killed", isDirectory: true))
        #expect(outcome.killed, "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.error == nil, "\(outcome.error ?? "")", sourceLocation: sourceLocation)
        #expect(
            outcome.ending == baseline,
            "resumed \(outcome.ending.map(\.description) ?? "none"), never killed \(baseline)",
            sourceLocation: sourceLocation)
        return baseline
    }
}
