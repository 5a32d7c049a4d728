import Foundation
import OALPlatform
import OALSystem
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

    /// 30 of 45 minutes used, then the rule's activity restarts (the user
    /// turns the rule off and on, or edits it), then 20 more minutes.
    static func restartScenario(_ restart: String, blockedAt: String, budget: Int) -> String {
        """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 12:00
        at 08:00 app list add Video --apps YouTube
        at 08:00 app rule add time-limit Cap --list Video --minutes 45
        at 09:00 open YouTube for 30m
        at 09:31 expect usage Cap minutes 30
        \(restart)
        at 10:00 open YouTube for 20m
        at 10:01 expect unblocked YouTube
        at \(blockedAt) expect blocked YouTube
        at 10:30 expect usage Cap minutes \(budget)
        """
    }

    static let restarts = [
        ("at 09:40 app rule disable Cap\nat 09:41 app rule enable Cap", "10:16", 45),
        ("at 09:40 app rule edit Cap --minutes 50", "10:21", 50),
    ]

    /// includesPastActivity: the restarted activity counts the 30 minutes
    /// used earlier today, so the ledger reaches the real usage and the app
    /// is blocked when the real usage reaches the budget. With the
    /// `restart-forgets-usage` mutant (events registered without the flag)
    /// the restarted count starts from zero, the ledger stays at 30 and
    /// YouTube is never blocked.
    @Test(arguments: restarts)
    func aRestartedTimeLimitKeepsTheUsageEarlierInTheDay(_ restart: String, blockedAt: String, budget: Int) throws {
        let device = try DeviceProcessRun(Self.restartScenario(restart, blockedAt: blockedAt, budget: budget))
        defer { device.remove() }
        func play(_ name: String, mutant: String?) throws -> (ChildProcess.Termination, [TraceEvent]) {
            let root = device.root(name)
            #expect(try device.initialize(root) == .exited(0))
            let ended = try device.play(root, environment: ["OAL_MUTANT": mutant ?? ""])
            return (ended, try device.trace(root))
        }
        func ledger(_ trace: [TraceEvent]) -> Int {
            trace.filter { $0.event == "usage.minutes" }.compactMap { $0.fields["minutesUsed"].flatMap(Int.init) }
                .max() ?? 0
        }
        func shielded(_ trace: [TraceEvent]) -> Bool {
            trace.contains { $0.process == .monitor && $0.event == "shield.set" }
        }

        let (clean, fixed) = try play("clean", mutant: nil)
        #expect(clean == .exited(0))
        let (fixedLedger, fixedShielded) = (ledger(fixed), shielded(fixed))
        #expect(fixedLedger == budget)
        #expect(fixedShielded)

        let (broken, forgot) = try play("mutant", mutant: "restart-forgets-usage")
        #expect(broken == .exited(1))
        let (forgotLedger, forgotShielded) = (ledger(forgot), shielded(forgot))
        #expect(forgotLedger == 30)
        #expect(!forgotShielded)
    }
}
