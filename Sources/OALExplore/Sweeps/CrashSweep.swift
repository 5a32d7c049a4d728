import Foundation
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario
import OALSystem

/// `oal-device sweep`: lists every crash point a scenario's run reaches
/// (one run with `OAL_CRASH_LOG` per launch), then reruns the scenario in a
/// fresh root once per point with a SIGKILL there, and lets the oracle
/// judge each rerun.
public struct CrashSweep: Sendable {
    /// The run every point repeats with one kill more, and how (`kinds`
    /// nil: every kind but the device).
    public var settings: SweepSettings

    /// Kill at every system call that changes a file (`--syscalls`,
    /// strace) instead of at the crash points the code announces.
    public var syscalls: Bool
    /// At each crash point, the power goes with the process (`--power-loss`):
    /// the App Group and the app's container keep only what was synced.
    public var powerLoss: Bool

    public init(_ settings: SweepSettings, syscalls: Bool = false, powerLoss: Bool = false) {
        self.settings = settings
        self.syscalls = syscalls
        self.powerLoss = powerLoss && !syscalls
        // A rerun started from a snapshot would boot with everything the
        // listing run wrote counted as synced: a store that never syncs
        // would lose only the killed launch's writes. Every rerun plays
        // from the first line, as its reproduce line does.
        if self.powerLoss { self.settings.snapshots = false }
    }

    var listing: PointLog.Kind { syscalls ? .syscall : .crash }

    public struct Outcome: SweepOutcome {
        public var site: CrashSite
        /// The launches the snapshot it started from had behind it (nil:
        /// replayed from the first line).
        public var snapshotLaunch: Int? = nil
        public var verdict: FaultRun.Verdict
        /// Whether the rerun really died there (a kill can change nothing
        /// before it, so it should, unless the run diverged).
        public var killed: Bool

        public var progressText: String {
            "\(site): \(verdict.passed ? "survived (no violation)" : "FAILED")"
                + (killed ? "" : " (not reached in the rerun)")
                + (verdict.expectationFailures.isEmpty
                    ? "" : ", \(verdict.expectationFailures.count) expectation(s) changed")
        }
        public var indexLabel: String { site.description }
        public var testName: String { site.description }
        public var testOutput: String { killed ? "" : "the kill was not reached in the rerun" }
    }

    /// What the words of a rerun's line mean, said once before the reruns
    /// and in the report (issue 34: "survived, 6 expectation(s) changed"
    /// and exit 0 read as a contradiction).
    public static let legend =
        "survived: the oracle found no violation in the rerun; \"N expectation(s) changed\": N of the "
        + "scenario's expect lines saw something else, which a kill may change (a killed press grants "
        + "nothing), so they do not fail it (docs/FAULTS.md, \"Crash-point sweep\")"

    public struct Report: SweepReport {
        public static let title = "crash-point sweep"
        public static let testClass = "sweep"
        /// Every site the listing run reached (before `limit`).
        public var reached: [CrashSite]
        public var baseline: FaultRun.Verdict
        public var outcomes: [Outcome]
        /// `<root-base>/index.html`, linking every rerun's report.
        public var index: String? = nil
        public var scenario: String = ""
        public var shard: Shard? = nil
        /// The snapshots the points started from and the most disk they
        /// held at once (nil: `--no-snapshots`).
        public var snapshots: SnapshotUse? = nil
        /// The points are system calls (`--syscalls`).
        public var syscalls = false
        /// The power went at each point (`--power-loss`).
        public var powerLoss = false
        public var survived: Int { outcomes.filter(\.verdict.passed).count }
        public var listing: FaultRun.Verdict? { baseline }

        public func render(color: ColorPolicy = .plain) -> String {
            var text = syscalls ? "syscall sweep: " : powerLoss ? "power-loss sweep: " : "crash-point sweep: "
            text += "\(reached.count) point(s) reached, \(outcomes.count) rerun"
            text += shardText + ", "
            text += "\(survived) survived, \(failed.count) failed"
            text += countsText + "\n"
            text += CrashSweep.legend + "\n"
            if !baseline.passed { text += "baseline run (no kill) failed [\(baseline.kind)]: \(baseline.reason)\n" }
            if let snapshots { text += snapshots.render(points: outcomes.map(\.snapshotLaunch)) + "\n" }
            if syscalls { text += byKindAndCall() }
            for outcome in failed {
                text += color.paint("FAIL", .red)
                text += " [\(outcome.verdict.kind)] \(outcome.site): \(outcome.verdict.reason)\n"
                text += reproduceLines(outcome.verdict)
            }
            if let index { text += "every run's report: \(index)\n" }
            return text
        }
    }

