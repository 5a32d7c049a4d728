import Foundation
import OALEmulator
import OALExplore
import Testing

/// The oracle judges from outside the system under test (docs/ORACLE.md,
/// "Where the truth comes from"): each scenario is one the previous oracle
/// passed while the user-visible result was wrong. Run clean, the fixed
/// design passes; run with the old behaviour (`OAL_MUTANT`), the check
/// named flags it, across real processes.
@Suite struct IndependentOracleTests {
    /// A deleted rule must not come back: a refresh preempted after reading
    /// its inputs resumes after the delete.
    static let deletedRuleReturns = """
        timezone UTC
        start 2026-11-30 08:58
        end 2026-11-30 09:40
        at 08:58 app list add Social --apps Instagram
        at 08:59 fault preempt app at app.refresh.after-read-inputs
        at 08:59 app rule add schedule Study --list Social --from 09:00 --to 09:30
        at 08:59 app rule delete Study
        """

    @Test func aStaleRefreshRepublishingADeletedRuleIsCaught() throws {
        try OracleTests.assertCaught(
            Self.deletedRuleReturns, mutant: "mirror-without-generation", check: .mirrorCurrent)
        let broken = try OracleTests.run(Self.deletedRuleReturns, mutant: "mirror-without-generation")
        #expect(!broken.report.violations(of: .overEnforced).isEmpty, "\(broken.report.violations)")
    }

    /// 30 minutes used, the rule's activity restarted, 20 more minutes: the
    /// 45-minute budget is spent at 09:15.
    static let restartLosesUsage = """
        timezone UTC
        start 2026-11-30 08:00
        end 2026-11-30 10:00
        at 08:00 app list add Social --apps Instagram
        at 08:01 app rule add time-limit Cap --list Social --minutes 45
        at 08:10 open Instagram for 30m
        at 08:45 app rule disable Cap
        at 08:46 app rule enable Cap
        at 09:00 open Instagram for 20m
        """

    @Test func usageLostAcrossAnActivityRestartIsCaught() throws {
        try OracleTests.assertCaught(Self.restartLosesUsage, mutant: "restart-forgets-usage", check: .usageNotLost)
        let broken = try OracleTests.run(Self.restartLosesUsage, mutant: "restart-forgets-usage")
        #expect(!broken.report.violations(of: .underEnforced).isEmpty, "\(broken.report.violations)")
    }

    /// Allow Only over a list of an app, a category and a domain.
    static let allowOnly = """
        timezone UTC
        start 2026-11-30 08:00
        end 2026-11-30 10:00
        at 08:00 app list add Work --apps Instagram --categories Games --domains reddit.com
        at 08:01 app rule add schedule Focus --list Work --from 09:00 --to 09:30 --allow-only
        at 09:10 expect unblocked Chess
        at 09:10 expect unblocked Instagram
        at 09:10 expect blocked YouTube
        """

    @Test func allowOnlyBlockingItsOwnCategoryAndSparingWebsitesIsCaught() throws {
        try OracleTests.assertCaught(Self.allowOnly, mutant: "allow-only-blocks-list", check: .storeScope)
        let broken = try OracleTests.run(Self.allowOnly, mutant: "allow-only-blocks-list")
        #expect(!broken.report.violations(of: .overEnforced).isEmpty, "\(broken.report.violations)")
        #expect(!broken.report.violations(of: .underEnforced).isEmpty, "\(broken.report.violations)")
    }

    /// 50 minutes of a 45-minute budget while every threshold is held back:
    /// the block is owed, excused only by the named reason.
    @Test func withheldThresholdsAreAnExpectedDivergenceNotAPass() throws {
        let run = try OracleTests.run(
            """
            timezone UTC
            start 2026-11-30 08:00
            end 2026-11-30 11:00
            fault batch thresholds until +6h
            at 08:00 app list add Social --apps Instagram
            at 08:01 app rule add time-limit Cap --list Social --minutes 45
            at 09:00 open Instagram for 50m
            """)
        #expect(run.report.violations.isEmpty, "\(run.report.violations)")
        let owed = run.report.expectedDivergences.filter { $0.check == .underEnforced }
        #expect(owed.count == 1, "\(run.report.expectedDivergences)")
        #expect(owed.first?.reason.contains("withheld") == true)
        #expect(owed.first?.reason.contains("deadline") == true)
    }

    /// Yesterday's thresholds flushed the next morning must not block an
    /// app nobody used today.
    static let lateFlush = """
        timezone UTC
        start 2026-11-30 23:00
        end 2026-12-01 10:00
        fault batch thresholds until +10h
        at 23:00 app list add Social --apps Instagram
        at 23:01 app rule add time-limit Cap --list Social --minutes 45
        at 23:05 open Instagram for 50m
        """

    @Test func aLateFlushBlockingAFreshDayIsCaught() throws {
        try OracleTests.assertCaught(Self.lateFlush, mutant: "undated-limit-activity", check: .overEnforced)
    }

    /// The decision code both paths share, broken: they still agree with
    /// each other, so only the separate spec model can tell.
    @Test func aSharedDecisionIgnoringDaysIsCaughtAsOverEnforcement() throws {
        try OracleTests.assertCaught(
            """
            timezone UTC
            start 2026-11-30 08:00
            end 2026-11-30 10:00
            at 08:00 app list add Social --apps Instagram
            at 08:01 app rule add schedule Weekend --list Social --from 09:00 --to 09:30 --days weekends
            """, mutant: "decision-ignores-days", check: .overEnforced)
    }

