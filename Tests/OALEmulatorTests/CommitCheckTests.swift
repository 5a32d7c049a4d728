import Foundation
import OALEmulator
import OALExplore
import OALSystem
import OALTestSupport
import Testing

/// `oal-device check` (issue 35): one app against the scenario library,
/// generated days and a crash sweep, every failure grouped into findings.
@Suite struct CommitCheckTests {
    static let scenarios = Repository.root.appendingPathComponent("scenarios", isDirectory: true)

    static func relative(_ paths: [String]) -> [String] {
        paths.map { String($0.dropFirst(scenarios.path.count + 1)) }
    }

    /// The shared folders describe OpenAppLock, which the own app
    /// emulates; `guests/<app>/` is each app's own; another app's
    /// scenarios are never played.
    @Test func eachAppsLibraryIsTheFoldersWrittenForIt() throws {
        let own = Self.relative(try ScenarioLibrary(directory: Self.scenarios, app: "OpenAppLock").paths())
        for path in [
            "demo-day.scenario", "dst/berlin-spring-forward.scenario", "regressions/explore-seed-100.scenario",
            "mutation/pause-and-midnight.scenario", "guests/openapplock/dst-spring-forward-night.scenario",
        ] {
            #expect(own.contains(path), "\(own)")
        }
        #expect(!own.contains { $0.hasPrefix("guests/foqos/") }, "\(own)")
        #expect(own.first == "demo-day.scenario")
        let foqos = Self.relative(try ScenarioLibrary(directory: Self.scenarios, app: "Foqos").paths())
        #expect(
            foqos == [
                "guests/foqos/break.scenario", "guests/foqos/manual-stops-and-schedules.scenario",
                "guests/foqos/nfc-and-qr.scenario", "guests/foqos/shortcuts.scenario",
                "guests/foqos/temporary-access.scenario", "guests/foqos/timer-and-break.scenario",
                "guests/foqos/timers-and-pauses.scenario",
            ])

