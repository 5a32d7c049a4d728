import Foundation
import OALDomain
import OALStore
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// `oracle-state.json` is written by hand (`OracleState: PrettyJSONWritable`)
/// and must stay exactly the bytes `JSONEncoder` wrote: the same file, read
/// back the same by a resumed device and compared by `scripts/compare-runs`.
@Suite struct OracleStateJSONTests {
    private struct Envelope: Encodable {
        var document: OracleState
        var format: String
        var formatVersion: Int
    }

    private static let envelope = DocumentEnvelope<OracleState>(
        format: OracleState.format, version: OracleState.version)

    private static func encoded(_ state: OracleState) throws -> [UInt8] {
        let envelope = Envelope(document: state, format: OracleState.format, formatVersion: OracleState.version)
        return Array(try StoreCoding.encoder().encode(envelope)) + [0x0A]
    }

    private static func written(_ state: OracleState) -> [UInt8] {
        envelope.encode(state, storeName: OracleState.storeName)
    }

    private static let start = Date(timeIntervalSince1970: 1_795_993_200)
    private static let rules = [
        UUID(uuidString: "39837353-0D5B-4A5E-9C1E-6A9C2F1B0001")!,
        UUID(uuidString: "B4EE20C1-77A0-4F0B-8D4E-0000000000AA")!,
        UUID(uuidString: "0A9C6A9C-1111-2222-3333-444455556666")!,
    ]
    /// Strings the encoder escapes, or writes as they are although they are
    /// not ASCII.
    private static let awkward = "Candy \"Crush\" a/b back\\slash line\nfeed tab\t é 😀 \u{1}"

    private static func violation(_ check: OracleCheck, _ n: Int) -> Violation {
        Violation(
            check: check, ruleID: rules[n % 3].uuidString, ruleName: "Study \(n) \(awkward)",
            time: "2026-11-30T09:0\(n):00.000Z", localTime: "2026-11-30 10:0\(n)", after: "at 09:0\(n) open Instagram",
            expected: "expected \(awkward)", actual: "actual \(n)",
            traceExcerpt: ["{\"t\":\"2026-11-30T09:00:00Z\",\"proc\":\"device\"}", "line \(n) \(awkward)"],
            reproduce: "oal-device run --root /tmp/a b --seed \(n)", subject: "app|Candy \(n) \(awkward)",
            until: "2026-11-30T09:3\(n):00.000Z", timeZone: "Europe/Paris")
    }

    private static func divergence(_ check: OracleCheck, _ n: Int) -> ExpectedDivergence {
        ExpectedDivergence(
            check: check, ruleID: rules[n % 3].uuidString, ruleName: "Cap \(n)", time: "2026-11-30T09:1\(n):00Z",
            localTime: "10:1\(n)", expected: "shielded", actual: "not \(awkward)", reason: "late callback \(n)",
            subject: "web|example\(n).com", until: "2026-11-30T09:4\(n):00Z")
    }

    private static func killed(_ target: String, _ n: Int) -> KilledLaunch {
        KilledLaunch(
            target: target, launch: 40 + n, time: start.addingTimeInterval(0.125 * Double(n)), reason: "jetsam")
    }

    private static func days(_ offset: Int) -> [DayKey: TimeInterval] {
        [
            DayKey(year: 2026, month: 11, day: 30)!: 1800.5 + Double(offset),
            DayKey(year: 2026, month: 12, day: 1)!: 60, DayKey(year: 2026, month: 12, day: 2)!: 0.001,
            DayKey(year: 2026, month: 12, day: 10)!: 1e-7,
        ]
    }

