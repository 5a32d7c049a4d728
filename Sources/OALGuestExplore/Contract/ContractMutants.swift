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
        public var verdict: ScenarioVerdict
        public var reproduce: String

        /// The unmutated run breaks no promise; a mutant breaks its own.
        public var asExpected: Bool {
            guard let mutant else { return Self.contractChecks.allSatisfy { verdict.violations[$0] == nil } }
            return verdict.violations[mutant.catches] != nil
        }

        static let contractChecks = [
            "fail-open", "exactly-once-resolve", "never-stale", "open-counted-once", "return-window",
        ]
    }

    public struct Report: Sendable {
        /// The unmutated run first, then one per mutant.
        public var rows: [Row]
        public var build: URL

        public var caught: Int { rows.dropFirst().filter(\.asExpected).count }
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
        var rows: [Row] = []
        for mutant in [nil] + mutants.mutants.map(Optional.some) {
            var run = player
            run.mutant = mutant?.variable
            let name = mutant.map { "\($0.variable) \($0.name)" } ?? "unmutated"
            progress("playing \(name)")
            let root = work.appendingPathComponent(mutant?.variable ?? "unmutated")
            let verdict = try run.play(build: build.directory, root: root)
            rows.append(Row(mutant: mutant, verdict: verdict, reproduce: run.reproduce(guest: build.directory.path)))
        }
        return Report(rows: rows, build: build.directory)
    }
}
