import Foundation
import OALEmulator
import OALScenario
import OALSystem

/// `oal-device check` (and `guest check SRC`): one app, own or guest at
/// one commit, against everything the emulator has. First the scenario
/// library as written, then `explore`'s generated days, then a crash
/// sweep of one scenario with a limit; every failure grouped into
/// findings by `FindingSignature`, one `findings.json` and one index.
public struct CommitCheck: Sendable {
    /// The generated days; its template (guest, launch mode, mutant) is
    /// the one every part plays, its root base the check's.
    public var explore: Explore
    /// The library's scenarios (`ScenarioLibrary`), played in this order.
    public var library: [String]
    /// The crash sweep: the scenario it reruns and at most how many of
    /// its points (nil: no sweep).
    public var crashSweep: CrashBudget?

    public struct CrashBudget: Sendable {
        public var scenario: String
        public var limit: Int
        public init(scenario: String, limit: Int) {
            self.scenario = scenario
            self.limit = limit
        }
    }

    public init(explore: Explore, library: [String], crashSweep: CrashBudget?) {
        self.explore = explore
        self.library = library
        self.crashSweep = crashSweep
    }

    var rootBase: URL { explore.rootBase }

    public func run() throws -> CommitCheckReport {
        try FileManager.default.createDirectory(at: rootBase, withIntermediateDirectories: true)
        let libraryOutcomes = try playLibrary()
        let generated = try explore.outcomes().map {
            CheckOutcome(part: "generated", name: $0.indexLabel, verdict: $0.verdict, findings: $0.findings)
        }
        let crashes = try sweepCrashes()
        let outcomes = libraryOutcomes + generated + crashes
        let findings = FindingGroups.group(outcomes.flatMap(\.findings))
        let written = try FindingsOutput.write(
            base: rootBase,
            title: "check: \(libraryOutcomes.count) library scenario(s), \(generated.count) generated day(s), "
                + "\(crashes.count) crash point(s)",
            runs: outcomes.count, findings: findings,
            entries: outcomes.map {
                RunIndex.Entry(
                    label: $0.indexLabel, passed: $0.findings.isEmpty,
                    reason: $0.findings.map(\.signature.description).joined(separator: "; "),
                    reproduce: $0.verdict.reproduce, report: $0.verdict.report)
            }, library: true)
        return CommitCheckReport(
            outcomes: outcomes, findings: findings, findingsFile: written.file, index: written.index,
            library: libraryOutcomes.count, generated: generated.count, crashPoints: crashes.count)
    }

    func playLibrary() throws -> [CheckOutcome] {
        let sweep = Sweep<String>(
            rootBase: rootBase, limit: nil, jobs: explore.jobs, shard: nil, progress: explore.progress)
        let template = explore.template
        let rootBase = self.rootBase
        let outcomes = sweep.each(Array(library.enumerated()).map { ($0.offset, $0.element) }) { position, path in
            let outcome = LibraryRun(path: path, position: position, template: template, rootBase: rootBase).run()
            return (outcome, outcome.progressText)
        }
        if let signal = outcomes.lazy.compactMap(\.verdict.interrupted).first { throw EngineError.interrupted(signal) }
        return outcomes
    }

    /// The crash sweep's reruns that failed count as findings (a kill
    /// may change what the user sees, so failed expectations alone do
    /// not: `CrashSweep`); its listing run is the library's already.
    func sweepCrashes() throws -> [CheckOutcome] {
        guard let budget = crashSweep, budget.limit > 0 else { return [] }
        let run = try ResolvedRun.resolve(explore.template.replaying(scenario: budget.scenario))
        let report = try CrashSweep(
            SweepSettings(
                run: run, rootBase: rootBase.appendingPathComponent("crash", isDirectory: true), limit: budget.limit,
                jobs: explore.jobs, progress: explore.progress)
        ).run()
        return report.outcomes.map { outcome in
            let source = FindingSource.scenario("\(budget.scenario) with a kill at \(outcome.site)")
            var findings: [RunFinding] = []
            if !outcome.verdict.passed {
                findings = LibraryRun.findings(
                    of: outcome.verdict, run: run, source: source, scenario: budget.scenario
                ).filter { $0.signature.known == nil }
            }
            return CheckOutcome(
                part: "crash point", name: outcome.site.description, verdict: outcome.verdict, findings: findings)
        }
    }
}

/// What `oal-device check` says when it is done: one table of findings.
public struct CommitCheckReport: SweepReport, FindingsReport {
    public static let title = "check"
    public static let testClass = "check"
    public var outcomes: [CheckOutcome]
    public var findings: [Finding]
    public var findingsFile: String
    public var index: String?
    public var library: Int
    public var generated: Int
    public var crashPoints: Int
    public var scenario: String { "check" }
    public var shard: Shard? { nil }
    public var listing: FaultRun.Verdict? { nil }

    public func render(color: ColorPolicy = .plain) -> String {
        let failing = outcomes.filter { !$0.findings.isEmpty }.count
        var text =
            "check: \(library) library scenario(s), \(generated) generated day(s), \(crashPoints) crash point(s); "
            + "\(outcomes.count - failing) passed, \(failing) with a finding; \(newFindings.count) new finding(s), "
            + "\(knownFindings.count) known\n"
        if !findings.isEmpty { text += FindingsTable.render(findings) }
        text += FindingsOutput.render(findings, color: color)
        text += "findings: \(findingsFile)\n"
        if let index { text += "every finding's and run's report: \(index)\n" }
        return text
    }
}
