import Foundation
import OALPlatform

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
    public var scenarioPath: String
    public var rootBase: URL
    public var binDirectory: URL
    public var seed: UInt64?
    /// At most this many points, spread evenly over the list.
    public var limit: Int?
    /// Only these kinds (nil: every kind but the device).
    public var kinds: Set<FaultTarget>?
    public var progress: (@Sendable (String) -> Void)?

    public init(
        scenarioPath: String, rootBase: URL, binDirectory: URL, seed: UInt64? = nil, limit: Int? = nil,
        kinds: Set<FaultTarget>? = nil, progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.scenarioPath = scenarioPath
        self.rootBase = rootBase
        self.binDirectory = binDirectory
        self.seed = seed
        self.limit = limit
        self.kinds = kinds
        self.progress = progress
    }

    public struct Outcome: Sendable {
        public var site: CrashSite
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
        public var survived: Int { outcomes.filter(\.verdict.passed).count }
        public var failed: [Outcome] { outcomes.filter { !$0.verdict.passed } }
        /// The worst way a run ended, the baseline's included: it picks the
        /// exit code (docs/PROCESSES.md).
        public var worst: FaultRun.Verdict.Kind {
            (outcomes.map(\.verdict.kind) + [baseline.kind]).max() ?? .passed
        }

        public func render() -> String {
            var text = "crash-point sweep: \(reached.count) point(s) reached, \(outcomes.count) rerun, "
            text += "\(survived) survived, \(failed.count) failed"
            text += FaultRun.Verdict.Kind.countsText(outcomes.map(\.verdict.kind)) + "\n"
            if !baseline.passed { text += "baseline run (no kill) failed [\(baseline.kind)]: \(baseline.reason)\n" }
            for outcome in failed {
                text +=
                    "FAIL [\(outcome.verdict.kind)] \(outcome.site): \(outcome.verdict.reason)\n"
                    + "  reproduce: \(outcome.verdict.reproduce)\n"
            }
            return text
        }
    }

    /// The listing run: every site reached, in launch order.
    public func list() throws -> (sites: [CrashSite], baseline: FaultRun.Verdict) {
        let logs = rootBase.appendingPathComponent("crash-log", isDirectory: true)
        try? FileManager.default.removeItem(at: logs)
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let baseline = FaultRun(
            scenarioPath: scenarioPath, root: DeviceRoot(rootBase.appendingPathComponent("list", isDirectory: true)),
            binDirectory: binDirectory, seed: seed, faults: FaultOptions(crashLogDirectory: logs)
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
        let (reached, baseline) = try list()
        let chosen = Self.choose(reached, limit: limit)
        progress?("\(reached.count) point(s) reached; rerunning \(chosen.count)")
        var outcomes: [Outcome] = []
        for (index, site) in chosen.enumerated() {
            let faults = FaultOptions(extra: [site.fault.description])
            let verdict = FaultRun(
                scenarioPath: scenarioPath,
                root: DeviceRoot(rootBase.appendingPathComponent("point-\(index + 1)", isDirectory: true)),
                binDirectory: binDirectory, seed: seed, faults: faults
            ).run()
            if let signal = verdict.interrupted { throw EngineError.interrupted(signal) }
            let killed = verdict.faultEvents.contains { $0["action"] == "killed" }
            outcomes.append(Outcome(site: site, verdict: verdict, killed: killed))
            progress?(
                "[\(index + 1)/\(chosen.count)] \(site): \(verdict.passed ? "survived" : "FAILED")"
                    + (killed ? "" : " (not reached in the rerun)")
                    + (verdict.expectationFailures.isEmpty
                        ? "" : ", \(verdict.expectationFailures.count) expectation(s) changed"))
        }
        return Report(reached: reached, baseline: baseline, outcomes: outcomes)
    }
}

/// `oal-device swarm`: N seeds, each a random fault mix (`--random-faults`),
/// pass or fail per seed, each replayable with one command.
public struct SeedSwarm: Sendable {
    public var scenarioPath: String
    public var rootBase: URL
    public var binDirectory: URL
    public var seeds: [UInt64]
    public var progress: (@Sendable (String) -> Void)?

    public init(
        scenarioPath: String, rootBase: URL, binDirectory: URL, seeds: [UInt64],
        progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.scenarioPath = scenarioPath
        self.rootBase = rootBase
        self.binDirectory = binDirectory
        self.seeds = seeds
        self.progress = progress
    }

    public struct Outcome: Sendable {
        public var seed: UInt64
        public var faults: [String]
        public var verdict: FaultRun.Verdict
    }

    public struct Report: Sendable {
        public var outcomes: [Outcome]
        public var failed: [Outcome] { outcomes.filter { !$0.verdict.passed } }
        /// The worst way a seed's run ended: it picks the exit code.
        public var worst: FaultRun.Verdict.Kind { outcomes.map(\.verdict.kind).max() ?? .passed }

        public func render() -> String {
            var text =
                "seed swarm: \(outcomes.count) seed(s), \(outcomes.count - failed.count) passed, \(failed.count) failed"
            text += FaultRun.Verdict.Kind.countsText(outcomes.map(\.verdict.kind)) + "\n"
            for outcome in failed {
                text +=
                    "FAIL [\(outcome.verdict.kind)] seed \(outcome.seed) [\(outcome.faults.joined(separator: "; "))]: "
                    + "\(outcome.verdict.reason)\n"
                text += "  reproduce: \(outcome.verdict.reproduce)\n"
            }
            return text
        }
    }

    public func run() throws -> Report {
        let scenario = try ScenarioParser.load(path: scenarioPath)
        var outcomes: [Outcome] = []
        for (index, seed) in seeds.enumerated() {
            let drawn = FaultMix.draw(seed: seed, scenario: scenario).map {
                "at \(FaultLine.format($0.time, scenario: scenario)) \($0.fault)"
            }
            let verdict = FaultRun(
                scenarioPath: scenarioPath,
                root: DeviceRoot(rootBase.appendingPathComponent("seed-\(seed)", isDirectory: true)),
                binDirectory: binDirectory, seed: seed, faults: FaultOptions(random: true)
            ).run()
            if let signal = verdict.interrupted { throw EngineError.interrupted(signal) }
            outcomes.append(Outcome(seed: seed, faults: drawn, verdict: verdict))
            progress?(
                "[\(index + 1)/\(seeds.count)] seed \(seed): \(verdict.passed ? "pass" : "FAIL") — "
                    + drawn.joined(separator: "; "))
        }
        return Report(outcomes: outcomes)
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