        let missing = Self.scenarios.appendingPathComponent("no-such-folder")
        let error = try #require(throws: ScenarioLibrary.LibraryError.self) {
            try ScenarioLibrary(directory: missing, app: "openapplock").paths()
        }
        #expect(error.description.contains(missing.path), "\(error)")
    }

    /// A library scenario's failed line is a class by its verb, not by
    /// its file, line, app or what the device answered.
    @Test(arguments: [
        (
            "/x/scenarios/guests/openapplock/dst-fall-back-night.scenario:13: expect blocked Instagram — open",
            "expect blocked"
        ),
        (
            "/x/regressions/demo-day-seed-12.scenario:11: press open on Chess — oal-shield-action exited 1",
            "press open"
        ),
        ("a.scenario:4: expect label Sleep \"Ends in 9h\" — \"Ends in 8h\"", "expect label"),
    ])
    func aFailedLineIsNamedByItsVerb(failure: String, step: String) throws {
        let signature = try #require(
            FindingSignature.failure(
                violations: [], crashes: [], error: nil, ruleKinds: ["Sleep": "schedule", "Cap": "time-limit"],
                app: "guest OpenAppLock@HEAD", expectationFailures: [failure, "b.scenario:9: expect unblocked X — y"]))
        #expect(signature.checks == ["expectation"])
        #expect(signature.step == step)
        #expect(signature.kind == "schedule+time-limit")
        #expect(
            FindingSignature.failure(
                violations: [], crashes: [], error: nil, ruleKinds: [:], app: "own app", expectationFailures: [])
                == nil)
    }

    /// `check`'s findings.json: explore's keys and `library`, which
    /// `count` includes; a seed and two scenarios of one class are one
    /// finding.
    @Test func theCheckFindingsFileNamesTheLibraryScenarios() throws {
        let signature = FindingSignature(
            checks: ["over-enforced"], kind: "schedule", step: "intervalDidStart sched", app: "guest OpenAppLock@HEAD")
        let findings = FindingGroups.group([
            RunFinding(
                source: .scenario("/s/dst/berlin-spring-forward.scenario"), signature: signature,
                scenario: "/s/dst/berlin-spring-forward.scenario", size: 12, reproduce: "rb"),
            RunFinding(seed: 7, signature: signature, scenario: "/b/seed-7/day.min.scenario", size: 6, reproduce: "r7"),
            RunFinding(
                source: .scenario("/s/dst/london-spring-forward.scenario"), signature: signature,
                scenario: "/s/dst/london-spring-forward.scenario", size: 12, reproduce: "rl"),
        ])
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.count == 3)
        #expect(finding.seeds == [7])
        #expect(finding.scenario == "/b/seed-7/day.min.scenario")
        let object = try #require(
            try JSONSerialization.jsonObject(
                with: Data(FindingsFile.json(runs: 9, findings: findings, library: true).utf8))
                as? [String: Any])
        let entry = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(
            Set(entry.keys) == ["signature", "checks", "count", "seeds", "library", "known", "scenario", "reproduce"])
        #expect(
            entry["library"] as? [String] == [
                "/s/dst/berlin-spring-forward.scenario", "/s/dst/london-spring-forward.scenario",
            ])
        #expect(entry["count"] as? Int == 3)
        // explore's file stays as other tools read it.
        let explore = try #require(
            try JSONSerialization.jsonObject(with: Data(FindingsFile.json(runs: 9, findings: findings).utf8))
                as? [String: Any])
        #expect((explore["findings"] as? [[String: Any]])?.first?["library"] == nil)
    }

    /// A regression kept open declares its failure; `passes` declares none.
    @Test func aRegressionDeclaresItsOpenFailure() {
        let open = Shrinker.Target.declared(in: "# x\n# oracle: over-enforced \"Cap 1\"\ntimezone UTC\n")
        #expect(open == Shrinker.Target(check: .overEnforced, rule: "Cap 1"))
        #expect(Shrinker.Target.declared(in: "# oracle: status-label\n")?.rule == nil)
        #expect(Shrinker.Target.declared(in: "# oracle: passes (fixed)\n") == nil)
        #expect(Shrinker.Target.declared(in: "timezone UTC\n") == nil)
    }

    /// The command on the emulator's own app with a library of three: a
    /// day that passes, a day whose expectation is wrong (a new finding:
    /// exit 1) and a regression kept open (known); then without the wrong
    /// day, exit 5.
    @Test func checkOnTheOwnAppExitsByItsWorstFinding() throws {
        let base = try TemporaryDirectory.make(prefix: "oal-check")
        defer { try? FileManager.default.removeItem(at: base) }
        let library = base.appendingPathComponent("scenarios", isDirectory: true)
        try FileManager.default.createDirectory(
            at: library.appendingPathComponent("regressions"), withIntermediateDirectories: true)
        for folder in ["dst", "mutation"] {
            try FileManager.default.createDirectory(
                at: library.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let day = """
            timezone Europe/Paris
            start 2026-11-30 09:00
            end 2026-11-30 10:00
            at 09:00 app list add Games --apps Chess
            at 09:01 app rule add time-limit Cap --list Games --minutes 30
            at 09:05 open Chess for 10m

            """
        try Data((day + "at 09:20 expect unblocked Chess\n").utf8).write(
            to: library.appendingPathComponent("a-passes.scenario"))
        let wrong = library.appendingPathComponent("b-wrong.scenario")
        try Data((day + "at 09:20 expect blocked Chess\n").utf8).write(to: wrong)
        // Every regression of the own app passes now, so the one kept open
        // is made here: a weekends-only window judged on a Monday, with the
        // shared decision broken to take every day (the check's runs carry
        // the mutant, as a run under OAL_MUTANT does).
        try Data(
            """
            # oracle: over-enforced "Weekend"
            timezone Europe/Paris
            start 2026-11-30 09:00
            end 2026-11-30 10:00
            at 09:00 app list add Social --apps Instagram
            at 09:01 app rule add schedule Weekend --list Social --from 09:00 --to 17:00 --days sat,sun
            at 09:05 open Instagram for 5m

            """.utf8
        ).write(to: library.appendingPathComponent("regressions/weekends-only.scenario"))
        let broken = [MutantVariable.name: "decision-ignores-days"]

        let device = try BuiltProducts.executable("oal-device")
        let arguments = [
            "check", "--scenarios", library.path, "--crash-scenario",
            library.appendingPathComponent("a-passes.scenario").path,
            "--jobs", "2", "--quiet",
        ]
        let first = try ProcessRun.run(
            device,
            arguments + ["--root-base", base.appendingPathComponent("one").path, "--seeds", "1", "--crash-limit", "1"],
            environment: broken)
        #expect(first.status == 1, "\(first.stdout)\n\(first.stderr)")
        #expect(
            first.stdout.contains("check: 3 library scenario(s), 1 generated day(s), 1 crash point(s)"),
            "\(first.stdout)")
        #expect(
            first.stdout.contains("| new | own app | expectation | time-limit | expect blocked | 1 |"),
            "\(first.stdout)")
        #expect(first.stdout.contains("| open weekends-only | own app |"), "\(first.stdout)")
        let data = try Data(contentsOf: base.appendingPathComponent("one/findings.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["runs"] as? Int == 5)
        let entries = try #require(object["findings"] as? [[String: Any]])
        let new = try #require(entries.first { $0["known"] as? Bool == false }, "\(entries)")
        #expect(new["library"] as? [String] == [wrong.path])
        #expect(new["scenario"] as? String == wrong.path)
        #expect((new["reproduce"] as? String)?.contains("b-wrong.scenario") == true)
        #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent("one/index.html").path))

        try FileManager.default.removeItem(at: wrong)
        let second = try ProcessRun.run(
            device,
            arguments + ["--root-base", base.appendingPathComponent("two").path, "--seeds", "0", "--crash-limit", "0"],
            environment: broken)
        #expect(second.status == 5, "\(second.stdout)\n\(second.stderr)")
        #expect(second.stdout.contains("0 new finding(s), 1 known"), "\(second.stdout)")
    }
}

extension CommitCheckTests {
    /// A pull request's check (docs/CI.md): the head's new findings whose
    /// class its base lacks, two commits of one app being one app.
    @Test func aPullRequestReportsOnlyTheFindingsNewAtItsHead() throws {
        func file(_ app: String, _ signatures: [(String, Bool)]) -> Data {
            let findings = signatures.map { signature, known in
                FindingGroups.group([
                    RunFinding(
                        seed: 1,
                        signature: FindingSignature(
                            checks: [signature], kind: "schedule", step: "loop tick", app: app,
                            known: known ? "G1" : nil), scenario: "/s/\(signature).scenario", size: 3,
                        reproduce: "r \(signature)")
                ])[0]
            }
            return Data(FindingsFile.json(runs: 4, findings: findings, library: true).utf8)
        }
        let base = try FindingsDiff.entries(
            file("guest OpenAppLock@aaaaaaa", [("status-label", false), ("usage-not-lost", true)]), file: "base.json")
        let head = try FindingsDiff.entries(
            file(
                "guest OpenAppLock@bbbbbbb",
                [("status-label", false), ("over-enforced", false), ("minutes-recorded", true)]),
            file: "head.json")
        let new = FindingsDiff.newAtHead(base: base, head: head)
        #expect(new.map(\.signature) == ["over-enforced on schedule after loop tick (guest OpenAppLock@bbbbbbb)"])
        #expect(new.first?.scenario == "/s/over-enforced.scenario")
        #expect(FindingsDiff.newAtHead(base: head, head: head).isEmpty)

        let error = try #require(throws: FindingsDiff.ReadError.self) {
            try FindingsDiff.entries(Data("{\"runs\": 1, \"findings\": [{\"signature\": \"x\"}]}".utf8), file: "h.json")
        }
        #expect(error.description.hasPrefix("h.json: findings[0] lacks"), "\(error)")
        #expect(throws: FindingsDiff.ReadError.self) { try FindingsDiff.entries(Data("[".utf8), file: "b.json") }
    }
}
