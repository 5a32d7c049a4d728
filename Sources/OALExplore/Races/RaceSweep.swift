import Foundation
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario
import OALSystem

/// `oal-device race`: lists every pause point a scenario's run reaches and
/// what could happen at each instant, then reruns the scenario once per
/// (point, interleaving) with the launch stopped there while the other
/// thing runs, and lets the oracle judge each rerun (docs/FAULTS.md).
public struct RaceSweep: Sendable {
    /// The run every interleaving repeats with one preempt more, and how
    /// (`kinds` nil: app, monitor, shield-config, shield-action).
    public var settings: SweepSettings
    /// Only these interleavings (nil: all).
    public var interleavings: Set<Interleaving>?

    public static let pausable: Set<FaultTarget> = [.app, .monitor, .shieldConfig, .shieldAction]

    public init(_ settings: SweepSettings, interleavings: Set<Interleaving>? = nil) {
        self.settings = settings
        self.interleavings = interleavings
    }

    public struct Outcome: SweepOutcome {
        public var site: RaceSite
        /// The launches behind the snapshot it started from (nil: from the
        /// first line).
        public var snapshotLaunch: Int? = nil
        public var verdict: FaultRun.Verdict
        /// The launch stopped at the point in the rerun.
        public var paused: Bool
        /// What ran while it was stopped, as the trace says (nil: nothing
        /// was due after all).
        public var interleaved: String?
        /// It was resumed before the interleaving ended, because someone
        /// waited for a lock it held.
        public var resumedEarly: Bool

        public var progressText: String {
            "\(site): \(verdict.passed ? "pass" : "FAILED")" + (paused ? "" : " (not reached in the rerun)")
                + (paused && interleaved == nil ? " (nothing was due)" : "")
                + (resumedEarly ? " (resumed early: a lock)" : "")
        }
        public var indexLabel: String { site.description }
        public var testName: String { site.description }
        public var testOutput: String { "line: \(site.line)\ninterleaved: \(interleaved ?? "nothing was due")" }
    }

    /// One distinct failure: (target and point, interleaving, violation kind).
    public struct Failure: Sendable {
        public var target: FaultTarget
        public var point: String
        public var with: Interleaving
        /// The oracle check's name, or `run-stopped`.
        public var kind: String
        public var outcomes: [Outcome]

        public var first: Outcome { outcomes[0] }

        public var firstMessage: String {
            if let error = first.verdict.error { return "the run stopped: \(error)" }
            return first.verdict.violations.first { $0.check.rawValue == kind }?.description ?? first.verdict.reason
        }
    }

    public struct Report: SweepReport {
        public static let title = "race sweep"
        public static let testClass = "race"
        /// Every (launch, point, occurrence) the listing run reached, of the
        /// kinds asked for.
        public var pauseSites: Int
        /// Every (site, interleaving) possible there (before `limit`).
        public var candidates: [RaceSite]
        public var baseline: FaultRun.Verdict
        public var outcomes: [Outcome]
        public var index: String? = nil
        public var scenario: String = ""
        public var shard: Shard? = nil
        /// The snapshots the reruns started from (nil: `--no-snapshots`).
        public var snapshots: SnapshotUse? = nil

        public init(
            pauseSites: Int, candidates: [RaceSite], baseline: FaultRun.Verdict, outcomes: [Outcome],
            index: String? = nil, scenario: String = "", shard: Shard? = nil, snapshots: SnapshotUse? = nil
        ) {
            self.pauseSites = pauseSites
            self.candidates = candidates
            self.baseline = baseline
            self.outcomes = outcomes
            self.index = index
            self.scenario = scenario
            self.shard = shard
            self.snapshots = snapshots
        }

        public var listing: FaultRun.Verdict? { baseline }
        public var passed: [Outcome] { outcomes.filter(\.verdict.passed) }
        public var failedOutcomes: [Outcome] { failed }

