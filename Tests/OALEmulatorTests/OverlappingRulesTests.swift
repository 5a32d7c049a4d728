import Foundation
import Testing

/// Spec §4.8: rules never cancel each other; each writes its own store.
@Suite struct OverlappingRulesTests {
    @Test func theStrictestRuleWins() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 22:00
            at 08:00 app list add Social --apps Instagram
            at 08:00 app rule add time-limit Cap --list Social --minutes 10
            at 08:00 app rule add schedule Evening --list Social --from 20:00 --to 21:00
            at 09:00 open Instagram for 15m
            at 09:11 expect blocked Instagram
            at 20:30 expect blocked Instagram
            at 21:01 expect blocked Instagram       # the window ended; the spent budget still holds
            """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)")
    }

    @Test func anAllowOnlyScheduleDoesNotLiftAnotherRulesBlock() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 15:00
            at 08:00 app list add Social --apps Instagram
            at 08:00 app list add Reading --apps Kindle,Instagram
            at 08:00 app rule add time-limit Cap --list Social --minutes 10
            at 08:01 app rule add schedule Study --list Reading --from 12:00 --to 14:00 --allow-only
            at 09:00 open Instagram for 15m
            at 12:30 expect blocked Instagram       # Study allows it, Cap still blocks it
            at 12:30 expect blocked YouTube         # Allow Only shields everything else
            at 12:30 expect unblocked Kindle
            """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)")
    }

    @Test func anAllowOnlyScheduleExemptsItsListsCategory() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 13:00
            at 08:00 app list add Play --apps Kindle --categories Games
            at 08:01 app rule add schedule Study --list Play --from 12:00 --to 13:00 --allow-only
            at 12:30 expect unblocked Chess             # its category is on the list
            at 12:30 expect unblocked Kindle
            at 12:30 expect blocked Instagram
            at 12:31 open Chess for 5m
            """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)")
    }

    @Test func aSoftUnblockPausesOnlyItsOwnRule() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 12:00
            at 08:00 app list add Social --apps Instagram,TikTok
            at 08:00 app list add Insta --apps Instagram
            at 08:00 app rule add time-limit Cap --list Insta --minutes 10
            at 08:00 app rule add schedule Morning --list Social --from 10:00 --to 11:00
            at 09:00 open Instagram for 15m
            at 10:30 expect blocked TikTok
            at 10:30 app rule unblock Morning
            at 10:31 expect unblocked TikTok
            at 10:31 expect blocked Instagram
            at 10:31 expect home blocking Cap
            """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)")
    }

    @Test func hardModeRefusesEveryWayOutWhileBlocking() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 13:00
            at 08:00 app list add Social --apps Instagram
            at 08:00 app rule add schedule Lock --list Social --from 09:00 --to 12:00 --hard
            at 10:00 expect blocked Instagram
            at 10:00 expect refused app rule unblock Lock
            at 10:00 expect refused app rule edit Lock --to 10:30
            at 10:00 expect refused app rule disable Lock
            at 10:00 expect refused app rule delete Lock
            at 10:00 expect refused app list edit Social --apps Instagram,TikTok
            at 10:01 expect blocked Instagram
            at 12:01 app rule disable Lock
            at 12:01 expect unblocked Instagram
            """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)")
    }
}