    @Test func aSharedDecisionCountingTheBudgetLateIsCaughtAsUnderEnforcement() throws {
        try OracleTests.assertCaught(
            """
            timezone UTC
            start 2026-11-30 08:00
            end 2026-11-30 10:00
            at 08:00 app list add Social --apps Instagram
            at 08:01 app rule add time-limit Cap --list Social --minutes 20
            at 09:00 open Instagram for 30m
            """, mutant: "decision-late-budget", check: .underEnforced)
    }

    /// All 20 activity slots taken, then an Open press: the session's
    /// one-shot is refused, so nothing brings the shield back after 09:15.
    /// There is no event then; the oracle judges the quiet stretch too.
    @Test func aSessionThatCannotEndReShieldedIsCaughtWhenItEnds() throws {
        let scenario =
            DeviceHarness.header + OpenSessionReshieldTests.full + "at 09:00 press open on Chess for 10m\n"
        try OracleTests.assertCaught(scenario, mutant: "grant-without-reshield", check: .underEnforced)
        let broken = try OracleTests.run(scenario, mutant: "grant-without-reshield")
        let late = broken.report.violations(of: .underEnforced).first
        // Named for the minute a one-shot's whole-minute edge may take, then
        // a violation at 09:16, 16 minutes after the press.
        #expect(late?.localTime.hasSuffix("09:16") == true, "\(broken.report.violations)")
        #expect(late?.after.hasPrefix("nothing") == true)
    }

    /// A 21st activity is refused: with the app closed the rule's window
    /// is excused, named, until the app's next refresh enforces it.
    @Test func aRuleRefusedOverTheActivityLimitIsExcusedUntilTheNextRefresh() throws {
        let scenario =
            DeviceHarness.header + OpenSessionReshieldTests.full + """
                at 08:05 app list add Social --apps Instagram
                at 08:05 app rule add schedule Study --list Social --from 09:00 --to 09:45
                at 09:20 open OpenAppLock for 1m
                at 09:22 expect blocked Instagram
                """
        let run = try OracleTests.run(scenario)
        #expect(run.report.violations.isEmpty, "\(run.report.violations)")
        let excused = run.report.expectedDivergences.filter { $0.check == .underEnforced }
        #expect(excused.count == 1, "\(run.report.expectedDivergences)")
        #expect(excused.first?.localTime.hasSuffix("09:00") == true)
        #expect(excused.first?.reason.contains("excessiveActivities") == true)
    }

    /// A refused time limit (issue 23, item 7): its usage is known only
    /// through thresholds, which a refused activity never has, so the
    /// app's refresh cannot recover it. The named reason holds while the
    /// activity stays refused, past a refresh (its deadline used to be
    /// that refresh, which could not meet it).
    @Test func aRefusedTimeLimitIsExcusedWhileItStaysRefused() throws {
        let scenario =
            DeviceHarness.header + OpenSessionReshieldTests.full + """
                at 08:05 app list add Video --apps YouTube
                at 08:05 app rule add time-limit "Video Cap" --list Video --minutes 10
                at 09:00 open YouTube for 20m
                at 09:30 open OpenAppLock for 1m
                """
        let run = try OracleTests.run(scenario)
        #expect(run.report.violations.isEmpty, "\(run.report.violations)")
        let excused = run.report.expectedDivergences.filter { $0.reason.contains("excessiveActivities") }
        #expect(!excused.isEmpty, "\(run.report.expectedDivergences)")
    }

    /// The oracle's sources call the app's decision code in one place only:
    /// the agreement check (and the view's `appDecisionInputs`, its one
    /// door). Every truth check (nothing invented or lost, strictest wins,
    /// sessions, per-app shields) goes through `SpecModel`; a call to the
    /// domain's decision, policy, schedule, status, arbitration or
    /// `AppSelection.covers` anywhere else in `Oracle/` fails here. Days are
    /// the oracle's own too (`SpecDays`): `WallClock` and `DayKey`'s
    /// calendar conversion, which the app and the device count days with,
    /// fail here as well.
    @Test func theOracleAsksTheAppsDecisionCodeOnlyForAgreement() throws {
        let directory = Repository.root.appendingPathComponent("Sources/OALOracle")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(files.contains("SpecModel.swift") && files.contains("RuleChecks.swift"))
        let forbidden = [
            "EnforcementDecision", "RulePolicy", "RuleSchedule", "ShieldArbitration", "MonitoringPlanner",
            ".status(at:", "isPaused(", "WallClock.",
        ]
        var offending: [String] = []
        var doors = 0
        for file in files.sorted() {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                let place = "\(file):\(index + 1): \(code)"
                if forbidden.contains(where: { code.contains($0) }) { offending.append(place) }
                // `AppSelection.covers(_:category:)`, the app's coverage.
                if code.range(of: #"\.covers\([^)]*category:"#, options: .regularExpression) != nil {
                    offending.append(place)
                }
                // `DayKey(_:calendar:)`, the domain's day of an instant.
                if code.range(of: #"DayKey\([^)]*calendar:"#, options: .regularExpression) != nil {
                    offending.append(place)
                }
                // The agreement check's own file is the one door to the
                // app's decision: no view, fact or truth check reaches it.
                if code.contains("EnforcementInputs") || code.contains(".decide(") || code.contains("appInputs") {
                    if file == "AgreementCheck.swift" { doors += 1 } else { offending.append(place) }
                }
            }
        }
        #expect(
            offending.isEmpty,
            "the app's decision code outside the agreement check:\n\(offending.joined(separator: "\n"))")
        #expect(doors >= 2, "the agreement check no longer reaches the app's decision through its door")
    }
}
