import Foundation
import OALPlatform
import Testing

@Suite struct LimitEnforcementTests {
    @Test func aTimeLimitBlocksAtItsBudgetAndShowsUnderCurrentlyBlocking() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 12:00
            at 08:00 app list add Video --apps YouTube
            at 08:00 app rule add time-limit "Video Cap" --list Video --minutes 20
            at 08:01 expect home usage "Video Cap"
            at 09:00 open YouTube for 30m
            at 09:19 expect unblocked YouTube
            at 09:20 expect blocked YouTube
            at 09:20 expect usage "Video Cap" minutes 20
            at 09:31 expect home blocking "Video Cap"
            at 09:32 open YouTube
            """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)")
        #expect(run.device("shield.shown").count == 1)
    }

    @Test func anOpenLimitGatesFromDayStartGrantsAboutFifteenMinutesThenRunsOut() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 12:00
            at 08:00 app list add Games --apps Chess
            at 08:00 app rule add open-limit Gate --list Games --opens 2
            at 08:01 expect blocked Chess
            at 08:01 expect home usage Gate
            at 09:00 press open on Chess
            at 09:00 expect press granted
            at 09:00 expect unblocked Chess
            at 09:14 expect unblocked Chess
            at 09:16 expect blocked Chess
            at 09:16 expect usage Gate opens 1 of 2
            at 10:00 press open on Chess for 5m
            at 10:20 expect home blocking Gate
            at 10:21 press open on Chess
            at 10:21 expect press denied
            at 10:21 expect usage Gate opens 2 of 2
            """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)")
        // Each launch is its own process: at least four kinds, all distinct pids.
        var pids: [ProcessKind: Set<Int32>] = [:]
        for line in run.trace { pids[line.process, default: []].insert(line.pid) }
        #expect(Set(pids.keys).isSuperset(of: [.device, .app, .monitor, .shieldConfig, .shieldAction]))
        let all = pids.values.flatMap { $0 }
        #expect(Set(all).count == all.count, "a pid appears under two process kinds")
        #expect(pids[.monitor, default: []].count > 1)
    }
}
