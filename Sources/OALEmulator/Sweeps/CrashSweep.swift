import Foundation
import OALPlatform
import OALSystem

/// One place a run can die: the n-th time launch L (a process of kind K)
/// reaches crash point P.
public struct CrashSite: Hashable, Sendable, CustomStringConvertible {
    public var launch: Int
    public var target: FaultTarget
    public var point: String
    public var occurrence: Int

    /// The fault that kills exactly there.
    public var fault: Fault { .killAt(target, point: "\(point)#\(occurrence)", launch: launch) }

    public var description: String { "\(target.rawValue) launch \(launch) at \(point)#\(occurrence)" }
}

/// `oal-device sweep`: lists every crash point a scenario's run reaches
/// (one run with `OAL_CRASH_LOG` per launch), then reruns the scenario in a
/// fresh root once per point with a SIGKILL there, and lets the oracle
/// judge each rerun.
public struct CrashSweep: Sendable {
    /// The run every point repeats, with one kill more.
    public var spec: RunSpec
    public var scenarioPath: String { spec.scenario }
    public var rootBase: URL
    /// At most this many points, spread evenly over the list.
    public var limit: Int?
    /// Only these kinds (nil: every kind but the device).
    public var kinds: Set<FaultTarget>?
    /// Reruns at once (`--jobs`), each on its own root.
    public var jobs: Int
    /// Only this shard's points (`--shard I/N`), after `limit`.
    public var shard: Shard?
    /// Each point starts from the listing run's snapshot before its launch
    /// (`--no-snapshots`: every point replays from the first line).
    public var snapshots: Bool
    public var progress: (@Sendable (String) -> Void)?

    public init(
        spec: RunSpec, rootBase: URL, limit: Int? = nil, kinds: Set<FaultTarget>? = nil, jobs: Int = 1,
        shard: Shard? = nil, snapshots: Bool = true, progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.spec = spec
        self.rootBase = rootBase
        self.limit = limit
        self.kinds = kinds
        self.jobs = jobs
        self.shard = shard
        self.snapshots = snapshots
        self.progress = progress
    }

    public struct Outcome: Sendable {
        public var site: CrashSite
        /// The launches the snapshot it started from had behind it (nil:
        /// replayed from the first line).
        public var snapshotLaunch: Int? = nil
        public var verdict: FaultRun.Verdict
        /// Whether the rerun really died there (a kill can change nothing
        /// before it, so it should, unless the run diverged).
        public var killed: Bool
    }

    public struct Report: Sendable {
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

        /// One test case per rerun point (`--junit`).
        public func junit() -> JUnitReport {
            let name = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
            return JUnitReport(
                name: "crash-point sweep of \(name)" + (shard.map { " (shard \($0))" } ?? ""),
                cases: outcomes.map {
                    JUnitReport.testCase(
                        classname: "sweep.\(name)", name: $0.site.description, verdict: $0.verdict,
                        output: $0.killed ? "" : "the kill was not reached in the rerun")
                })
        }
        public var failed: [Outcome] { outcomes.filter { !$0.verdict.passed } }
        /// The worst way a run ended, the baseline's included: it picks the
        /// exit code (docs/PROCESSES.md).
        public var worst: FaultRun.Verdict.Kind {
            (outcomes.map(\.verdict.kind) + [baseline.kind]).max() ?? .passed
        }

        public func render(color: ColorPolicy = .plain) -> String {
            var text = "crash-point sweep: \(reached.count) point(s) reached, \(outcomes.count) rerun"
            text += (shard.map { " (shard \($0))" } ?? "") + ", "
            text += "\(survived) survived, \(failed.count) failed"
            text += FaultRun.Verdict.Kind.countsText(outcomes.map(\.verdict.kind)) + "\n"
            if !baseline.passed { text += "baseline run (no kill) failed [\(baseline.kind)]: \(baseline.reason)\n" }
            if let snapshots { text += snapshots.render(points: outcomes.map(\.snapshotLaunch)) + "\n" }
            for outcome in failed {
                text += color.paint("FAIL", .red)
                text += " [\(outcome.verdict.kind)] \(outcome.site): \(outcome.verdict.reason)\n"
                text += "  reproduce: \(outcome.verdict.reproduce)\n"
                if let report = outcome.verdict.report { text += "  report: \(report)\n" }
            }
            if let index { text += "every run's report: \(index)\n" }
            return text
        }
    }

