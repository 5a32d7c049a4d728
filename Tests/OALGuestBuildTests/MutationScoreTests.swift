import Foundation
import Testing

@testable import OALGuestBuild

/// The mutation score counts what no scenario reaches (docs/GUEST.md,
/// "Mutation score"): a site no unmutated run reached is `not covered`, not
/// played, and in the score's denominator, even when the harness lists it
/// as equivalent ("equivalent" is for code that runs).
@Suite struct MutationScoreTests {
    func site(_ id: Int, _ line: Int) -> MutationSite {
        MutationSite(id: id, file: "Shared/Gate.swift", line: line, op: .changeConstant, original: "1", mutated: "2")
    }

    @Test func aSiteNoRunReachedIsNotCoveredEvenWhenListedEquivalent() throws {
        let sites = (1...5).map { site($0, 10 * $0) }
        let equivalent = try EquivalentMutants.parse(
            "Shared/Gate.swift:20 -- the same value either way\nShared/Gate.swift:30 -- no process calls it\n",
            path: "eq")
        let (settled, toPlay) = MutantTriage.settle(sites, reached: [1, 2, 4], equivalent: equivalent)
        #expect(toPlay.map(\.id) == [1, 4])
        let outcomes = Dictionary(uniqueKeysWithValues: settled.map { ($0.site.id, $0) })
        #expect(outcomes.keys.sorted() == [2, 3, 5])
        #expect(outcomes[2]?.outcome == .equivalent)
        #expect(outcomes[2]?.detail == "the same value either way")
        #expect(outcomes[3]?.outcome == .notCovered)
        // The listing keeps why it was thought equivalent.
        #expect(outcomes[3]?.detail.contains("no process calls it") == true, "\(outcomes[3]?.detail ?? "")")
        #expect(outcomes[5]?.outcome == .notCovered)
        #expect(outcomes[5]?.detail.contains("equivalent") == false)
    }

    /// A test double compiled into an extension (a mock no process
    /// creates) is production for no one: left out of the score, whether
    /// a run reached it or not, and never played.
    @Test func aTestDoubleIsLeftOutOfTheScore() throws {
        let sites = (1...4).map { site($0, 10 * $0) }
        let doubles = try EquivalentMutants.parse("Shared/Gate.swift:15-25 -- MockGate, a test double\n", path: "td")
        let equivalent = try EquivalentMutants.parse("Shared/Gate.swift:20 -- the same value either way\n", path: "eq")
        let (settled, toPlay) = MutantTriage.settle(
            sites, reached: [1, 2, 4], equivalent: equivalent, testDoubles: doubles)
        #expect(toPlay.map(\.id) == [1, 4])
        let outcomes = Dictionary(uniqueKeysWithValues: settled.map { ($0.site.id, $0) })
        #expect(outcomes[2]?.outcome == .testDouble)
        #expect(outcomes[2]?.detail == "MockGate, a test double")
        #expect(outcomes[3]?.outcome == .notCovered)
        let tally = MutationTally(settled + [MutantResult(site: sites[0], outcome: .killed, detail: "")])
        #expect(tally.testDoubles == 1 && tally.counted == 2)
        #expect(
            tally.summary
                == "1 of 2 killed (50%): 0 survived, 1 not covered, 0 equivalent, 0 not compiled, 1 test double")
    }

    @Test func theScoreCountsNotCoveredAgainstIt() {
        func results(_ outcome: MutantOutcome, _ count: Int) -> [MutantResult] {
            (0..<count).map { MutantResult(site: site($0, $0), outcome: outcome, detail: "") }
        }
        let tally = MutationTally(
            results(.killed, 85) + results(.survived, 18) + results(.notCovered, 29) + results(.equivalent, 30)
                + results(.notCompiled, 44))
        #expect(tally.killed == 85 && tally.survived == 18 && tally.notCovered == 29)
        #expect(tally.equivalent == 30 && tally.notCompiled == 44 && tally.notPlayed == 0)
        #expect(tally.counted == 132)
        #expect(abs(tally.score - 85.0 / 132.0) < 1e-9)
        #expect(tally.summary == "85 of 132 killed (64%): 18 survived, 29 not covered, 30 equivalent, 44 not compiled")

        let sampled = MutationTally(results(.killed, 1) + results(.notPlayed, 3))
        #expect(
            sampled.summary
                == "1 of 1 killed (100%): 0 survived, 0 not covered, 0 equivalent, 0 not compiled, 3 not played")
        #expect(MutationTally([]).score == 0)
        #expect(MutationTally([]).summary.hasPrefix("0 of 0 killed (0%)"))
    }

    @Test func theReachedSitesAreEveryProcessFilesUnion() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oal-coverage-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "3\n7\n".write(to: directory.appendingPathComponent("101.sites"), atomically: true, encoding: .utf8)
        try "7\n12\n".write(to: directory.appendingPathComponent("102.sites"), atomically: true, encoding: .utf8)
        try "not ours".write(to: directory.appendingPathComponent("README"), atomically: true, encoding: .utf8)
        #expect(try MutantCoverage.read(directory) == [3, 7, 12])

        // Each site is one write(2) of its line: anything else is not ours.
        try "5\nx5\n".write(to: directory.appendingPathComponent("104.sites"), atomically: true, encoding: .utf8)
        do {
            _ = try MutantCoverage.read(directory)
            Issue.record("a line that is not a site's number was read")
        } catch {
            #expect(error.description.contains(directory.appendingPathComponent("104.sites").path + ":2"))
        }
        let missing = directory.appendingPathComponent("none")
        do {
            _ = try MutantCoverage.read(missing)
            Issue.record("a missing directory was read as no site reached")
        } catch {
            #expect(error.description.contains(missing.path))
        }
    }
}
