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

    public init(_ settings: SweepSettings) { self.settings = settings }

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
        public var survived: Int { outcomes.filter(\.verdict.passed).count }
        public var listing: FaultRun.Verdict? { baseline }

        public func render(color: ColorPolicy = .plain) -> String {
            var text = "crash-point sweep: \(reached.count) point(s) reached, \(outcomes.count) rerun"
            text += shardText + ", "
            text += "\(survived) survived, \(failed.count) failed"
            text += countsText + "\n"
            text += CrashSweep.legend + "\n"
            if !baseline.passed { text += "baseline run (no kill) failed [\(baseline.kind)]: \(baseline.reason)\n" }
            if let snapshots { text += snapshots.render(points: outcomes.map(\.snapshotLaunch)) + "\n" }
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

    /// The listing run: every site reached, in launch order.
    public func list(recorder: SnapshotRecorder? = nil) throws -> (sites: [CrashSite], baseline: FaultRun.Verdict) {
        let (baseline, logs) = try sweep.list(.crash, of: settings.resolved, recorder: recorder)
        var sites: [CrashSite] = []
        for log in logs {
            if let kinds = settings.kinds, !kinds.contains(log.target) { continue }
            if settings.kinds == nil, log.target == .device { continue }
            for (point, occurrence) in log.points {
                sites.append(CrashSite(launch: log.launch, target: log.target, point: point, occurrence: occurrence))
            }
        }
        return (sites, baseline)
    }

    public func run() throws -> Report {
        settings.progress?("listing the crash points of \(settings.scenarioPath)...")
        let recorder = sweep.recorder(.crash, snapshots: settings.snapshots)
        let (reached, baseline) = try list(recorder: recorder)
        settings.progress?(Self.legend)
        let (outcomes, index, use) = try sweep.run(
            reached, listing: baseline, recorder: recorder, of: settings.resolved, title: Report.title,
            announce: "\(reached.count) point(s) reached")
        return Report(
            reached: reached, baseline: baseline, outcomes: outcomes, index: index, scenario: settings.scenarioPath,
            shard: settings.shard, snapshots: use)
    }
}
