import Foundation
import OALPlatform
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// Time-zone travel (`clock timezone ZONE`, issue 23 item 6). DeviceActivity
/// schedules are wall-clock components with no zone, so travel moves every
/// edge. Apple does not document what happens to an interval in progress;
/// the emulated iOS ends it at the travel and starts the interval the new
/// wall clock is in (docs/DOMAIN.md, "Time-zone travel").
@Suite struct TimeZoneTravelTests {
    static let gate = """
        end day 1 12:00
        at 08:00 app list add Games --apps Chess
        at 08:00 app rule add open-limit Gate --list Games --opens 2
        at 09:00 press open on Chess for 5m
        at 09:00 expect press granted

        """

    /// An open session is 15 minutes of real time, wherever the user flies:
    /// east (the wall clock jumps past the session's end), west (the wall
    /// clock goes back before its start) and over the date line both ways.
    @Test(arguments: ["Asia/Kathmandu", "Pacific/Pago_Pago", "Pacific/Kiritimati", "America/New_York"])
    func anOpenSessionLastsItsFifteenMinutesAcrossTravel(zone: String) throws {
        let run = try DeviceHarness.run(
            Self.gate + """
                at 09:05 fault clock timezone \(zone)
                at 09:10 expect unblocked Chess
                at 09:17 expect blocked Chess
                """)
        defer { run.remove() }
        #expect(run.result.failures.isEmpty, "\(run.failureText)")
        #expect(run.result.violations.isEmpty, "\(run.result.violations)")
        // The interval the session's one-shot was in ended at the travel.
        let ends = run.device("deliver").filter {
            $0.fields["kind"] == "intervalDidEnd" && $0.fields["activity"]?.hasPrefix("open-session-") == true
        }
        #expect(ends.first?.time.hasPrefix("2026-11-30T08:05:00") == true, "\(ends)")
    }

    /// The monitor that took the early end for the session's end left the
    /// app open for hours: the oracle sees it.
    @Test func theOracleSeesASessionThatTravelLeftOpen() throws {
        let run = try DeviceHarness.run(
            Self.gate + "at 09:05 fault clock timezone Asia/Kathmandu\n", mutant: "session-ends-with-travel")
        defer { run.remove() }
        #expect(run.result.violations.contains { $0.check == .underEnforced }, "\(run.result.violations)")
    }

    /// A schedule window in progress ends at the travel when the new wall
    /// clock is outside it, and one the new wall clock is inside starts.
    @Test func aWindowFollowsTheNewWallClock() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 23:00
            at 08:00 app list add Social --apps Instagram
            at 08:00 app rule add schedule Focus --list Social --from 10:00 --to 11:00
            at 10:30 expect blocked Instagram
            at 10:40 fault clock timezone Asia/Tokyo
            at 10:41 expect unblocked Instagram
            at 11:00 fault clock timezone Europe/London
            at 11:01 expect blocked Instagram
            """)
        defer { run.remove() }
        #expect(run.result.failures.isEmpty, "\(run.failureText)")
        #expect(run.result.violations.isEmpty, "\(run.result.violations)")
    }

    /// The demo day with one travel mid-session, east, west and over the
    /// date line: no violation. Over the date line the new day began before
    /// the travel, and DeviceActivity counts its past use: the oracle names
    /// the double count (`usage-not-invented`) instead of blaming the app,
    /// and counts each Open press on the day it was pressed.
    @Test(arguments: ["Asia/Kathmandu", "Pacific/Pago_Pago", "Pacific/Kiritimati"])
    func theDemoDayWithTravelMidSession(zone: String) throws {
        let demo = try String(
            contentsOf: Repository.root.appendingPathComponent("scenarios/demo-day.scenario"), encoding: .utf8)
        let run = try OracleTests.run(demo, arguments: ["--fault", "at 13:05 clock timezone \(zone)"])
        #expect(run.report.violations.isEmpty, "\(zone): \(run.report.violations)")
        let named = run.report.expectedDivergences.contains { $0.reason.hasPrefix("time-zone travel") }
        #expect(named == (zone == "Pacific/Kiritimati"), "\(run.report.expectedDivergences)")
        // After travel no local time is printed without its offset.
        for divergence in run.report.expectedDivergences where divergence.reason.hasPrefix("time-zone travel") {
            #expect(divergence.localTime.hasSuffix("(UTC+14:00)"), "\(divergence.localTime)")
            #expect(divergence.reason.contains("2026-12-01 02:05 (UTC+14:00)"), "\(divergence.reason)")
        }
    }

    /// Swarm seed 263: Paris 09:39 to Pago Pago is 21:39 the day before, so
    /// 2026-11-30 is lived again from its start (12:00 in Paris): its
    /// thresholds count from there, and the 20 minutes the ledger filed on
    /// it before the travel cannot be added to them. The oracle names that
    /// much, no more.
    @Test func aDayLivedAgainAfterTravelWestIsNamed() throws {
        let demo = try String(
            contentsOf: Repository.root.appendingPathComponent("scenarios/demo-day.scenario"), encoding: .utf8)
        let run = try OracleTests.run(demo, arguments: ["--fault", "at 09:39 clock timezone Pacific/Pago_Pago"])
        #expect(run.report.violations.isEmpty, "\(run.report.violations)")
        #expect(
            run.report.expectedDivergences.contains { $0.reason.contains("moved the date back") },
            "\(run.report.expectedDivergences)")
    }

    /// West from Paris at 05:59 on Dec 1 is 20:59 on Nov 30 in Los Angeles,
    /// so Dec 1 is lived again from 09:00 (Paris): nothing was filed on it
    /// before the travel, so its thresholds carry all of the 40 minutes
    /// after. A monitor that files no minutes, or a decision that counts the
    /// budget late, leaves YouTube open past the 30th minute, and the travel
    /// explains none of it: a day the travel overlaps excuses only what
    /// the minutes filed before it account for, not the whole day.
    static let westToANewDay = """
        timezone Europe/Paris
        start 2026-11-30 07:00
        end day 2 11:00
        at 07:00 app list add Video --apps YouTube
        at 07:02 app rule add time-limit "Video Cap" --list Video --minutes 30
        day 2
        at 05:59 fault clock timezone America/Los_Angeles
        at 10:00 open YouTube for 40m
        at 10:29 expect unblocked YouTube
        at 10:31 expect blocked YouTube

