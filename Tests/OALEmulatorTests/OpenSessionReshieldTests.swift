import Foundation
import OALPlatform
import OALProcesses
import OALStore
import Testing

/// An Open press whose one-shot `open-session-<UUID>` activity DeviceActivity
/// refuses (all 20 slots taken) must not leave the app unshielded after the
/// session: the press is denied before it spends or lifts anything
/// (docs/FAULTS.md, finding 2; docs/PROCESSES.md, "`oal-shield-action`").
@Suite struct OpenSessionReshieldTests {
    /// Gate and 19 other open-limit rules: one `rule-` activity each, the
    /// 20 slots DeviceActivity allows.
    static let full = """
        end day 1 10:00
        at 08:00 app list add Games --apps Chess
        at 08:00 app list add Other --apps Kindle
        at 08:00 app rule add open-limit Gate --list Games --opens 2
            at 08:01 app rule add open-limit O1 --list Other --opens 5
            at 08:01 app rule add open-limit O2 --list Other --opens 5
            at 08:01 app rule add open-limit O3 --list Other --opens 5
            at 08:01 app rule add open-limit O4 --list Other --opens 5
            at 08:01 app rule add open-limit O5 --list Other --opens 5
            at 08:01 app rule add open-limit O6 --list Other --opens 5
            at 08:01 app rule add open-limit O7 --list Other --opens 5
            at 08:01 app rule add open-limit O8 --list Other --opens 5
            at 08:01 app rule add open-limit O9 --list Other --opens 5
            at 08:01 app rule add open-limit O10 --list Other --opens 5
            at 08:01 app rule add open-limit O11 --list Other --opens 5
            at 08:01 app rule add open-limit O12 --list Other --opens 5
            at 08:01 app rule add open-limit O13 --list Other --opens 5
            at 08:01 app rule add open-limit O14 --list Other --opens 5
            at 08:01 app rule add open-limit O15 --list Other --opens 5
            at 08:01 app rule add open-limit O16 --list Other --opens 5
            at 08:01 app rule add open-limit O17 --list Other --opens 5
            at 08:01 app rule add open-limit O18 --list Other --opens 5
            at 08:01 app rule add open-limit O19 --list Other --opens 5
        at 08:02 expect activity rule Gate registered
        at 08:02 expect activity open-session* absent

        """

    @Test func aPressThatCannotScheduleTheReshieldIsDeniedAndSpendsNothing() throws {
        let run = try DeviceHarness.run(
            Self.full + """
                at 09:00 press open on Chess for 10m
                at 09:00 expect press denied
                at 09:01 expect usage Gate opens 0 of 2
                at 09:01 expect blocked Chess
                at 09:20 expect blocked Chess
                # A slot frees up: the next press is granted and re-shields on time.
                at 09:30 app rule delete O1
                at 09:31 press open on Chess for 5m
                at 09:31 expect press granted
                at 09:32 expect usage Gate opens 1 of 2
                at 09:32 expect activity open-session* registered
                at 09:47 expect blocked Chess
                """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)\n\(run.result.violations)")
        let refused = run.trace.filter { $0.process == .shieldAction && $0.event == "monitor.refused" }
        #expect(refused.count == 1)
        #expect(refused.first?.fields["reason"]?.hasPrefix("excessiveActivities") == true)
        let denied = run.trace.filter { $0.event == "open.denied" }
        #expect(denied.first?.fields["reason"]?.contains("cannot schedule the shield's return") == true)
        // Nothing was spent, recorded or lifted by the denied press.
        let first = try #require(run.trace.firstIndex { $0.event == "open.denied" })
        let launch = run.trace[first].launch
        #expect(
            !run.trace.contains {
                $0.launch == launch && ["open.spent", "session.start", "shield.clear"].contains($0.event)
            })
    }
}
