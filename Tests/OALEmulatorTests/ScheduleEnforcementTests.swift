import Foundation
import OALPlatform
import Testing

/// Schedule windows enforced by the background path alone: after the rule
/// is added, no app process runs and the user never opens anything.
@Suite struct ScheduleEnforcementTests {
    private func assertBackgroundOnly(_ run: DeviceHarness, after setup: String) {
        let appLines = run.trace.filter { $0.process == .app && $0.time > setup }
        #expect(appLines.isEmpty, "the app ran after setup: \(appLines.first.map { "\($0)" } ?? "")")
        #expect(run.device("user.open").isEmpty)
    }

    @Test func shieldsAtFromAndClearsAtToWithTheAppNeverOpened() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 11:00
            at 08:00 app list add Social --apps Instagram,TikTok
            at 08:00 app rule add schedule Focus --list Social --from 09:00 --to 10:00
            at 08:59:59 expect unblocked Instagram
            at 09:00 expect blocked Instagram
            at 09:00 expect blocked TikTok
            at 09:59:59 expect blocked Instagram
            at 10:00 expect unblocked Instagram
            """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)")
        assertBackgroundOnly(run, after: "2026-11-30T07:00:00.000Z")
        let blocked = run.device("app.state").filter { $0.fields["app"] == "Instagram" }
        #expect(blocked.map(\.time) == ["2026-11-30T08:00:00.000Z", "2026-11-30T09:00:00.000Z"])
    }

    @Test func aWindowCrossingMidnightHoldsUntilMorning() throws {
        let run = try DeviceHarness.run(
            """
            end day 2 07:00
            at 08:00 app list add Social --apps Instagram
            at 08:00 app rule add schedule "Deep Sleep" --list Social --from 22:00 --to 06:00
            at 21:59 expect unblocked Instagram
            at 22:00 expect blocked Instagram
            day 2
            at 00:00 expect blocked Instagram
            at 00:01 expect blocked Instagram
            at 05:59 expect blocked Instagram
            at 06:00 expect unblocked Instagram
            """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)")
        assertBackgroundOnly(run, after: "2026-11-30T07:00:00.000Z")
    }

    @Test func aWindowUnderFifteenMinutesIsEnforcedByTheForegroundLoopAlone() throws {
        let run = try DeviceHarness.run(
            """
            end day 2 13:00
            at 08:00 app list add Social --apps Instagram
            at 08:00 app rule add schedule Blink --list Social --from 12:00 --to 12:10
            at 08:01 expect activity sched Blink absent
            at 11:59 open OpenAppLock for 15m
            at 12:00:31 expect blocked Instagram
            at 12:10:31 expect unblocked Instagram
            day 2
            at 12:05 expect unblocked Instagram      # the app is closed: nobody enforces it
            """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)")
        #expect(!run.device("loop.ack").isEmpty)
    }
}
