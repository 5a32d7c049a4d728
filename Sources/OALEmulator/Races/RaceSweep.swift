import Foundation
import OALPlatform
import OALSystem

/// One place a race can be run: the n-th time launch L (a process of kind
/// K) reaches pause point P, with what runs while it is stopped there.
public struct RaceSite: Hashable, Sendable, CustomStringConvertible {
    public var launch: Int
    public var target: FaultTarget
    public var point: String
    public var occurrence: Int
    public var with: Interleaving

    /// The fault that makes exactly this interleaving.
    public var fault: Fault {
        .preempt(target, point: "\(point)#\(occurrence)", launch: launch, with: with)
    }

    /// The scenario line that replays it (a header line: the launch is pinned).
    public var line: String { "fault \(fault)" }

    public var description: String {
        "\(target.rawValue) launch \(launch) at \(point)#\(occurrence) with \(with.rawValue)"
    }
}

/// `oal-device race`: lists every pause point a scenario's run reaches and
/// what could happen at each instant, then reruns the scenario once per
/// (point, interleaving) with the launch stopped there while the other
/// thing runs, and lets the oracle judge each rerun (docs/FAULTS.md).
public struct RaceSweep: Sendable {
    /// The run every interleaving repeats, with one preempt more; its
    /// mutant (a test's way to show a race the design fixed) reaches every
    /// launch of every rerun.
    public var spec: RunSpec
    public var scenarioPath: String { spec.scenario }
    public var rootBase: URL
    /// At most this many reruns, spread evenly over the list.
    public var limit: Int?
    /// Only these paused kinds (nil: app, monitor, shield-config, shield-action).
    public var kinds: Set<FaultTarget>?
    /// Only these interleavings (nil: all).
    public var interleavings: Set<Interleaving>?
    public var jobs: Int
    public var shard: Shard?
    /// Each rerun starts from the listing run's snapshot before its launch
    /// (`--no-snapshots`: from the first line), as the crash sweep's points.
    public var snapshots: Bool
    public var progress: (@Sendable (String) -> Void)?

    public static let pausable: Set<FaultTarget> = [.app, .monitor, .shieldConfig, .shieldAction]

    public init(
        spec: RunSpec, rootBase: URL, limit: Int? = nil, kinds: Set<FaultTarget>? = nil,
        interleavings: Set<Interleaving>? = nil, jobs: Int = 1, shard: Shard? = nil, snapshots: Bool = true,
        progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.spec = spec
        self.rootBase = rootBase
        self.limit = limit
        self.kinds = kinds
        self.interleavings = interleavings
        self.jobs = jobs
        self.shard = shard
        self.snapshots = snapshots
        self.progress = progress
    }

    public struct Outcome: Sendable {
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

    public struct Report: Sendable {
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

        public var passed: [Outcome] { outcomes.filter(\.verdict.passed) }
        public var failedOutcomes: [Outcome] { outcomes.filter { !$0.verdict.passed } }

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
            text += "\(outcomes.count) rerun" + (shard.map { " (shard \($0))" } ?? "")
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
                text += "  reproduce: \(failure.first.verdict.reproduce)\n"
                if let report = failure.first.verdict.report { text += "  report: \(report)\n" }
            }
            if let index { text += "every run's report: \(index)\n" }
            return text
        }

