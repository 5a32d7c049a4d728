import Foundation
import OALGuestBuild
import OALSystem

/// A package's contract checks held to their mutants (`oal-device guest
/// contract`): the host is built once with every `package-mutants` entry as
/// a schema; the scenario played unmutated must break no promise, and each
/// mutant played must break the one it names (docs/GUEST.md, "A package's
/// contract mutants").
public struct ContractMutants: Sendable {
    public var player: GuestScenarioRun
    public var options: GuestBuildOptions

    public init(player: GuestScenarioRun, options: GuestBuildOptions) {
        self.player = player
        self.options = options
    }

    public struct Row: Sendable {
        public var mutant: PackageMutants.Mutant?
        /// The day played.
        public var scenario: String
        public var verdict: ScenarioVerdict
        public var reproduce: String
        /// The checks the mutants name: an unmutated day breaks none.
        public var contractChecks: Set<String>

        /// The unmutated run breaks no promise; a mutant breaks its own.
        public var asExpected: Bool {
            guard let mutant else { return contractChecks.allSatisfy { verdict.violations[$0] == nil } }
            return verdict.violations[mutant.catches] != nil
        }
    }

    public struct Report: Sendable {
        /// The unmutated runs first (one per day), then one per mutant.
        public var rows: [Row]
        public var build: URL

        public var caught: Int { rows.filter { $0.mutant != nil && $0.asExpected }.count }
        public var passed: Bool { rows.allSatisfy(\.asExpected) }
    }

    public func run(checkout: URL, work: URL, progress: (String) -> Void) throws(GuestBuildError) -> Report {
        var options = options
        options.packageMutants = true
        let builder = GuestBuilder(options: options)
        let build = try builder.build(checkout: checkout, progress: progress)
        guard
            let harness = try? GuestHarnessFiles.locate(
                for: build.app, harnesses: options.harnesses, explicit: options.harness)
        else {
            throw .notFound("no harness for \(build.app.name)")
        }
        let mutants = try PackageMutants.load(harness.directory.appendingPathComponent("package-mutants"))
        let checks = Set(mutants.mutants.map(\.catches))
        // Every day a mutant names is played unmutated too (the command's
        // own day when none names one).
        var days: [String] = []
        for day in mutants.mutants.map({ $0.scenario ?? player.scenario }) where !days.contains(day) {
            days.append(day)
        }
        var rows: [Row] = []
        for (mutant, day) in days.map({ (nil as PackageMutants.Mutant?, $0) })
            + mutants.mutants.map({ ($0, $0.scenario ?? player.scenario) })
        {
            var run = player
            run.scenario = day
            run.mutant = mutant?.variable
            let name = mutant.map { "\($0.variable) \($0.name)" } ?? "unmutated"
            progress("playing \(name) on \(day)")
            let folder = mutant?.variable ?? "unmutated-\(days.firstIndex(of: day) ?? 0)"
            let verdict = try run.play(build: build.directory, root: work.appendingPathComponent(folder))
            rows.append(
                Row(
                    mutant: mutant, scenario: day, verdict: verdict,
                    reproduce: run.reproduce(guest: build.directory.path), contractChecks: checks))
        }
        return Report(rows: rows, build: build.directory)
    }
}
