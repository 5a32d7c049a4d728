import Foundation
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// Findings 1, 4, 5, 6 and 7 (docs/FAULTS.md) fixed in the design: each
/// scenario passes the oracle (no violation; a kill may change what the
/// user sees), and the mutant that keeps the old behaviour is flagged.
@Suite struct DesignRecoveryTests {
    /// Clean: no violation. Mutant: `check` flagged.
    static func assertRecovers(_ scenario: String, mutant: String, check: OracleCheck) throws {
        let clean = try OracleTests.run(scenario)
        #expect(clean.report.violations.isEmpty, "\(clean.report.violations)\n\(clean.stderr)")
        let broken = try OracleTests.run(scenario, mutant: mutant)
        #expect(broken.status == 1, "\(mutant): \(broken.stderr)")
        #expect(
            !broken.report.violations(of: check).isEmpty,
            "\(mutant) not caught by \(check.rawValue): \(broken.report.violations)")
    }

    static let gate = """
        timezone UTC
        start 2026-11-30 09:00
        end 2026-11-30 10:00
        at 09:00 app list add Games --apps Chess
        at 09:01 app rule add open-limit Gate --list Games --opens 2

        """

    /// Finding 1: a press killed after recording its session, before the
    /// lift. The design undoes the grant at once (nothing was spent: the
    /// spend is the press's last step), woken by the one-shot's start, and
    /// the next press is granted as if the first had never happened.
    @Test func aPressKilledBeforeItsSpendIsUndoneAndSpendsNothing() throws {
        let run = try OracleTests.run(
            Self.gate + """
                at 09:10 fault kill shield-action at shield-action.after-record
                at 09:10 press open on Chess for 1m
                at 09:11 expect usage Gate opens 0 of 2
                at 09:11 expect blocked Chess
                at 09:20 press open on Chess for 1m
                at 09:21 expect usage Gate opens 1 of 2
                """)
        #expect(run.report.violations.isEmpty, "\(run.report.violations)")
    }

    /// Finding 1 as it was: the old order (spend, record, lift) killed
    /// after its spend has lost the open: `open-lost`.
    @Test func theOldPressKilledAfterItsSpendLosesTheOpen() throws {
        try Self.assertRecovers(
            Self.gate + """
                at 09:10 fault kill shield-action at shield-action.after-spend
                at 09:10 press open on Chess for 1m
                """, mutant: "unrecoverable-press", check: .openLost)
    }

    /// Finding 1, the other half: killed after its spend (the commit), the
    /// grant stands; the oracle names it (the reply never reached the OS)
    /// until the session's end, and the shield is back after it.
    @Test func aPressKilledAfterItsSpendKeepsItsPaidSessionUntilItsEnd() throws {
        let run = try OracleTests.run(
            Self.gate + """
                at 09:10 fault kill shield-action at shield-action.after-spend
                at 09:10 press open on Chess for 1m
                at 09:40 expect blocked Chess
                """)
        #expect(run.report.violations.isEmpty, "\(run.report.violations)")
        #expect(
            run.report.expectedDivergences.contains { $0.reason.contains("after it spent its open") },
            "\(run.report.expectedDivergences)")
    }

    /// Finding 4: concurrent launches for one tap. Under the press lock the
    /// second finds the shield lifted and spends nothing; without it, both
    /// spend: `opens-exactly-once`.
    @Test func concurrentLaunchesOfOneTapSpendOnce() throws {
        try Self.assertRecovers(
            """
            timezone UTC
            start 2026-11-30 09:00
            end 2026-11-30 09:30
            at 09:00 app list add Games --apps Chess
            at 09:01 app rule add open-limit Gate --list Games --opens 3
            at 09:10 fault concurrent-press 3
            at 09:10 press open on Chess for 1m
            """, mutant: "press-without-lock", check: .opensExactlyOnce)
    }

    /// Finding 6: a refresh stopped after reading its inputs while a press
    /// is granted re-reads them under its locks and leaves the session
    /// alone; deciding from the stale read re-locks it: `session-honoured`.
    @Test func aRefreshPreemptedByAPressHonoursTheSession() throws {
        try Self.assertRecovers(
            Self.gate + """
                at 09:10 fault preempt app at app.refresh.after-read-inputs
                at 09:10 app refresh
                at 09:10 press open on Chess for 10m
                """, mutant: "refresh-stale-sessions", check: .sessionHonoured)
    }

    /// Finding 7: the monitor killed at a session's end after forgetting
    /// the session, before re-shielding. The next launch of any process
    /// (here another rule's window start) completes the change; a monitor
    /// that only recomputes its own callback's rule leaves Chess open.
    @Test func aShieldChangeLostWithAKilledMonitorIsCompletedByTheNextLaunch() throws {
        try Self.assertRecovers(
            Self.gate + """
                at 09:02 app list add Social --apps Instagram
                at 09:02 app rule add schedule Later --list Social --from 09:40 --to 10:40
                at 09:05 fault kill monitor at monitor.after-session-clear
                at 09:10 press open on Chess for 1m
                """, mutant: "monitor-own-rule-only", check: .underEnforced)
    }

    /// Finding 5: a session store of a newer format (a newer app version)
    /// stops no schedule: the monitor shields the window and leaves the
    /// open limit as it is. Stopping every decision leaves Instagram open.
    @Test func aNewerSessionStoreDoesNotStopTheWindow() throws {
        try Self.assertRecovers(
            Self.gate + """
                at 09:02 app list add Social --apps Instagram
                at 09:02 app rule add schedule Later --list Social --from 09:40 --to 10:40
                at 09:10 press open on Chess for 1m
                at 09:30 fault store newer-format open-sessions
                """, mutant: "newer-sessions-stop-enforcement", check: .underEnforced)
    }

    /// Issue 39: a power loss after two granted Opens. The stores sync
    /// every change before it is acknowledged, so both opens stay spent
    /// after the boot and the third press is denied. Stores that never
    /// sync go back to what the device booted with: the rule itself is
    /// gone, while iOS keeps the shield it put up for it.
    @Test func anOpenGrantedBeforeAPowerLossStaysSpent() throws {
        try Self.assertRecovers(
            Self.gate + """
                at 09:10 press open on Chess for 1m
                at 09:20 press open on Chess for 1m
                at 09:30 fault power-loss
                at 09:40 press open on Chess for 1m
                at 09:41 expect press denied
                """, mutant: "stores-not-durable", check: .overEnforced)
    }

    static let sleep = """
        timezone UTC
        start 2026-11-30 20:00
        end 2026-11-30 23:30
        at 20:00 app list add Social --apps Instagram
        at 20:01 app rule add schedule "Deep Sleep" --list Social --from 22:30 --to 06:30

        """

    /// Swarm seeds 64, 102, 104 and 138: the rule mirror damaged between two
    /// refreshes. The monitor's window start reads the copy and shields;
    /// with one file (the mutant) it quarantines the mirror and enforces
    /// nothing until the app runs again.
    @Test(arguments: ["truncate", "corrupt", "newer-format"])
    func aDamagedMirrorIsEnforcedFromItsCopy(damage: String) throws {
        try Self.assertRecovers(
            Self.sleep + """
                at 21:00 fault store \(damage) rule-snapshots
                at 22:31 expect blocked Instagram
                """, mutant: "mirror-without-copy", check: .underEnforced)
    }

    /// A clock set back while an app is in use: the time used after the
    /// jump is usage like any other (iOS counts time in use, not clock
    /// readings), including the minute in progress at the jump (swarm seeds
    /// 111 and 198) and use before the clock again reaches the moment the
    /// rule was added (seed 88).
    static let videoCap = """
        timezone UTC
        start 2026-11-30 07:00
        end 2026-11-30 09:00
        at 07:00 app list add Video --apps YouTube
        at 07:30 app rule add time-limit "Video Cap" --list Video --minutes 30
        at 08:00 open YouTube for 40m

        """

    /// Seeds 111 and 198: the jump lands on an instant a threshold was
    /// delivered at (a timed fault runs after the instant's callbacks), and
    /// the oracle's own count lost the minute before it.
    @Test func usageUpToAClockSetBackIsNotLostByTheOracle() throws {
        let run = try OracleTests.run(Self.videoCap, arguments: ["--fault", "at 08:11 clock jump -15m"])
        #expect(run.report.violations.isEmpty, "\(run.report.violations)\n\(run.stderr)")
    }

    /// Swarm seeds 88 and 111 on the demo day, again: a clock set back by
    /// two hours must not leave the device counting usage only from where
    /// it had counted to before the jump (`usageCountedUntil`, the resume
    /// point of a killed device, is not a resume point after a jump).
    @Test(arguments: [88, 111]) func theDemoDayWithAClockSetBackLosesNoUsage(seed: Int) throws {
        let demo = try String(
            contentsOf: Repository.root.appendingPathComponent("scenarios/demo-day.scenario"), encoding: .utf8)
        let run = try OracleTests.run(demo, arguments: ["--seed", String(seed), "--random-faults"])
        #expect(run.report.violations.isEmpty, "seed \(seed): \(run.report.violations)")
    }

    /// Seed 88: set back to before the rule was added, the use that goes on
    /// counts at once; the 30th minute is reached 20 minutes after the jump.
    @Test func usageAfterAClockSetBackBeforeTheRuleCountsAtOnce() throws {
        let run = try DeviceHarness.run(Self.videoCap + "at 08:10 fault clock jump -2h\n")
        defer { run.remove() }
        let last = try #require(
            run.device("deliver").first { $0.fields["event"] == "minutes-30" }, "the 30th minute was never reached")
        #expect(last.time == "2026-11-30T06:30:00.000Z")
        #expect(run.result.violations.isEmpty, "\(run.result.violations)")
    }

    /// Swarm seed 147: today's usage journal damaged mid-afternoon. The
    /// lines that still parse are kept, so the budget already spent still
    /// counts; with the day started empty (the mutant) the app's next
    /// refresh lifts a shield the user had earned.
    @Test func aDamagedUsageJournalKeepsTheDaysUsage() throws {
        try Self.assertRecovers(
            Self.videoCap + """
                at 08:45 fault store corrupt usage
                at 08:50 app refresh
                """, mutant: "journal-without-salvage", check: .usageNotLost)
    }
}

