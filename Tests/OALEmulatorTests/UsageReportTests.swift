import Foundation
import OALDomain
import OALExplore
import OALPlatform
import OALSystem
import Testing

@testable import OALEmulator
@testable import OALOracle

/// The usage page of a time limit (`app usage-report RULE`): the device
/// hands the report extension today's activity of the rule's apps, and the
/// `usage-report` check holds its rows to the device's own record of what
/// was in front.
@Suite struct UsageReportTests {
    static let day = """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end 2026-11-30 12:00
        at 08:00 app list add Games --apps "Chess,Candy Crush"
        at 08:01 app rule add time-limit Budget --list Games --minutes 150
        at 08:02 app usage-report Budget
        at 08:02 expect usage-report Budget "No usage today"
        at 08:03 open Chess for 30s
        at 08:04 expect usage-report Budget "<1m today"
        at 08:05 open "Candy Crush" for 65m
        at 09:20 expect usage-report Budget "1h 5m today"
        at 09:20 expect usage-report Budget "apps[0].name: Candy Crush"
        at 09:21 open Chess for 5m
        at 09:30 app usage-report Budget
        """

    @Test func theReportShowsTodaysForegroundTimeOfTheRulesApps() throws {
        let run = try OracleTests.run(Self.day)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.report.violations.isEmpty, "\(run.report.violations)")
        #expect(run.stderr.contains("4 expectation(s) met, 0 failed"), "\(run.stderr)")
    }

    @Test func wrongRowsAreCaught() throws {
        try OracleTests.assertCaught(Self.day, mutant: "report-rows-wrong", check: .usageReport)
    }

    @Test func aRuleWithNoUsagePageFailsItsStep() throws {
        let run = try OracleTests.run(
            """
            timezone UTC
            start 2026-11-30 08:00
            end 2026-11-30 09:00
            at 08:00 app list add Games --apps Chess
            at 08:01 app rule add open-limit Gate --list Games --opens 2
            at 08:02 app usage-report Gate
            """)
        #expect(run.status == 1)
        #expect(run.stderr.contains("0 expectation(s) met, 1 failed"), "\(run.stderr)")
    }

    /// The oracle's reading of a printed configuration: a wrong total, a
    /// wrong row, a missing row and one too many each differ.
    @Test func theCheckReadsEachRow() {
        let expected = ExpectedUsageReport(secondsByName: ["Chess": 300, "Candy Crush": 3_900, "X": 0])
        #expect(expected.total == "1h 10m today")
        #expect(expected.rows.map(\.name) == ["Candy Crush", "Chess"])
        let right = [
            "total": "1h 10m today", "apps[0].name": "Candy Crush", "apps[0].seconds": "3900",
            "apps[1].name": "Chess", "apps[1].seconds": "300",
        ]
        #expect(expected.difference(from: right) == nil)
        var wrongTotal = right
        wrongTotal["total"] = "1h 9m today"
        #expect(expected.difference(from: wrongTotal) != nil)
        var swapped = right
        (swapped["apps[0].name"], swapped["apps[1].name"]) = ("Chess", "Candy Crush")
        #expect(expected.difference(from: swapped) != nil)
        var wrongSeconds = right
        wrongSeconds["apps[1].seconds"] = "360"
        #expect(expected.difference(from: wrongSeconds) != nil)
        var aSecondOff = right
        aSecondOff["apps[0].seconds"] = "3901"
        #expect(expected.difference(from: aSecondOff) != nil)
        var missing = right
        missing["apps[1].name"] = nil
        #expect(expected.difference(from: missing) == "1 row(s)")
        var extra = right
        extra["apps[2].name"] = "Kindle"
        extra["apps[2].seconds"] = "1"
        #expect(expected.difference(from: extra) != nil)
    }

    /// The labels of the app's docs: "<1m", whole minutes, whole hours,
    /// hours and minutes; ties by name; no usage at all.
    @Test func theExpectedLabelsAreTheDocsOnes() {
        #expect(ExpectedUsageReport(secondsByName: [:]).total == "No usage today")
        #expect(ExpectedUsageReport(secondsByName: ["A": 59]).total == "<1m today")
        #expect(ExpectedUsageReport(secondsByName: ["A": 60]).total == "1m today")
        #expect(ExpectedUsageReport(secondsByName: ["A": 7_200]).total == "2h today")
        #expect(ExpectedUsageReport(secondsByName: ["A": 7_259]).total == "2h today")
        #expect(ExpectedUsageReport(secondsByName: ["A": 4_320]).total == "1h 12m today")
        #expect(ExpectedUsageReport(secondsByName: ["B": 60, "A": 60]).rows.map(\.name) == ["A", "B"])
        // The emulator's own app says the same.
        for seconds in [0.0, 1, 59, 60, 61, 3_599, 3_600, 3_660, 7_200, 86_399] {
            let own = UsageReport(usage: [("A", seconds)])
            #expect(own.total == ExpectedUsageReport(secondsByName: ["A": seconds]).total)
        }
    }

    /// The verb and its expectation, parsed and written back.
    @Test func theVerbAndItsExpectationReadAndWriteBack() throws {
        let scenario = try ScenarioParser(file: "s.scenario").parse(
            """
            start 2026-11-30 08:00
            at 08:00 app usage-report "Video Cap"
            at 08:00 expect usage-report "Video Cap" "1h today"
            """)
        #expect(
            scenario.steps.map(\.action) == [
                .usageReport(rule: "Video Cap"), .expect(.usageReport(rule: "Video Cap", text: "1h today")),
            ])
        #expect(
            scenario.steps.map(\.action.lineText) == [
                "app usage-report \"Video Cap\"", "expect usage-report \"Video Cap\" \"1h today\"",
            ])
        #expect(throws: ScenarioError.self) {
            try ScenarioParser(file: "s.scenario").parse("start 2026-11-30 08:00\nat 08:00 app usage-report")
        }
    }

    /// What the device hands the report process, both ways.
    @Test func theReportArgumentsRoundTrip() throws {
        let segment = DateInterval(start: Date(timeIntervalSince1970: 1_764_457_200), duration: 86_400)
        let data = ActivityReportArguments(
            context: "Rule Usage", segment: segment,
            apps: [.init(token: .init("b"), seconds: 30), .init(token: .init("a"), seconds: 90.5)])
        #expect(data.arguments == ["Rule Usage", "2025-11-29T23:00:00Z", "2025-11-30T23:00:00Z", "a=90.5", "b=30"])
        let parsed = try ActivityReportArguments(parsing: ParsedArguments(positionals: data.arguments))
        #expect(parsed == data)
    }

    /// The device's history clipped to a day and to now, per app.
    @Test func foregroundSecondsAreClippedToTheSegmentAndNow() {
        let t0 = Date(timeIntervalSince1970: 0)
        let usage = UsageAccounting(history: [
            .init(app: "a", from: t0.addingTimeInterval(-100), to: t0.addingTimeInterval(50)),
            .init(app: "b", from: t0.addingTimeInterval(60), to: t0.addingTimeInterval(200)),
            .init(app: "a", from: t0.addingTimeInterval(300), to: t0.addingTimeInterval(400)),
        ])
        let seconds = usage.foregroundSeconds(
            during: DateInterval(start: t0, duration: 1_000), until: t0.addingTimeInterval(350)
        ) { $0 != "c" }
        #expect(seconds == ["a": 100, "b": 140])
    }
}
