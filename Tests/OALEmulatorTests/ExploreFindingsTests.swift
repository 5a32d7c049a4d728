import Foundation
import OALEmulator
import OALExplore
import Testing

/// How `oal-device explore` groups failing seeds into findings, handed
/// values and not the simulator, as TigerBeetle's checkers are.
@Suite struct ExploreFindingsTests {
    static func violation(_ check: OracleCheck, rule: String?, at time: String, after: String) -> Violation {
        Violation(
            check: check, ruleID: rule.map { _ in UUID().uuidString }, ruleName: rule, time: time, localTime: time,
            after: after, expected: "expected", actual: "actual", traceExcerpt: [], reproduce: "reproduce")
    }

    static func failure(_ violations: [Violation], kinds: [String: String], app: String = "own app")
        -> FindingSignature?
    {
        FindingSignature.failure(violations: violations, crashes: [], error: nil, ruleKinds: kinds, app: app)
    }

    @Test func twoSeedsThatHitOneClassAreOneFinding() throws {
        // Seeds 3 and 7 hit one defect on differently named schedules, on
        // other days, at other times, after another activity's start; a
        // later violation of seed 3 (a status label) is not its class.
        let three = try #require(
            Self.failure(
                [
                    Self.violation(
                        .overEnforced, rule: "Sleep 1", at: "2027-03-27T21:00:00Z",
                        after: "intervalDidStart sched-8F0C2E57-3A4B-4C5D-8E9F-0A1B2C3D4E5F"),
                    Self.violation(
                        .blockNotInvented, rule: "Sleep 1", at: "2027-03-27T21:00:00Z",
                        after: "intervalDidStart sched-8F0C2E57-3A4B-4C5D-8E9F-0A1B2C3D4E5F"),
                    Self.violation(
                        .statusLabel, rule: "Sleep 1", at: "2027-03-27T22:00:00Z", after: "loop tick"),
                ], kinds: ["Sleep 1": "schedule", "Cap 2": "time-limit"]))
        let seven = try #require(
            Self.failure(
                [
                    Self.violation(
                        .blockNotInvented, rule: "Focus 3", at: "2027-11-06T05:30:00Z",
                        after: "intervalDidStart sched-0D1E2F30-4152-4637-8899-AABBCCDDEEFF"),
                    Self.violation(
                        .overEnforced, rule: "Focus 3", at: "2027-11-06T05:30:00Z",
                        after: "intervalDidStart sched-0D1E2F30-4152-4637-8899-AABBCCDDEEFF"),
                ], kinds: ["Focus 3": "schedule"]))
        let four = try #require(
            Self.failure(
                [
                    Self.violation(
                        .underEnforced, rule: "Cap 1", at: "2027-05-01T10:20:00Z",
                        after: "line 12: open YouTube for 20m")
                ], kinds: ["Cap 1": "time-limit"]))
        #expect(three == seven)
        #expect(three != four)
        #expect(
            three.description == "block-not-invented+over-enforced on schedule after intervalDidStart sched (own app)")
        #expect(four.description == "under-enforced on time-limit after open (own app)")

        let findings = FindingGroups.group([
            RunFinding(seed: 7, signature: seven, scenario: "/b/seed-7/day.min.scenario", size: 3, reproduce: "r7"),
            RunFinding(seed: 4, signature: four, scenario: "/b/seed-4/day.min.scenario", size: 2, reproduce: "r4"),
            RunFinding(seed: 3, signature: three, scenario: "/b/seed-3/day.min.scenario", size: 5, reproduce: "r3"),
        ])
        #expect(findings.count == 2)
        let first = try #require(findings.first)
        #expect(first.seeds == [3, 7])
        #expect(first.count == 2)
        #expect(first.checks == ["block-not-invented", "over-enforced"])
        #expect(!first.known)
        // The smallest minimal scenario of the two, and the command that replays it.
        #expect(first.scenario == "/b/seed-7/day.min.scenario")
        #expect(first.reproduce == "r7")
        #expect(findings[1].seeds == [4])
    }

    @Test(arguments: [
        ("line 31: app rule disable Social Cap 2", "app rule disable"),
        ("line 4: app rule add schedule Sleep 1 --list List 1 --from 22:00 --to 06:00", "app rule add"),
        ("line 9: app refresh", "app refresh"),
        ("line 9: open OpenAppLock for 5m", "open OpenAppLock"),
        ("line 9: press open on Candy Crush for 10m", "press open"),
        ("line 9: fault clock timezone Asia/Tokyo", "fault clock timezone"),
        ("line 9: authorization restore", "authorization restore"),
        ("eventDidReachThreshold rule-ABB4F813-BC95-4B04-81F1-9D80A915E007-2028-01-01", "eventDidReachThreshold rule"),
        ("intervalDidEnd open-session-ABB4F813-BC95-4B04-81F1-9D80A915E007", "intervalDidEnd open-session"),
        ("intervalDidEnd sched2-ABB4F813-BC95-4B04-81F1-9D80A915E007", "intervalDidEnd sched2"),
        ("loop tick", "loop tick"),
        ("nothing (no event since 2027-06-30 23:58 (UTC+02:00))", "nothing"),
        ("threshold", "threshold"),
    ])
    func aStepIsNamedWithoutWhatDiffersFromDayToDay(after: String, step: String) throws {
        let signature = try #require(
            Self.failure([Self.violation(.agreement, rule: nil, at: "t", after: after)], kinds: [:]))
        #expect(signature.step == step)
        #expect(signature.kind == "no rule")
    }

    @Test func knownFindingsAreKeptApartAndTheAppIsPartOfTheClass() {
        let lines = [
            "G1 [usage-not-lost] rule \"Cap 1\" from 2027-03-27 08:20: a time limit's usage below the budget",
            "G1 [minutes-recorded] rule \"Cap 1\" from 2027-03-27 08:21: a time limit's usage below the budget",
            "F2 [agreement] rule \"Gate 2\" from 2027-03-27 18:00: the last open's session is cut short",
        ]
        let kinds = ["Cap 1": "time-limit", "Gate 2": "open-limit"]
        let old = FindingSignature.known(lines, ruleKinds: kinds, app: "guest OpenAppLock@37f5175")
        #expect(old.map(\.known) == ["G1", "F2"])
        #expect(old[0].checks == ["minutes-recorded", "usage-not-lost"])
        #expect(
            old[0].description == "known G1: minutes-recorded+usage-not-lost on time-limit (guest OpenAppLock@37f5175)")
        let new = FindingSignature.known(Array(lines.prefix(1)), ruleKinds: kinds, app: "guest OpenAppLock@9a6df8a")
        let fresh = Self.failure(
            [Self.violation(.underEnforced, rule: "Cap 1", at: "t", after: "threshold")], kinds: kinds,
            app: "guest OpenAppLock@37f5175")!
        let findings = FindingGroups.group(
            [
                RunFinding(seed: 2, signature: old[0], scenario: "a", size: 9, reproduce: "ra"),
                RunFinding(seed: 2, signature: old[1], scenario: "a", size: 9, reproduce: "ra"),
                RunFinding(seed: 5, signature: old[0], scenario: "b", size: 8, reproduce: "rb"),
                RunFinding(seed: 6, signature: new[0], scenario: "c", size: 7, reproduce: "rc"),
                RunFinding(seed: 9, signature: fresh, scenario: "d", size: 30, reproduce: "rd"),
            ])
        // New before known; another commit of the app is another class.
        #expect(findings.map(\.known) == [false, true, true, true])
        #expect(findings[1].seeds == [2, 5] && findings[1].scenario == "b")
        #expect(
            Set(findings.dropFirst().map(\.signature.app)) == [
                "guest OpenAppLock@37f5175", "guest OpenAppLock@9a6df8a",
            ])
    }

    @Test func aCrashAndAStoppedRunAreFindingsToo() throws {
        let crash = try #require(
            FindingSignature.failure(
                violations: [], crashes: ["launch 12 (launch.end at 2027-03-27T08:00:00Z) ended with signal 6"],
                error: nil, ruleKinds: [:], app: "own app"))
        #expect(crash.checks == ["crash"])
        #expect(crash.step == "launch.end ended with signal 6")
        let stopped = try #require(
            FindingSignature.failure(
                violations: [], crashes: [], error: "launch 42 of oal-monitor: no such executable", ruleKinds: [:],
                app: "own app"))
        #expect(stopped.checks == ["stopped"])
        #expect(stopped.step == "launch N of oal-monitor: no such executable")
        #expect(
            FindingSignature.failure(violations: [], crashes: [], error: nil, ruleKinds: [:], app: "own app") == nil)
    }

    /// `findings.json` is read by other tools: these keys, in this order.
    @Test func theFindingsFileHasTheKeysOtherToolsRead() throws {
        let signature = FindingSignature(checks: ["over-enforced"], kind: "schedule", step: "loop tick", app: "own app")
        let finding = try #require(
            FindingGroups.group([
                RunFinding(
                    seed: 18_446_744_073_709_551_615, signature: signature, scenario: "/b/\"quoted\"\\path",
                    size: 2, reproduce: "a && b")
            ]).first)
        let text = FindingsFile.json(runs: 200, findings: [finding])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["runs", "findings"])
        #expect(object["runs"] as? Int == 200)
        let entry = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(Set(entry.keys) == ["signature", "checks", "count", "seeds", "known", "scenario", "reproduce"])
        #expect(entry["signature"] as? String == "over-enforced on schedule after loop tick (own app)")
        #expect(entry["checks"] as? [String] == ["over-enforced"])
        #expect(entry["count"] as? Int == 1)
        #expect(entry["known"] as? Bool == false)
        #expect(entry["scenario"] as? String == "/b/\"quoted\"\\path")
        #expect(entry["reproduce"] as? String == "a && b")
        #expect(text.contains("\"seeds\": [18446744073709551615]"))
        let order = [
            "\"signature\"", "\"checks\"", "\"count\"", "\"seeds\"", "\"known\"", "\"scenario\"", "\"reproduce\"",
        ]
        .map { text.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
        #expect(FindingsFile.json(runs: 3, findings: []) == "{\n  \"runs\": 3,\n  \"findings\": []\n}\n")
    }
}