    /// The listing run: every site reached, in launch order.
    public func list(recorder: SnapshotRecorder? = nil) throws -> (sites: [CrashSite], baseline: FaultRun.Verdict) {
        let logs = rootBase.appendingPathComponent("crash-log", isDirectory: true)
        try? FileManager.default.removeItem(at: logs)
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let baseline = FaultRun(
            spec: spec, root: DeviceRoot(rootBase.appendingPathComponent("list", isDirectory: true)),
            snapshots: recorder.map { .record($0) }, crashLogDirectory: logs
        ).run()
        var sites: [CrashSite] = []
        let files = try FileManager.default.contentsOfDirectory(atPath: logs.path)
        let parsed: [(Int, FaultTarget, String)] = files.compactMap { name in
            guard name.hasSuffix(".log"), let dash = name.firstIndex(of: "-"),
                let launch = Int(name[..<dash]),
                let target = FaultTarget(rawValue: String(name[name.index(after: dash)...].dropLast(4)))
            else { return nil }
            return (launch, target, name)
        }
        for (launch, target, name) in parsed.sorted(by: { $0.0 < $1.0 }) {
            if let kinds, !kinds.contains(target) { continue }
            if kinds == nil, target == .device { continue }
            let text = (try? String(contentsOf: logs.appendingPathComponent(name), encoding: .utf8)) ?? ""
            var seen: [String: Int] = [:]
            for line in text.split(separator: "\n") {
                let point = String(line)
                seen[point, default: 0] += 1
                sites.append(CrashSite(launch: launch, target: target, point: point, occurrence: seen[point]!))
            }
        }
        return (sites, baseline)
    }

    /// Evenly spread choice of at most `limit` sites.
    static func choose(_ sites: [CrashSite], limit: Int?) -> [CrashSite] {
        guard let limit, limit < sites.count else { return sites }
        guard limit > 0 else { return [] }
        return (0..<limit).map { sites[$0 * sites.count / limit] }
    }

    public func run() throws -> Report {
        progress?("listing the crash points of \(scenarioPath)...")
        let recorder = snapshots ? SnapshotShelf.recorder(base: rootBase, logs: "crash-log") : nil
        let (reached, baseline) = try list(recorder: recorder)
        let spread = Self.choose(reached, limit: limit)
        // Numbered by position in the whole list, so a shard's roots are
        // named as in an unsharded sweep.
        let positions = shard?.positions(of: spread.count) ?? Array(spread.indices)
        let chosen = positions.map { ($0, spread[$0]) }
        progress?(
            "\(reached.count) point(s) reached; rerunning \(chosen.count)"
                + (shard.map { " (shard \($0))" } ?? "") + " with \(max(1, min(jobs, chosen.count))) job(s)")
        let meter = ProgressMeter(total: chosen.count)
        let counter = DoneCounter()
        let shelf = SnapshotShelf(recorder: recorder, launches: chosen.map(\.1.launch))
        let (spec, rootBase, progress) = (self.spec, self.rootBase, self.progress)
        let outcomes = Parallel.map(chosen, jobs: jobs) { _, item in
            let (position, site) = item
            let snapshot = shelf.snapshot(for: site.launch)
            defer { shelf.done(with: snapshot) }
            let verdict = FaultRun(
                spec: spec.adding(fault: site.fault.description),
                root: DeviceRoot(rootBase.appendingPathComponent("point-\(position + 1)", isDirectory: true)),
                snapshots: snapshot.map { .start($0) }
            ).run()
            let killed = verdict.faultEvents.contains { $0["action"] == "killed" }
            progress?(
                "\(meter.prefix(done: counter.increment())) \(site): \(verdict.passed ? "survived" : "FAILED")"
                    + (killed ? "" : " (not reached in the rerun)")
                    + (verdict.expectationFailures.isEmpty
                        ? "" : ", \(verdict.expectationFailures.count) expectation(s) changed"))
            return Outcome(site: site, snapshotLaunch: snapshot?.launchSequence, verdict: verdict, killed: killed)
        }
        // A stop signal ends the sweep as interrupted (130/143), not as a
        // failing point.
        if let signal = outcomes.lazy.compactMap(\.verdict.interrupted).first { throw EngineError.interrupted(signal) }
        let index = RunIndex(
            title: "crash-point sweep of \(URL(fileURLWithPath: scenarioPath).lastPathComponent)",
            entries: outcomes.map {
                RunIndex.Entry(
                    label: $0.site.description, passed: $0.verdict.passed, reason: $0.verdict.reason,
                    reproduce: $0.verdict.reproduce, report: $0.verdict.report,
                    changed: $0.verdict.expectationFailures)
            }
        ).write(base: rootBase)
        return Report(
            reached: reached, baseline: baseline, outcomes: outcomes, index: index, scenario: scenarioPath,
            shard: shard, snapshots: shelf.use)
    }
}

/// `oal-device swarm`: N seeds, each a random fault mix (`--random-faults`),
/// pass or fail per seed, each replayable with one command.
public struct SeedSwarm: Sendable {
    /// The run every seed repeats with its own fault mix.
    public var spec: RunSpec
    public var scenarioPath: String { spec.scenario }
    public var rootBase: URL
    public var seeds: [UInt64]
    /// Seeds run at once (`--jobs`), each on its own root.
    public var jobs: Int
    /// Only this shard's seeds (`--shard I/N`).
    public var shard: Shard?
    public var progress: (@Sendable (String) -> Void)?

