import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALTestSupport
import Testing

/// `oal-device explore` end to end (issue 35): generated days played on
/// the emulator's own app, their findings grouped and written.
@Suite struct ExploreTests {
    static func directory() throws -> URL { try TemporaryDirectory.make(prefix: "oal-explore") }

    static func findings(_ base: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: base.appendingPathComponent("findings.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A handful of seeds on the emulator's own app: each seed's day is
    /// written where it is played, as `generate` prints it, and
    /// `findings.json`, the index and the JUnit file are written; seeds 1
    /// and 2 find nothing, so explore exits 0.
    @Test func aHandfulOfSeedsOnTheOwnAppWriteFindingsJSON() throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let device = try BuiltProducts.executable("oal-device")
        let junit = base.appendingPathComponent("explore.xml")
        let run = try ProcessRun.run(
            device,
            [
                "explore", "--root-base", base.appendingPathComponent("b").path, "--seeds", "2", "--jobs", "2",
                "--junit", junit.path,
            ])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stderr.contains("each seed S plays its generated day"), "\(run.stderr)")
        #expect(run.stderr.contains("--seed 1 --random-faults"), "\(run.stderr)")
        #expect(run.stdout.contains("explore: 2 generated day(s), 2 passed"), "\(run.stdout)")
        let object = try Self.findings(base.appendingPathComponent("b"))
        #expect(Set(object.keys) == ["runs", "findings"])
        #expect(object["runs"] as? Int == 2)
        #expect((object["findings"] as? [Any])?.isEmpty == true)
        for seed in 1...2 {
            let day = try String(
                contentsOf: base.appendingPathComponent("b/seed-\(seed)/day.scenario"), encoding: .utf8)
            let generated = try ProcessRun.run(device, ["generate", "--seed", "\(seed)"])
            #expect(generated.status == 0)
            #expect(day == generated.stdout)
            #expect(
                FileManager.default.fileExists(
                    atPath: base.appendingPathComponent("b/seed-\(seed)/root/logs/report.html").path))
        }
        #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent("b/index.html").path))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase").count - 1 == 2, "\(xml)")
    }

    /// `decision-ignores-days`, a mutant the demo day cannot see (its
    /// rules hold every day): explore finds it within 5 seeds, as
    /// over-enforcement on a schedule, and shrinks the seed to a scenario
    /// that fails the same way on its own and passes without the mutant.
    /// Seed 5 finds it: a Friday start, a schedule on every day but Friday.
    @Test func aMutantTheDemoDayCannotSeeIsFoundWithinFiveSeeds() throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let mutant = "decision-ignores-days"
        let demo = FaultRun(
            spec: .built(Repository.root.appendingPathComponent("scenarios/demo-day.scenario").path, mutant: mutant),
            root: DeviceRoot(base.appendingPathComponent("demo"))
        ).run()
        #expect(demo.passed, "the demo day sees the mutant: \(demo.reason)")

        let report = try Explore(
            template: .built("", mutant: mutant), rootBase: base.appendingPathComponent("explore"),
            seeds: Array(1...5), jobs: 2, shrink: false
        ).run()
        let finding = try #require(
            report.newFindings.first {
                $0.checks.contains("over-enforced") && $0.signature.kind == "schedule"
            }, "\(report.render())")
        #expect(finding.seeds.contains(5), "\(report.render())")

        // The seed that found it, through the command line and shrunk.
        let device = try BuiltProducts.executable("oal-device")
        let shrunk = base.appendingPathComponent("shrunk")
        let run = try ProcessRun.run(
            device,
            ["explore", "--root-base", shrunk.path, "--seeds", "1", "--first-seed", "5", "--jobs", "2", "--quiet"],
            environment: ["OAL_MUTANT": mutant])
        #expect(run.status == 1, "\(run.stdout)\n\(run.stderr)")
        let object = try Self.findings(shrunk)
        let entry = try #require((object["findings"] as? [[String: Any]])?.first, "\(object)")
        #expect(Set(entry.keys) == ["signature", "checks", "count", "seeds", "known", "scenario", "reproduce"])
        #expect(entry["seeds"] as? [Int] == [5])
        #expect(entry["known"] as? Bool == false)
        let minimal = try #require(entry["scenario"] as? String)
        #expect(minimal == shrunk.appendingPathComponent("seed-5/day.min.scenario").path)
        #expect((entry["reproduce"] as? String)?.contains("OAL_MUTANT=\(mutant)") == true)
        let again = FaultRun(
            spec: .built(minimal, mutant: mutant), root: DeviceRoot(base.appendingPathComponent("again"))
        )
        .run()
        #expect(
            again.violations.contains { $0.check == .overEnforced || $0.check == .blockNotInvented }, "\(again.reason)")
        let clean = FaultRun(spec: .built(minimal), root: DeviceRoot(base.appendingPathComponent("clean"))).run()
        #expect(clean.passed, "\(clean.reason)")
    }
}
