import Foundation
import Glibc
import OALEmulator
import OALExplore
import OALPlatform
import OALTestSupport
import Testing

/// The broken variants (`OAL_MUTANT`, docs/ORACLE.md): each small scenario
/// runs across real processes (`oal-device` spawning the `oal-*`
/// executables) once clean, where the oracle must pass, and once with the
/// mutant, where the oracle must flag the specific check.
@Suite struct OracleTests {
    struct DeviceRun {
        let status: Int32
        let stderr: String
        let report: OracleReport
    }

    static func run(_ text: String, mutant: String? = nil, arguments: [String] = []) throws -> DeviceRun {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("oal-oracle-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("test.scenario")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let root = directory.appendingPathComponent("device").path
        let device = try BuiltProducts.executable("oal-device")
        let created = try ProcessRun.run(device, ["init", "--root", root, "--scenario", file.path])
        #expect(created.status == 0, "\(created.stderr)")
        let environment = ["OAL_MUTANT": mutant ?? ""]
        let ran = try ProcessRun.run(
            device, ["run", "--root", root, file.path, "--quiet"] + arguments, environment: environment)
        let report = try #require(OracleReport.last(root: DeviceRoot(path: root)), "no oracle.json: \(ran.stderr)")
        return DeviceRun(status: ran.status, stderr: ran.stderr, report: report)
    }

    /// Clean: exit 0, no violation. Mutant: exit 1 and `check` flagged.
    static func assertCaught(_ scenario: String, mutant: String, check: OracleCheck) throws {
        let clean = try run(scenario)
        #expect(clean.status == 0, "clean run failed:\n\(clean.stderr)")
        #expect(clean.report.violations.isEmpty, "\(clean.report.violations)")
        let broken = try run(scenario, mutant: mutant)
        #expect(broken.status == 1, "\(mutant): \(broken.stderr)")
        let flagged = broken.report.violations(of: check)
        #expect(!flagged.isEmpty, "\(mutant) not caught by \(check.rawValue): \(broken.report.violations)")
        if let violation = flagged.first {
            #expect(!violation.traceExcerpt.isEmpty)
            #expect(violation.reproduce.contains("oal-device run --root NEWDIR"))
            #expect(broken.stderr.contains("VIOLATION [\(check.rawValue)]"))
            // The excerpt's times are the headline's zone, and it says so.
            #expect(broken.stderr.contains(", as the headline):"), "\(broken.stderr)")
        }
    }

    static let spend = """
        timezone UTC
        start 2026-11-30 09:00
        end 2026-11-30 09:30
        at 09:00 app list add Games --apps Chess
        at 09:01 app rule add open-limit Gate --list Games --opens 1
        at 09:10 fault concurrent-press 2
        at 09:10 press open on Chess for 1m
        """

    @Test func spendWithoutLockOverspendsUnderConcurrentPresses() throws {
        try Self.assertCaught(Self.spend, mutant: "spend-without-lock", check: .opensExactlyOnce)
    }

    @Test func monitorIgnoringSessionsCutsASessionShort() throws {
        // The session crosses 23:59, when the daily activity's end wakes the monitor.
        try Self.assertCaught(
            """
            timezone UTC
            start 2026-11-30 23:40
            end 2026-12-01 00:20
            at 23:40 app list add Games --apps Chess
            at 23:41 app rule add open-limit Gate --list Games --opens 2
            at 23:55 press open on Chess for 10m
            """, mutant: "monitor-ignores-sessions", check: .sessionHonoured)
    }

    static let minutes = """
        timezone UTC
        start 2026-11-30 09:00
        end 2026-11-30 09:40
        at 09:00 app list add Video --apps YouTube
        at 09:01 app rule add time-limit Cap --list Video --minutes 5
        at 09:10 open YouTube for 8m
        """

    @Test func monitorSkippingMinutesLosesAcknowledgedUsage() throws {
        try Self.assertCaught(Self.minutes, mutant: "monitor-skips-minutes", check: .minutesRecorded)
    }

    @Test func monitorInventingMinutesIsCaught() throws {
        try Self.assertCaught(Self.minutes, mutant: "monitor-invents-minutes", check: .usageNotInvented)
    }

    @Test func appIgnoringHardModeIsCaught() throws {
        // `expect refused` fails too, but the oracle flags it on its own.
        try Self.assertCaught(
            """
            timezone UTC
            start 2026-11-30 09:00
            end 2026-11-30 10:00
            at 09:00 app list add Social --apps Instagram
            at 09:01 app rule add schedule Sleep --list Social --from 09:30 --to 10:30 --hard
            at 09:45 expect refused app rule disable Sleep
            """, mutant: "app-ignores-hard-mode", check: .hardMode)
    }

    /// The Hard Mode check compares each command with the state before it.
    /// A device restarted on its root has that state on disk: the first
    /// step after the restart is judged too.
    @Test func theHardModeCheckHoldsForTheFirstStepAfterADeviceRestart() throws {
        let device = try DeviceProcessRun(
            """
            timezone UTC
            start 2026-11-30 09:00
            end 2026-11-30 10:00
            at 09:00 app list add Social --apps Instagram
            at 09:01 app rule add schedule Sleep --list Social --from 09:30 --to 10:30 --hard
            at 09:44 fault kill device
            at 09:45 expect refused app rule disable Sleep
            """)
        defer { device.remove() }
        let root = device.root("device")
        #expect(try device.initialize(root) == .exited(0))
        let broken = ["OAL_MUTANT": "app-ignores-hard-mode"]
        #expect(try device.play(root, environment: broken) == .signaled(SIGKILL))
        _ = try device.play(root, environment: broken)
        let report = try #require(OracleReport.last(root: root))
        #expect(!report.violations(of: .hardMode).isEmpty, "\(report.violations)")
    }

    /// Several callbacks due at one instant (two schedule windows starting
    /// and ending together; every daily activity starting at midnight) are
    /// delivered one by one, in an order the seed changes (rule UUIDs). The
    /// state between two of them is not one the device rests in: the oracle
    /// judges once every event due at the instant has been handled.
    static let simultaneous = """
        timezone UTC
        start 2026-11-30 23:00
        end day 2 00:30
        at 23:00 app list add Video --apps YouTube
        at 23:00 app list add Games --apps Chess
        at 23:00 app list add Social --apps Instagram,TikTok
        at 23:01 app rule add time-limit Cap --list Video --minutes 5
        at 23:02 app rule add open-limit Gate --list Games --opens 1
        at 23:03 app rule add schedule Calm --list Social --from 23:30 --to 23:45
        at 23:03 app rule add schedule Quiet --list Games --from 23:30 --to 23:45
        at 23:10 open YouTube for 10m
        at 23:20 expect blocked YouTube
        at 23:31 expect blocked Instagram
        day 2
        at 00:01 expect unblocked YouTube
        at 00:01 expect blocked Chess
        """

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func simultaneousEdgesAreJudgedOnceTheInstantIsDone(seed: UInt64) throws {
        let run = try DeviceHarness.run(Self.simultaneous, seed: seed)
        defer { run.remove() }
        #expect(run.result.passed, "seed \(seed): \(run.failureText)\n\(run.result.violations)")
        // The instants really are shared: two window starts at 23:30, two
        // ends at 23:45, the daily starts at midnight.
        let byInstant = Dictionary(grouping: run.device("deliver"), by: { $0.time })
        #expect(byInstant.values.filter { $0.count >= 2 }.count >= 3)
    }

    @Test func aForegroundOnlyWindowIsAnExpectedDivergenceNotAViolation() throws {
        let run = try Self.run(
            """
            timezone UTC
            start 2026-11-30 09:00
            end 2026-11-30 10:30
            at 09:00 app list add Social --apps Instagram
            at 09:01 app rule add schedule Short --list Social --from 10:00 --to 10:10
            at 10:05 open Notes for 1m
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.report.violations.isEmpty)
        #expect(
            run.report.expectedDivergences.contains { $0.check == .agreement && $0.reason.contains("foreground-only") })
    }
}