    public init(
        spec: RunSpec, rootBase: URL, seeds: [UInt64], jobs: Int = 1, shard: Shard? = nil,
        progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.spec = spec
        self.rootBase = rootBase
        self.seeds = seeds
        self.jobs = jobs
        self.shard = shard
        self.progress = progress
    }

    public struct Outcome: Sendable {
        public var seed: UInt64
        public var faults: [String]
        public var verdict: FaultRun.Verdict
    }

    public struct Report: Sendable {
        public var outcomes: [Outcome]
        /// `<root-base>/index.html`, linking every seed's report.
        public var index: String? = nil
        public var scenario: String = ""
        public var shard: Shard? = nil
        public var failed: [Outcome] { outcomes.filter { !$0.verdict.passed } }
        /// The worst way a seed's run ended: it picks the exit code.
        public var worst: FaultRun.Verdict.Kind { outcomes.map(\.verdict.kind).max() ?? .passed }

        /// One test case per seed (`--junit`).
        public func junit() -> JUnitReport {
            let name = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
            return JUnitReport(
                name: "seed swarm of \(name)" + (shard.map { " (shard \($0))" } ?? ""),
                cases: outcomes.map {
                    JUnitReport.testCase(
                        classname: "swarm.\(name)", name: "seed \($0.seed)", verdict: $0.verdict,
                        output: "faults: " + $0.faults.joined(separator: "; "))
                })
        }

        public func render(color: ColorPolicy = .plain) -> String {
            var text =
                "seed swarm: \(outcomes.count) seed(s)" + (shard.map { " (shard \($0))" } ?? "")
                + ", \(outcomes.count - failed.count) passed, \(failed.count) failed"
            text += FaultRun.Verdict.Kind.countsText(outcomes.map(\.verdict.kind)) + "\n"
            for outcome in failed {
                text +=
                    color.paint("FAIL", .red) + " [\(outcome.verdict.kind)] seed \(outcome.seed) "
                    + "[\(outcome.faults.joined(separator: "; "))]: \(outcome.verdict.reason)\n"
                text += "  reproduce: \(outcome.verdict.reproduce)\n"
                if let report = outcome.verdict.report { text += "  report: \(report)\n" }
            }
            if let index { text += "every seed's report: \(index)\n" }
            return text
        }
    }

    public func run() throws -> Report {
        let scenario = try ScenarioParser.load(path: scenarioPath)
        let chosen = shard?.select(seeds) ?? seeds
        let meter = ProgressMeter(total: chosen.count)
        let counter = DoneCounter()
        let (spec, rootBase, progress) = (self.spec, self.rootBase, self.progress)
        let outcomes = Parallel.map(chosen, jobs: jobs) { _, seed in
            let drawn = FaultMix.draw(seed: seed, scenario: scenario).map {
                "at \(FaultLine.format($0.time, scenario: scenario)) \($0.fault)"
            }
            let verdict = FaultRun(
                spec: spec.drawing(seed: seed),
                root: DeviceRoot(rootBase.appendingPathComponent("seed-\(seed)", isDirectory: true))
            ).run()
            progress?(
                "\(meter.prefix(done: counter.increment())) seed \(seed): \(verdict.passed ? "pass" : "FAIL") — "
                    + drawn.joined(separator: "; "))
            return Outcome(seed: seed, faults: drawn, verdict: verdict)
        }
        // A stop signal ends the swarm as interrupted (130/143), not as a
        // failing seed.
        if let signal = outcomes.lazy.compactMap(\.verdict.interrupted).first { throw EngineError.interrupted(signal) }
        let index = RunIndex(
            title: "seed swarm of \(URL(fileURLWithPath: scenarioPath).lastPathComponent)",
            entries: outcomes.map {
                RunIndex.Entry(
                    label: "seed \($0.seed): \($0.faults.joined(separator: "; "))", passed: $0.verdict.passed,
                    reason: $0.verdict.reason, reproduce: $0.verdict.reproduce, report: $0.verdict.report,
                    changed: $0.verdict.expectationFailures)
            }
        ).write(base: rootBase)
        return Report(outcomes: outcomes, index: index, scenario: scenarioPath, shard: shard)
    }
}

extension FaultRun.Verdict.Kind {
    /// ` (1 violation, 2 crash)`: the failures by kind, empty when none.
    static func countsText(_ kinds: [FaultRun.Verdict.Kind]) -> String {
        let parts = [Self.violation, .stopped, .crash].compactMap { kind -> String? in
            let count = kinds.filter { $0 == kind }.count
            return count == 0 ? nil : "\(count) \(kind)"
        }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }
}
