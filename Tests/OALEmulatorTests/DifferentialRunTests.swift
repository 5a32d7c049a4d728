import Foundation
import OALEmulator
import OALExplore
import OALTestSupport
import Testing

/// The differential run: one scenario played with the background path
/// alone, the foreground loop alone, and both, compared minute by minute.
@Suite struct DifferentialRunTests {
    static func diff(_ text: String) throws -> DifferentialRun {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("oal-diff-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("test.scenario")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try DifferentialRun.run(spec: .built(file.path), directory: directory.appendingPathComponent("runs"))
    }

    @Test func scheduleWindowsOfAtLeastFifteenMinutesAgreeAllThreeWays() throws {
        // One window crossing midnight, one not; the paths must agree to the minute.
        let run = try Self.diff(
            """
            timezone Europe/Paris
            start 2026-11-30 20:00
            end day 2 07:00
            at 20:00 app list add Social --apps Instagram
            at 20:00 app list add Video --apps YouTube
            at 20:01 app rule add schedule Sleep --list Social --from 22:30 --to 06:30
            at 20:02 app rule add schedule Evening --list Video --from 21:00 --to 21:45
            """)
        #expect(run.differences.isEmpty, "\(run.render())")
        #expect(run.passed)
        for result in run.results.values { #expect(result.violations.isEmpty, "\(result.violations)") }
    }

    /// A path whose run fails names each failed expectation and where its
    /// report is, not only how many failed.
    @Test func aFailedPathNamesItsFailures() throws {
        let run = try Self.diff(
            """
            timezone UTC
            start 2026-11-30 09:00
            end 2026-11-30 09:30
            at 09:00 app list add Social --apps Instagram
            at 09:01 app rule add schedule Short --list Social --from 09:10 --to 09:25
            at 09:15 expect unblocked Instagram
            """)
        let text = run.render()
        #expect(text.contains("    FAIL "), "\(text)")
        #expect(text.contains("expect unblocked Instagram"), "\(text)")
        // Where each failed run's own report is: the page, not a command to make it.
        let foreground = try #require(run.roots["foreground"])
        #expect(text.contains("    report: \(foreground)/logs/report.html"), "\(text)")
        #expect(text.contains("    oracle: \(foreground)/logs/oracle.json"), "\(text)")
    }

    @Test func aBudgetAndAShortWindowAreNamedDivergences() throws {
        // OpenAppLock frontmost across a whole minute: in the foreground-only
        // run the real loop ticks then (this used to spin at 09:31:00).
        let run = try Self.diff(
            """
            timezone UTC
            start 2026-11-30 09:00
            end 2026-11-30 10:30
            at 09:00 app list add Social --apps Instagram
            at 09:00 app list add Video --apps YouTube
            at 09:01 app rule add schedule Short --list Social --from 10:00 --to 10:10
            at 09:02 app rule add time-limit Cap --list Video --minutes 5
            at 09:10 open YouTube for 10m
            at 09:30 open OpenAppLock for 2m
            """)
        #expect(run.findings.isEmpty, "\(run.render())")
        let youtube = run.differences.filter { $0.app == "YouTube" }
        #expect(!youtube.isEmpty)
        #expect(youtube.allSatisfy { $0.namedReason?.contains("threshold events") == true })
        let instagram = run.differences.filter { $0.app == "Instagram" }
        #expect(instagram.count == 10)
        #expect(instagram.allSatisfy { $0.namedReason?.contains("foreground-only") == true })
    }
}
