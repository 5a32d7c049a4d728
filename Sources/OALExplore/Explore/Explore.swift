import Foundation
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario
import OALSystem

/// `oal-device explore` (issue 35): N generated days instead of the
/// hand-written one. Seed S writes `DayGenerator`'s day S (or, with
/// `--vocabulary foqos`, `FoqosDayGenerator`'s) to
/// `<root-base>/seed-S/day.scenario` and plays it with `--seed S
/// --random-faults` (the fault mix on top), judged by the oracle alone;
/// a failing seed is shrunk to a minimal scenario; the failures are
/// grouped into findings by `FindingSignature` and written to
/// `<root-base>/findings.json` beside an index of every finding and seed
/// (docs/SCENARIOS.md, "Generated days").
public struct Explore: Sendable {
    /// The run every seed plays on its own day: its launch mode, guest,
    /// mutant and executables (its scenario and seed are the seed's).
    public var template: RunSpec
    public var rootBase: URL
    public var seeds: [UInt64]
    /// Seeds run at once (`--jobs`), each on its own root.
    public var jobs: Int
    /// Only this shard's seeds (`--shard I/N`).
    public var shard: Shard?
    /// Whether a seed that failed with a violation is shrunk.
    public var shrink: Bool
    /// Whose vocabulary the days speak (`--days`).
    public var days: GeneratedDays
    public var progress: (@Sendable (String) -> Void)?

    public init(
        template: RunSpec, rootBase: URL, seeds: [UInt64], jobs: Int = 1, shard: Shard? = nil, shrink: Bool = true,
        days: GeneratedDays = .openapplock, progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.days = days
        self.template = template
        self.rootBase = rootBase.standardizedFileURL
        self.seeds = seeds
        self.jobs = jobs
        self.shard = shard
        self.shrink = shrink
        self.progress = progress
    }

    /// Where seed `seed`'s generated day is written.
    public func dayPath(seed: UInt64) -> String {
        rootBase.appendingPathComponent("seed-\(seed)/day.scenario").path
    }

    /// The run seed `seed` plays: its day, its seed, its fault mix.
    public func spec(seed: UInt64) -> RunSpec {
        var spec = template
        spec.scenario = dayPath(seed: seed)
        return spec.drawing(seed: seed)
    }

    public func run() throws -> ExploreReport {
        let outcomes = try self.outcomes()
        let findings = FindingGroups.group(outcomes.flatMap(\.findings))
        let written = try FindingsOutput.write(
            base: rootBase, title: "explore: \(outcomes.count) generated day(s)", runs: outcomes.count,
            findings: findings,
            entries: outcomes.map {
                RunIndex.Entry(
                    label: $0.indexLabel, passed: $0.findings.isEmpty,
                    reason: $0.findings.map(\.signature.description).joined(separator: "; "),
                    reproduce: $0.verdict.reproduce, report: $0.verdict.report)
            })
        return ExploreReport(
            outcomes: outcomes, findings: findings, findingsFile: written.file, index: written.index, shard: shard)
    }

    /// Every chosen seed played (and shrunk), in seed order; a stop signal
    /// ends them as interrupted.
    public func outcomes() throws -> [ExploreOutcome] {
        try FileManager.default.createDirectory(at: rootBase, withIntermediateDirectories: true)
        let sweep = Sweep<UInt64>(rootBase: rootBase, limit: nil, jobs: jobs, shard: shard, progress: progress)
        let explore = self
        let outcomes = sweep.each(sweep.choose(seeds)) { _, seed in
            let outcome = ExploreSeed(seed: seed, explore: explore).run()
            return (outcome, outcome.progressText)
        }
        if let signal = outcomes.lazy.compactMap(\.verdict.interrupted).first { throw EngineError.interrupted(signal) }
        return outcomes
    }
}

/// What `oal-device explore` says when it is done.
public struct ExploreReport: SweepReport, FindingsReport {
    public static let title = "explore"
    public static let testClass = "explore"
    public var outcomes: [ExploreOutcome]
    public var findings: [Finding]
    /// `<root-base>/findings.json`.
    public var findingsFile: String
    /// `<root-base>/index.html`: every finding, then every seed.
    public var index: String?
    public var scenario: String { "generated-days" }
    public var shard: Shard?
    /// An explore has no listing run.
    public var listing: FaultRun.Verdict? { nil }

    public func render(color: ColorPolicy = .plain) -> String {
        let failing = outcomes.filter { !$0.findings.isEmpty }.count
        var text =
            "explore: \(outcomes.count) generated day(s)" + shardText + ", \(outcomes.count - failing) passed, "
            + "\(failing) with a finding" + countsText + "; \(newFindings.count) new finding(s), "
            + "\(knownFindings.count) known\n"
        text += FindingsOutput.render(findings, color: color)
        text += "findings: \(findingsFile)\n"
        if let index { text += "every finding's and seed's report: \(index)\n" }
        return text
    }
}