    var sweep: Sweep<CrashSite> { settings.sweep() }

    /// At most `limit` of `sites`, each group (process kind and point name)
    /// given an equal share, a group smaller than its share all of it and
    /// the rest shared among the larger ones; within a group, evenly
    /// spread; in the list's order.
    static func stratified(_ sites: [CrashSite], limit: Int) -> [CrashSite] {
        var groups: [String: [Int]] = [:]
        for (index, site) in sites.enumerated() {
            groups["\(site.target.rawValue) \(site.point)", default: []].append(index)
        }
        var left = limit
        var shares: [String: Int] = [:]
        var open = groups.keys.sorted { groups[$0]!.count < groups[$1]!.count }
        while !open.isEmpty {
            let share = max(1, left / open.count)
            let key = open.removeFirst()
            let take = min(groups[key]!.count, share, left)
            shares[key] = take
            left -= take
        }
        var chosen: [Int] = []
        for (key, members) in groups {
            let take = shares[key] ?? 0
            chosen += (0..<take).map { members[$0 * members.count / take] }
        }
        return chosen.sorted().map { sites[$0] }
    }

    /// The listing run: every site reached, in launch order.
    public func list(recorder: SnapshotRecorder? = nil) throws -> (sites: [CrashSite], baseline: FaultRun.Verdict) {
        let (baseline, logs) = try sweep.list(listing, of: settings.resolved, recorder: recorder)
        var sites: [CrashSite] = []
        for log in logs {
            if let kinds = settings.kinds, !kinds.contains(log.target) { continue }
            if settings.kinds == nil, log.target == .device { continue }
            for (point, occurrence) in log.points {
                sites.append(
                    CrashSite(
                        launch: log.launch, target: log.target, point: point, occurrence: occurrence,
                        syscall: syscalls, powerLoss: powerLoss))
            }
        }
        return (sites, baseline)
    }

    public func run() throws -> Report {
        settings.progress?(
            "listing the \(syscalls ? "file-changing system calls" : "crash points") of \(settings.scenarioPath)...")
        let recorder = sweep.recorder(listing, snapshots: settings.snapshots)
        let (reached, baseline) = try list(recorder: recorder)
        settings.progress?(Self.legend)
        // System calls are thousands of `flock`s and a few `rename`s: a
        // limit spread evenly over the list would rerun no rename, so each
        // (kind, call) gets its share of it first.
        var skeleton = sweep
        var sites = reached
        if syscalls, let limit = settings.limit, limit < reached.count {
            sites = Self.stratified(reached, limit: limit)
            skeleton.limit = nil
        }
        let (outcomes, index, use) = try skeleton.run(
            sites, listing: baseline, recorder: recorder, of: settings.resolved, title: Report.title,
            announce: "\(reached.count) point(s) reached")
        return Report(
            reached: reached, baseline: baseline, outcomes: outcomes, index: index, scenario: settings.scenarioPath,
            shard: settings.shard, snapshots: use, syscalls: syscalls, powerLoss: powerLoss)
    }
}

extension CrashSweep.Report {
    /// Per process kind and point name: reached, rerun, survived (the
    /// syscall sweep's table, docs/RELIABILITY.md).
    public struct Tally: Sendable, Equatable {
        public var target: FaultTarget
        public var point: String
        public var reached = 0
        public var rerun = 0
        public var survived = 0
    }

    public var tallies: [Tally] {
        var byKey: [String: Tally] = [:]
        func key(_ site: CrashSite) -> String { "\(site.target.rawValue) \(site.point)" }
        for site in reached {
            byKey[key(site), default: Tally(target: site.target, point: site.point)].reached += 1
        }
        for outcome in outcomes {
            byKey[key(outcome.site), default: Tally(target: outcome.site.target, point: outcome.site.point)].rerun += 1
            if outcome.verdict.passed { byKey[key(outcome.site)]!.survived += 1 }
        }
        return byKey.values.sorted { ($0.target.rawValue, $0.point) < ($1.target.rawValue, $1.point) }
    }

    func byKindAndCall() -> String {
        var text = "process kind     system call   reached   rerun   survived\n"
        for tally in tallies {
            text += tally.target.rawValue.padding(toLength: 17, withPad: " ", startingAt: 0)
            text += tally.point.padding(toLength: 13, withPad: " ", startingAt: 0)
            text += String(format: "%8d %7d %10d\n", tally.reached, tally.rerun, tally.survived)
        }
        return text
    }
}