/// A damaged usage journal (issue 23, item 1): what the fault destroyed is
/// named as lost, never blamed on the design, and no unrelated rule loses
/// its shield.
@Suite struct DamagedUsageJournalTests {
    /// A time limit spent before lunch, an open limit spent twice, and a
    /// schedule whose window starts after the damage.
    static let day = """
        timezone UTC
        start 2026-11-30 07:00
        end 2026-11-30 23:00
        at 07:00 app list add Video --apps YouTube
        at 07:00 app list add Games --apps Chess
        at 07:00 app list add Social --apps Instagram
        at 07:01 app rule add time-limit "Video Cap" --list Video --minutes 30
        at 07:02 app rule add open-limit "Game Gate" --list Games --opens 2
        at 07:03 app rule add schedule "Evening" --list Social --from 22:00 --to 22:45
        at 08:00 open YouTube for 35m
        at 13:00 press open on Chess for 5m
        at 14:00 press open on Chess for 5m

        """

    /// Late, the damage takes what the day recorded; early, a newer format
    /// also refuses everything recorded after it (swarm seed 664).
    @Test(arguments: [
        ("truncate", "21:36"), ("newer-format", "21:36"), ("corrupt", "21:36"), ("newer-format", "07:30"),
        ("truncate", "12:00"),
    ])
    func theLossIsNamedAndAnUnrelatedWindowStillShields(damage: String, time: String) throws {
        // Lines in time order: the fault goes where its time puts it.
        let lines =
            Self.day.split(separator: "\n").map(String.init) + [
                "at \(time) fault store \(damage) usage", "at 22:05 expect blocked Instagram",
            ]
        let header = lines.filter { !$0.hasPrefix("at ") }
        let steps = lines.filter { $0.hasPrefix("at ") }.enumerated().sorted {
            ($0.element.prefix(8), $0.offset) < ($1.element.prefix(8), $1.offset)
        }.map(\.element)
        let run = try OracleTests.run((header + steps).joined(separator: "\n") + "\n")
        #expect(run.report.violations.isEmpty, "\(damage): \(run.report.violations)\n\(run.stderr)")
        #expect(!run.stderr.contains("expectation(s) met, 1 failed"), "\(run.stderr)")
        #expect(run.status == 0, "\(damage): \(run.stderr)")
        // Whatever the journal lost is said, with the fault that lost it.
        if damage != "corrupt", time != "07:30" {
            let named = run.report.expectedDivergences.filter { $0.reason.contains("usage journal") }
            #expect(!named.isEmpty, "\(damage): \(run.report.expectedDivergences)")
        }
    }