    /// Every field set, nested fields too, with keys and values that sort
    /// or escape awkwardly.
    static var full: OracleState {
        var report = OracleReport(
            violations: [violation(.opensExactlyOnce, 1), violation(.storesParse, 2)],
            expectedDivergences: [divergence(.underEnforced, 3), divergence(.overEnforced, 4)], observations: 1234,
            checksRun: 56_789, quarantined: ["/tmp/root/app-group/rules.json.quarantine-1", "x\"y"])
        report.guestGaps = ["agreement: no dry run; caught instead by under-enforced", "mirror-current: \"x\""]
        report.guestProbeFailures = 2
        report.lastGuestProbeFailure = "oal-app probe signal 9: é/ü"
        report.knownFindings = ["G1 [usage-not-lost] rule \"Video Cap\" from 08:20: summary"]
        report.contractJudged = "fail-open, ... judged on 2 automation run(s)"
        let withheld = [
            "rule-39837353-2026-11-30": Oracle.WithheldCallback(
                activity: "rule-39837353-2026-11-30", kind: "intervalDidStart", edge: start, reason: "late 5m"),
            "Rule-a": Oracle.WithheldCallback(
                activity: "Rule-a", kind: "eventDidReachThreshold", edge: start.addingTimeInterval(0.5),
                reason: awkward),
            "rule-10": Oracle.WithheldCallback(activity: "rule-10", kind: "k", edge: start, reason: "dropped"),
        ]
        let facts = DeviceFacts(
            granted: ["\(rules[0].uuidString)|2026-11-30": 2, "\(rules[1].uuidString)|2026-12-01": 1, "a": 0],
            grantedOverBudget: ["\(rules[0].uuidString)|2026-11-30": 1],
            sessions: [rules[0]: start.addingTimeInterval(900), rules[1]: start.addingTimeInterval(0.25)],
            unacknowledgedPresses: ["2026-11-30": 3, "2026-12-01": 1], pressesSeen: 17,
            thresholdMinutes: ["\(rules[0].uuidString)|2026-11-30": 45, "B|x": 10, "b|x": 9],
            appLaunches: [9: ["rule", "add", "Study \"x\""], 10: ["list", "add", "é/ü"], 100: ["refresh"]],
            lastRefresh: start.addingTimeInterval(-3_600.75), sessionEndDelivered: Set(rules),
            authorizationRevokedAt: start.addingTimeInterval(60.5), authorizationRestoredAt: start,
            authorizationLostWrites: true)
        let kills = KillFacts(
            extensionKilled: killed("monitor", 1), appKilled: killed("app", 2),
            thresholdsKilled: ["rule-39837353-2026-11-30": "2026-11-30", "Rule-a": "2026-12-01"],
            paidPresses: [
                rules[0]: [start, start.addingTimeInterval(30)], rules[2]: [start.addingTimeInterval(0.375)],
            ],
            diskFull: killed("shield-action", 3),
            thresholdsKilledMinutes: ["rule-39837353-2026-11-30": 45, "Rule-a": 3])
        let spec = SpecFacts(
            grants: [rules[0]: [start], rules[1]: [start.addingTimeInterval(60), start.addingTimeInterval(120.5)]],
            unsurePresses: [rules[2]: [start.addingTimeInterval(7)], rules[0]: [start, start]], refused: Set(rules),
            lastAppLaunch: 12, lastAppLaunchExited: false, mirrorDamagedAt: start.addingTimeInterval(11),
            settingsDamagedAt: start.addingTimeInterval(12),
            usageDamaged: UsageDamage(
                day: "2026-11-30", time: start.addingTimeInterval(13), fault: "store truncate usage",
                lostMinutes: [rules[0].uuidString: 15], lostOpens: [rules[1].uuidString: 2], refusesWrites: true),
            clockSetBack: ClockSetBack(
                time: start.addingTimeInterval(-86_400), launch: 8, from: start.addingTimeInterval(-79_200),
                settled: start.addingTimeInterval(-82_800)),
            since: ["com.burbn.instagram": start, "youtube.com": start.addingTimeInterval(3), "Adult": start],
            kills: kills, uninstallProtection: true,
            travels: [
                Travel(
                    time: start.addingTimeInterval(17), from: "Europe/Paris", to: "Pacific/Kiritimati",
                    filed: ["com.google.ios.youtube": 1_200.5, "com.burbn.instagram": 60])
            ],
            zone: "Pacific/Kiritimati",
            unreachedThresholds: ["rule-39837353-2026-11-30": start.addingTimeInterval(19), "Rule-a": start],
            tokenChanges: [
                "com.burbn.instagram": TokenChange(
                    app: "Instagram \(awkward)", retired: [.init("app-0123456789abcdef"), .init("app-é")],
                    time: start.addingTimeInterval(23), usedBefore: 1234.5),
                "com.chess.iphone": TokenChange(app: "Chess", retired: [.init("app-1")], time: start, usedBefore: 0),
            ],
            carried: [
                "39837353-0000-4000-8000-000000000001": ["2026-11-30": 120.5, "2026-12-01": 60],
                "A \(awkward)": ["2026-11-30": 1],
            ],
            carriedTravel: ["39837353-0000-4000-8000-000000000001": ["2026-12-01": 1_500.5]])
        let truth = UsageTruth(
            frontmost: "com.zhiliaoapp.musically", since: start.addingTimeInterval(42.5),
            seconds: ["com.burbn.instagram": days(0), "com.apple.MobileSMS": days(1), "é": days(2)])
        return OracleState(
            scenario: "/tmp/a b/workload-7d.scenario", traceOffset: 123_456_789_012,
            excerpt: ["{\"t\":\"2026-11-30T09:00:00Z\",\"event\":\"launch\"}", awkward], report: report,
            openEpisodes: ["over-enforced|rule-1|Instagram", "under|a/b", "x\"y", "é"],
            seenEpisodes: ["a", "b", "c", "stores-parse|/tmp/x\ny"], withheld: withheld,
            injectedStoreFaults: ["rules.json": "truncate", "open-sessions.json": "garbage", "A": "z"], truth: truth,
            facts: facts,
            divergenceSince: ["com.burbn.instagram": start, "Z": start.addingTimeInterval(1), "a": start],
            pathsLastCheck: start.addingTimeInterval(600),
            killedPresses: [
                KilledPress(
                    launch: "31", app: "Instagram", status: "signal 9", ruleID: rules[0], opensBefore: 1, opensAfter: 2,
                    time: start.addingTimeInterval(5), step: "at 09:00 open Instagram"),
                KilledPress(
                    launch: "32", app: "Candy \"Crush\"", status: "?", ruleID: rules[1], opensBefore: 0, opensAfter: 1,
                    time: start, step: awkward),
            ],
            spec: spec,
            labelsAsked: LabelsAsked(launch: 17, time: start.addingTimeInterval(0.25), zone: "Pacific/Chatham"))
    }