        /// One test case per (site, interleaving) rerun (`--junit`).
        public func junit() -> JUnitReport {
            let name = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
            return JUnitReport(
                name: "race sweep of \(name)" + (shard.map { " (shard \($0))" } ?? ""),
                cases: outcomes.map {
                    JUnitReport.testCase(
                        classname: "race.\(name)", name: $0.site.description, verdict: $0.verdict,
                        output: "line: \($0.site.line)\ninterleaved: \($0.interleaved ?? "nothing was due")")
                })
        }
    }

    /// The listing run: every pause site reached, in launch order, and what
    /// could interleave at each launch's instant.
    public func list(recorder: SnapshotRecorder? = nil) throws -> (
        sites: [RaceSite], pauseSites: Int, baseline: FaultRun.Verdict
    ) {
        let logs = rootBase.appendingPathComponent("pause-log", isDirectory: true)
        try? FileManager.default.removeItem(at: logs)
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let baseline = FaultRun(
            spec: spec, root: DeviceRoot(rootBase.appendingPathComponent("list", isDirectory: true)),
            snapshots: recorder.map { .record($0) }, pauseLogDirectory: logs
        ).run()
        let files = try FileManager.default.contentsOfDirectory(atPath: logs.path)
        let parsed: [(Int, FaultTarget, String)] = files.compactMap { name in
            guard name.hasSuffix(".log"), let dash = name.firstIndex(of: "-"),
                let launch = Int(name[..<dash]),
                let target = FaultTarget(rawValue: String(name[name.index(after: dash)...].dropLast(4)))
            else { return nil }
            return (launch, target, String(name.dropLast(4)))
        }
        var sites: [RaceSite] = []
        var pauseSites = 0
        let kinds = self.kinds ?? Self.pausable
        for (launch, target, stem) in parsed.sorted(by: { $0.0 < $1.0 }) {
            guard kinds.contains(target), Self.pausable.contains(target) else { continue }
            let text = (try? String(contentsOf: logs.appendingPathComponent(stem + ".log"), encoding: .utf8)) ?? ""
            let due = ((try? String(contentsOf: logs.appendingPathComponent(stem + ".due"), encoding: .utf8)) ?? "")
                .split(separator: "\n").compactMap { Interleaving(rawValue: String($0)) }
            let possible = due.filter { interleavings?.contains($0) ?? true }.sorted()
            var seen: [String: Int] = [:]
            for line in text.split(separator: "\n") {
                let point = String(line)
                seen[point, default: 0] += 1
                pauseSites += 1
                for with in possible {
                    sites.append(
                        RaceSite(launch: launch, target: target, point: point, occurrence: seen[point]!, with: with))
                }
            }
        }
        return (sites, pauseSites, baseline)
    }

    /// Evenly spread choice of at most `limit` sites.
    static func choose(_ sites: [RaceSite], limit: Int?) -> [RaceSite] {
        guard let limit, limit < sites.count else { return sites }
        guard limit > 0 else { return [] }
        return (0..<limit).map { sites[$0 * sites.count / limit] }
    }

    public func run() throws -> Report {
        progress?("listing the pause points of \(scenarioPath)...")
        let recorder = snapshots ? SnapshotShelf.recorder(base: rootBase, logs: "pause-log") : nil
        let (candidates, pauseSites, baseline) = try list(recorder: recorder)
        // A stop signal ends the sweep as interrupted (130/143), as the
        // crash sweep and the swarm do, not as a failing interleaving.
        if let signal = baseline.interrupted { throw EngineError.interrupted(signal) }
        let spread = Self.choose(candidates, limit: limit)
        let positions = shard?.positions(of: spread.count) ?? Array(spread.indices)
        progress?(
            "\(pauseSites) pause site(s), \(candidates.count) interleaving(s) possible; rerunning \(positions.count)"
                + (shard.map { " (shard \($0))" } ?? "") + " with \(max(1, min(jobs, positions.count))) job(s)")
        let shelf = SnapshotShelf(recorder: recorder, launches: positions.map { spread[$0].launch })
        let outcomes = rerun(positions.map { ($0, spread[$0]) }, shelf: shelf)
        if let signal = outcomes.lazy.compactMap(\.verdict.interrupted).first { throw EngineError.interrupted(signal) }
        let index = RunIndex(
            title: "race sweep of \(URL(fileURLWithPath: scenarioPath).lastPathComponent)",
            entries: outcomes.map {
                RunIndex.Entry(
                    label: $0.site.description, passed: $0.verdict.passed, reason: $0.verdict.reason,
                    reproduce: $0.verdict.reproduce, report: $0.verdict.report,
                    changed: $0.verdict.expectationFailures)
            }
        ).write(base: rootBase)
        return Report(
            pauseSites: pauseSites, candidates: candidates, baseline: baseline, outcomes: outcomes, index: index,
            scenario: scenarioPath, shard: shard, snapshots: shelf.use)
    }

    /// Reruns the scenario once per site, `race-<position>` under the base.
    public func rerun(_ sites: [(position: Int, site: RaceSite)]) -> [Outcome] { rerun(sites, shelf: nil) }

    func rerun(_ sites: [(position: Int, site: RaceSite)], shelf: SnapshotShelf?) -> [Outcome] {
        let meter = ProgressMeter(total: sites.count)
        let counter = DoneCounter()
        let (spec, rootBase, progress) = (self.spec, self.rootBase, self.progress)
        return Parallel.map(sites, jobs: jobs) { _, item in
            let (position, site) = item
            let snapshot = shelf?.snapshot(for: site.launch)
            defer { shelf?.done(with: snapshot) }
            let verdict = FaultRun(
                spec: spec.adding(fault: site.fault.description),
                root: DeviceRoot(rootBase.appendingPathComponent("race-\(position + 1)", isDirectory: true)),
                snapshots: snapshot.map { .start($0) }
            ).run()
            let preempt = verdict.faultEvents.filter { $0["kind"] == "preempt" }
            let paused = preempt.contains { $0["action"] == "paused" }
            let ran = preempt.first { $0["interleaved"] != nil }?["interleaved"]
            let interleaved = ran == "nothing was due" ? nil : ran
            let early = preempt.contains { $0["action"] == "resumed" && $0["reason"] != nil }
            progress?(
                "\(meter.prefix(done: counter.increment())) \(site): \(verdict.passed ? "pass" : "FAILED")"
                    + (paused ? "" : " (not reached in the rerun)")
                    + (paused && interleaved == nil ? " (nothing was due)" : "")
                    + (early ? " (resumed early: a lock)" : ""))
            return Outcome(
                site: site, snapshotLaunch: snapshot?.launchSequence, verdict: verdict, paused: paused,
                interleaved: interleaved, resumedEarly: early)
        }
    }
}