    /// With the mutant, a newer-format journal stops the monitor for every
    /// rule, as seed 292 found: the window that starts after it never
    /// shields, and the oracle says so.
    @Test func aNewerJournalThatStopsEveryDecisionIsCaught() throws {
        try DesignRecoveryTests.assertRecovers(
            Self.day + """
                at 21:36 fault store newer-format usage
                """, mutant: "newer-usage-stops-enforcement", check: .underEnforced)
    }

    /// The oracle's own reading of what a damaged journal lost: a torn
    /// tail loses its lines, a newer header loses everything, a garbled
    /// line loses only itself.
    @Test func theLossIsWhatTheDamagedBytesNoLongerHold() {
        let rule = "F629EE3C-CC40-4E2D-80AF-E31ADED53FA0"
        let gate = "4FB360A2-3969-4012-A68E-7818E0F35C06"
        let lines = [
            #"{"format":"oal.usage-journal","formatVersion":1,"day":"2026-11-30"}"#,
            #"{"rule":"\#(rule)","minutesAtLeast":10}"#, #"{"rule":"\#(gate)","opens":1}"#,
            #"{"rule":"\#(rule)","minutesAtLeast":20}"#, #"{"rule":"\#(gate)","opens":1}"#,
        ]
        let whole = Array((lines.joined(separator: "\n") + "\n").utf8)
        let torn = Array((lines.prefix(3).joined(separator: "\n") + "\n{\"rule\":\"F6").utf8)
        #expect(
            UsageJournalLoss.lost(before: whole, after: torn) == .init(minutes: [rule: 10], opens: [gate: 1]))
        let newer = Array(String(decoding: whole, as: UTF8.self).replacingOccurrences(of: ":1,", with: ":99,").utf8)
        #expect(
            UsageJournalLoss.lost(before: whole, after: newer) == .init(minutes: [rule: 20], opens: [gate: 2]))
        var garbled = lines
        garbled[2] = #"{"rule":"\#(gate)"\#u{1}#!garb"#
        let oneLine = Array((garbled.joined(separator: "\n") + "\n").utf8)
        #expect(UsageJournalLoss.lost(before: whole, after: oneLine) == .init(minutes: [:], opens: [gate: 1]))
        #expect(UsageJournalLoss.lost(before: whole, after: whole) == .init())
    }
}