    @Test func aFullStateIsTheEncodersBytes() throws {
        let state = Self.full
        let written = Self.written(state)
        let encoded = try Self.encoded(state)
        #expect(
            written == encoded,
            "\(String(decoding: written, as: UTF8.self))\n---\n\(String(decoding: encoded, as: UTF8.self))")
    }

    /// An app's days are written from the last save's bytes when they are
    /// the same pairs in the same order (`memoizedElements`); an equal
    /// dictionary that iterates in another order (another capacity) must
    /// still be written in its own, as the encoder writes it.
    @Test func equalDaysThatIterateOtherwiseAreStillTheEncodersBytes() throws {
        let days = (0..<40).map { DayKey(year: 2026, month: 1 + $0 / 28, day: 1 + $0 % 28)! }
        var small = Self.full
        small.truth.seconds["com.example.video"] = Dictionary(uniqueKeysWithValues: days.map { ($0, 60.5) })
        var large = Self.full
        var spread = [DayKey: TimeInterval](minimumCapacity: 4096)
        for day in days { spread[day] = 60.5 }
        large.truth.seconds["com.example.video"] = spread
        #expect(small.truth == large.truth)
        #expect(
            Array(small.truth.seconds["com.example.video"]!.keys) != Array(spread.keys),
            "the two dictionaries should iterate differently")
        for state in [small, large, small, large] {
            #expect(Self.written(state) == (try Self.encoded(state)))
        }
    }

    @Test func aNewStateIsTheEncodersBytes() throws {
        #expect(Self.written(OracleState()) == (try Self.encoded(OracleState())))
        let blank = OracleState(scenario: "s", spec: SpecFacts(kills: KillFacts()))
        #expect(Self.written(blank) == (try Self.encoded(blank)))
    }

    @Test func theWrittenFileReadsBack() throws {
        let state = Self.full
        switch Self.envelope.decode(Self.written(state)) {
        case .document(let read): #expect(read == state)
        default: Issue.record("the written oracle state does not read back")
        }
    }

    /// A field added to one of these types must be added to its `writeJSON`
    /// too (and to `full` above): otherwise it would silently not be saved.
    @Test func everyFieldIsWritten() throws {
        let state = Self.full
        let spec = try #require(state.spec)
        let kills = try #require(spec.kills)
        let counts: [(Any, Int)] = [
            (state, OracleState.writtenFields), (state.killedPresses[0], KilledPress.writtenFields),
            (state.report, OracleReport.writtenFields), (state.report.violations[0], Violation.writtenFields),
            (state.report.expectedDivergences[0], ExpectedDivergence.writtenFields),
            (state.withheld.values.first!, Oracle.WithheldCallback.writtenFields),
            (state.truth, UsageTruth.writtenFields), (state.facts, DeviceFacts.writtenFields),
            (spec, SpecFacts.writtenFields), (kills, KillFacts.writtenFields),
            (try #require(spec.clockSetBack), ClockSetBack.writtenFields),
            (try #require(spec.usageDamaged), UsageDamage.writtenFields),
            (try #require(spec.travels?.first), Travel.writtenFields),
            (try #require(spec.tokenChanges?.first?.value), TokenChange.writtenFields),
            (try #require(kills.appKilled), KilledLaunch.writtenFields),
        ]
        for (value, written) in counts {
            #expect(Mirror(reflecting: value).children.count == written, "\(type(of: value))")
        }
        #expect(Self.holes(in: state, at: "state") == [])
    }

    /// Where `value` has a nil optional or an empty collection, down through
    /// the oracle's own types.
    private static func holes(in value: Any, at path: String) -> [String] {
        if value is Date || value is UUID || value is DayKey || value is String { return [] }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return [path + " is nil"] }
            return holes(in: wrapped, at: path)
        case .collection, .set, .dictionary:
            if mirror.children.isEmpty { return [path + " is empty"] }
            return mirror.children.flatMap { holes(in: $0.value, at: path + "[]") }
        case .struct, .tuple:
            return mirror.children.flatMap { holes(in: $0.value, at: path + "." + ($0.label ?? "?")) }
        default:
            return []
        }
    }
}
