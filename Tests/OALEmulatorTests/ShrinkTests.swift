import Foundation
import OALEmulator
@_spi(Fuzzing) import OALExplore
import OALPlatform
import OALTestSupport
import Testing

/// Shrinking (docs/FAULTS.md, "Shrinking") and the regression cases it
/// produced (scenarios/regressions/).
@Suite struct ShrinkTests {
    static func directory() throws -> URL { try TemporaryDirectory.make(prefix: "oal-shrink") }

    /// Found by `oal-fuzz scenario` (Fuzz/corpus/scenario/rewrite-ends-at-start):
    /// a scenario with no `end` line ends at its last timed line, which may
    /// be its start; the rewrite wrote that end out, and the parser refuses
    /// an explicit end that is not after the start.
    @Test(arguments: [
        "timezone Europe/Paris\nstart 2026-11-30 08:00\nat 08:00 leave\n",
        "start 2026-11-30 08:00\n",
        "start 2026-11-30 08:00\nat 08:00 open Chess\nat 08:00 leave\n",
        // A quoted name with a form feed (the fuzzer's find in CI): the
        // rewrite wrote it bare, and the parser split it there.
        "start 2026-11-30 08:00\nend day 1 09:00\nat 08:01 expect usage \"Game\u{0C}Gate\" opens 2 of 2\n",
    ])
    func aScenarioEndingAtItsStartRewritesToItself(text: String) throws {
        let scenario = try ScenarioParser(file: "x.scenario").parse(text)
        let rewrite = try ScenarioRewrite.text(of: text, scenario: scenario)
        let again = try ScenarioParser(file: "x.scenario").parse(rewrite)
        #expect(ScenarioRewrite.Meaning(again) == ScenarioRewrite.Meaning(scenario), "\(rewrite)")
    }

    /// A planted failure (the `decision-late-budget` mutant: a time limit
    /// counted five minutes late, handed to every launch through
    /// `FaultOptions.mutant`) among lines that have nothing to do with it:
    /// what is left is the list, the rule and the use that runs out the
    /// budget, the same violation on the same rule, and the file replays it
    /// with the same mutant. (It planted a full disk before that became a
    /// named platform limit, docs/FAULTS.md.)
    @Test func aPlantedFailureShrinksToItsThreeLines() throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let file = base.appendingPathComponent("planted.scenario")
        try """
        timezone Europe/Paris
        start 2026-11-30 21:00
        end day 2 00:30
        at 21:00 app list add Social --apps TikTok
        at 21:00 app list add Video --apps YouTube,Netflix
        at 21:01 app rule add time-limit Cap --list Video --minutes 30
        at 21:02 app rule add schedule "Deep Sleep" --list Social --from 22:30 --to 06:30
        at 21:30 open YouTube for 40m
        at 21:55 expect usage Cap minutes 25
        at 22:15 open Netflix for 15m
        at 23:00 open Kindle for 10m
        at 23:30 expect blocked TikTok
        """.write(to: file, atomically: true, encoding: .utf8)
        let result = try Shrinker(
            spec: .built(file.path, mutant: "decision-late-budget"), rootBase: base.appendingPathComponent("shrink"),
            jobs: 2
        ).run()
        #expect(result.target.rule == "Cap", "\(result.target)")
        #expect(result.originalSize == 9)
        #expect(result.size == 3, "\(result.text)")
        let lines = result.text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.contains { $0.contains("app list add Video --apps YouTube") })
        #expect(lines.contains { $0.contains("app rule add time-limit Cap") })
        #expect(lines.contains { $0.contains(" open YouTube ") })
        #expect(result.reproduce.contains("oal-device run --root NEWDIR \(result.path)"))

        let again = FaultRun(
            spec: .built(result.path, mutant: "decision-late-budget"),
            root: DeviceRoot(base.appendingPathComponent("again"))
        ).run()
        #expect(result.target.matches(again), "\(again.reason)")
        #expect(
            again.reproduce.contains("OAL_MUTANT=decision-late-budget \(BuiltProducts.directory.path)/oal-device run"))
        let clean = FaultRun(spec: .built(result.path), root: DeviceRoot(base.appendingPathComponent("clean"))).run()
        #expect(clean.passed, "\(clean.reason)")
    }

    @Test func aPassingRunHasNothingToShrink() throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let file = base.appendingPathComponent("fine.scenario")
        try """
        timezone UTC
        start 2026-11-30 08:00
        at 08:00 app list add Games --apps Chess
        """.write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: Shrinker.Failure.self) {
            try Shrinker(spec: .built(file.path), rootBase: base).run()
        }
    }

    /// Every minimized reproducer in scenarios/regressions/ still fails
    /// exactly as its `# oracle:` line says (`# oracle: passes` once the
    /// finding is fixed): the findings stay detected.
    @Test func theRegressionScenariosFailAsTheySay() throws {
        let directory = Repository.root.appendingPathComponent("scenarios/regressions")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".scenario") }.sorted()
        #expect(files.count >= 3)
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let verdicts = Parallel.map(files, jobs: 2) { index, name in
            let path = directory.appendingPathComponent(name).path
            return FaultRun(spec: .built(path), root: DeviceRoot(base.appendingPathComponent("r\(index)"))).run()
        }
        for (name, verdict) in zip(files, verdicts) {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let directive = try #require(
                text.split(separator: "\n").first { $0.hasPrefix("# oracle: ") }, "\(name) has no # oracle: line")
            if directive.hasPrefix("# oracle: passes") {
                #expect(verdict.passed, "\(name): \(verdict.reason)")
                continue
            }
            let target = try #require(Shrinker.Target.declared(in: text), "\(name): an unknown check in \(directive)")
            #expect(target.matches(verdict), "\(name): \(verdict.reason)")
        }
    }
}
