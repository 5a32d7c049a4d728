import Foundation
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario
import OALSystem

/// `oal-device swarm`: N seeds, each a random fault mix (`--random-faults`),
/// pass or fail per seed, each replayable with one command.
public struct SeedSwarm: Sendable {
    /// The run every seed repeats with its own fault mix.
    public var resolved: ResolvedRun
    public var spec: RunSpec { resolved.spec }
    public var scenarioPath: String { spec.scenario }
    public var rootBase: URL
    public var seeds: [UInt64]
    /// Seeds run at once (`--jobs`), each on its own root.
    public var jobs: Int
    /// Only this shard's seeds (`--shard I/N`).
    public var shard: Shard?
    public var progress: (@Sendable (String) -> Void)?

    /// A swarm of `spec`, resolved here.
    public init(
        spec: RunSpec, rootBase: URL, seeds: [UInt64], jobs: Int = 1, shard: Shard? = nil,
        progress: (@Sendable (String) -> Void)? = nil
    ) throws {
        self.init(
            run: try ResolvedRun.resolve(spec), rootBase: rootBase, seeds: seeds, jobs: jobs, shard: shard,
            progress: progress)
    }

    public init(
        run: ResolvedRun, rootBase: URL, seeds: [UInt64], jobs: Int = 1, shard: Shard? = nil,
        progress: (@Sendable (String) -> Void)? = nil
    ) {
        resolved = run
        self.rootBase = rootBase
        self.seeds = seeds
        self.jobs = jobs
        self.shard = shard
        self.progress = progress
    }

    public struct Outcome: SweepOutcome {
        public var seed: UInt64
        public var faults: [String]
        public var verdict: FaultRun.Verdict

        public var progressText: String {
            "seed \(seed): \(verdict.passed ? "pass" : "FAIL") — " + faults.joined(separator: "; ")
        }
        public var indexLabel: String { "seed \(seed): \(faults.joined(separator: "; "))" }
        public var testName: String { "seed \(seed)" }
        public var testOutput: String { "faults: " + faults.joined(separator: "; ") }
    }

    public struct Report: SweepReport {
        public static let title = "seed swarm"
        public static let testClass = "swarm"
        public var outcomes: [Outcome]
        /// `<root-base>/index.html`, linking every seed's report.
        public var index: String? = nil
        public var scenario: String = ""
        public var shard: Shard? = nil
        /// A swarm has no listing run.
        public var listing: FaultRun.Verdict? { nil }

        public func render(color: ColorPolicy = .plain) -> String {
            var text =
                "seed swarm: \(outcomes.count) seed(s)" + shardText
                + ", \(outcomes.count - failed.count) passed, \(failed.count) failed"
            text += countsText + "\n"
            for outcome in failed {
                text +=
                    color.paint("FAIL", .red) + " [\(outcome.verdict.kind)] seed \(outcome.seed) "
                    + "[\(outcome.faults.joined(separator: "; "))]: \(outcome.verdict.reason)\n"
                text += reproduceLines(outcome.verdict)
            }
            if let index { text += "every seed's report: \(index)\n" }
            return text
        }
    }

    public func run() throws -> Report {
        let scenario = resolved.scenario
        let sweep = Sweep<SwarmSeed>(rootBase: rootBase, limit: nil, jobs: jobs, shard: shard, progress: progress)
        let (outcomes, index, _) = try sweep.run(
            seeds.map { SwarmSeed(seed: $0, scenario: scenario) }, of: resolved, title: Report.title)
        return Report(outcomes: outcomes, index: index, scenario: scenarioPath, shard: shard)
    }
}