        /// Failures deduplicated by (target and point, interleaving,
        /// violation kind), in the order first seen.
        public var failures: [Failure] {
            var order: [String] = []
            var groups: [String: Failure] = [:]
            for outcome in outcomes where !outcome.verdict.passed {
                var kinds: [String] = []
                if outcome.verdict.error != nil { kinds.append("run-stopped") }
                for violation in outcome.verdict.violations where !kinds.contains(violation.check.rawValue) {
                    kinds.append(violation.check.rawValue)
                }
                for kind in kinds {
                    let key = "\(outcome.site.target.rawValue) \(outcome.site.point) \(outcome.site.with) \(kind)"
                    if groups[key] == nil {
                        order.append(key)
                        groups[key] = Failure(
                            target: outcome.site.target, point: outcome.site.point, with: outcome.site.with,
                            kind: kind, outcomes: [])
                    }
                    groups[key]!.outcomes.append(outcome)
                }
            }
            return order.map { groups[$0]! }
        }

        public func render(color: ColorPolicy = .plain) -> String {
            let failures = self.failures
            var text = "race sweep: \(pauseSites) pause site(s) reached, \(candidates.count) interleaving(s) possible, "
            text += "\(outcomes.count) rerun" + shardText
            text += " (\(outcomes.filter(\.paused).count) paused, "
            text += "\(outcomes.filter { $0.paused && $0.interleaved == nil }.count) with nothing due), "
            text += "\(passed.count) passed, \(failedOutcomes.count) failed, \(failures.count) distinct failure(s)\n"
            if !baseline.passed { text += "baseline run (no pause) failed: \(baseline.reason)\n" }
            if let snapshots { text += snapshots.render(points: outcomes.map(\.snapshotLaunch)) + "\n" }
            var previous: RaceSite?
            for failure in failures {
                text += color.paint("FAIL", .red)
                text +=
                    " [\(failure.kind)] \(failure.target.rawValue) at \(failure.point) with \(failure.with.rawValue)"
                text += " (\(failure.outcomes.count) site(s))\n"
                text += "  first: \(failure.first.site): \(failure.firstMessage)\n"
                // Several kinds from one run: its details once.
                if failure.first.site == previous { continue }
                previous = failure.first.site
                if let ran = failure.first.interleaved { text += "  interleaved: \(ran)\n" }
                text += "  line: \(failure.first.site.line)\n"
                text += reproduceLines(failure.first.verdict)
            }
            if let index { text += "every run's report: \(index)\n" }
            return text
        }
    }

    var sweep: Sweep<RaceSite> { settings.sweep() }

    /// The listing run: every pause site reached, in launch order, and what
    /// could interleave at each launch's instant.
    public func list(recorder: SnapshotRecorder? = nil) throws -> (
        sites: [RaceSite], pauseSites: Int, baseline: FaultRun.Verdict
    ) {
        let (baseline, logs) = try sweep.list(.pause, of: settings.resolved, recorder: recorder)
        var sites: [RaceSite] = []
        var pauseSites = 0
        let kinds = settings.kinds ?? Self.pausable
        for log in logs {
            guard kinds.contains(log.target), Self.pausable.contains(log.target) else { continue }
            let possible = log.due.filter { interleavings?.contains($0) ?? true }.sorted()
            for (point, occurrence) in log.points {
                pauseSites += 1
                for with in possible {
                    sites.append(
                        RaceSite(
                            launch: log.launch, target: log.target, point: point, occurrence: occurrence, with: with))
                }
            }
        }
        return (sites, pauseSites, baseline)
    }

    public func run() throws -> Report {
        settings.progress?("listing the pause points of \(settings.scenarioPath)...")
        let recorder = sweep.recorder(.pause, snapshots: settings.snapshots)
        let (candidates, pauseSites, baseline) = try list(recorder: recorder)
        let (outcomes, index, use) = try sweep.run(
            candidates, listing: baseline, recorder: recorder, of: settings.resolved, title: Report.title,
            announce: "\(pauseSites) pause site(s), \(candidates.count) interleaving(s) possible")
        return Report(
            pauseSites: pauseSites, candidates: candidates, baseline: baseline, outcomes: outcomes, index: index,
            scenario: settings.scenarioPath, shard: settings.shard, snapshots: use)
    }

    /// Reruns the scenario once per site, `race-<position>` under the base.
    public func rerun(_ sites: [(position: Int, site: RaceSite)]) -> [Outcome] {
        sweep.rerun(sites, of: settings.resolved, shelf: nil)
    }
}