        """

    @Test(arguments: ["monitor-skips-minutes", "decision-late-budget"])
    func aBudgetSpentAfterTravelOnADayLivedAgainIsNotExcused(mutant: String) throws {
        try OracleTests.assertCaught(Self.westToANewDay, mutant: mutant, check: .underEnforced)
    }

    /// East over the date line at 13:05 Paris is 02:05 on Dec 1 in
    /// Kiritimati, a day that began at 11:00 Paris: DeviceActivity counts
    /// the 25 minutes of YouTube at noon on it too, so the app blocks
    /// YouTube on a day the user has not used it yet. The minutes filed on
    /// Nov 30 account for that shield, and the oracle names it.
    @Test func aShieldTheOldDaysMinutesAccountForAfterTravelEastIsNamed() throws {
        let run = try OracleTests.run(
            """
            timezone Europe/Paris
            start 2026-11-30 07:00
            end day 2 02:00
            at 07:00 app list add Video --apps YouTube
            at 07:02 app rule add time-limit "Video Cap" --list Video --minutes 20
            at 12:00 open YouTube for 25m
            at 13:05 fault clock timezone Pacific/Kiritimati
            at 13:10 expect blocked YouTube

            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.report.violations.isEmpty, "\(run.report.violations)")
        #expect(
            run.report.expectedDivergences.contains {
                $0.check == .overEnforced && $0.reason.contains("moved the date to 2026-12-01")
            }, "\(run.report.expectedDivergences)")
    }

    /// East with the date kept: UTC at 02:00 on Dec 31 is 07:45 in
    /// Kathmandu, whose Dec 31 began at 18:15 UTC on Dec 30. DeviceActivity
    /// counts the day's past activity from there, so the 2 minutes of
    /// Candy Crush at 19:47 UTC on Dec 30 spend the new day's budget too
    /// (its thresholds fire at the next use, of any app).
    /// The minutes of the day before account for the shield and the
    /// ledger, and the oracle names them (explore seed 57).
    @Test func aShieldTheDayBeforesMinutesAccountForAfterTravelEastKeepingTheDateIsNamed() throws {
        let run = try OracleTests.run(
            """
            timezone UTC
            start 2027-12-30 19:45
            end day 2 02:03
            at 19:45 app list add Games --apps "Candy Crush"
            at 19:46 app rule add time-limit "Game Cap" --list Games --minutes 2
            at 19:47 open "Candy Crush" for 2m
            day 2
            at 02:00 fault clock timezone Asia/Kathmandu
            at 02:01 open Safari for 1m
            at 02:02 expect blocked "Candy Crush"

            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.report.violations.isEmpty, "\(run.report.violations)")
        #expect(
            run.report.expectedDivergences.contains {
                $0.check == .usageNotInvented && $0.reason.contains("kept the date 2027-12-31")
            }, "\(run.report.expectedDivergences)")
    }

    /// A round trip (Paris, Santiago, Paris) brings the wall clock back
    /// into the day the first travel ended: it starts again, so it ends at
    /// Paris midnight, the monitor hands over to the next day's activity,
    /// and the budget spent on Jun 30 no longer shields on Jul 1 (explore
    /// seed 100: the shield stayed on all night).
    @Test func aDayARoundTripEndedStartsAgainOnTheWayBack() throws {
        let run = try DeviceHarness.run(
            """
            timezone Europe/Paris
            start 2027-06-30 07:45
            end day 2 00:05
            at 07:45 app list add Video --apps YouTube
            at 07:46 app rule add time-limit "Video Cap" --list Video --minutes 30
            at 07:47 fault clock timezone America/Santiago
            at 07:48 fault clock timezone Europe/Paris
            at 07:49 open YouTube for 40m
            at 08:25 expect blocked YouTube
            day 2
            at 00:01 expect unblocked YouTube
            """)
        defer { run.remove() }
        #expect(run.result.failures.isEmpty, "\(run.failureText)")
        #expect(run.result.violations.isEmpty, "\(run.result.violations)")
        let starts = run.device("deliver").filter { $0.fields["kind"] == "intervalDidStart" }
        #expect(starts.contains { $0.time.hasPrefix("2027-06-30T05:48:00") }, "\(starts)")
    }
}
