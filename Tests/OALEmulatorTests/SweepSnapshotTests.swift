import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALTestSupport
import Testing

/// A crash-sweep point started from the listing run's snapshot before its
/// launch ends exactly as its replay from the first line (`--no-snapshots`):
/// the same verdict, violations, expectations and trace, pids blanked.
@Suite struct SweepSnapshotTests {
    /// The suite's small sweep scenario, with the app opened at the end so
    /// some points fall in the foreground loop's lifetime (no snapshot is
    /// taken while it is alive).
    static func scenario(_ directory: URL) throws -> String {
        let file = directory.appendingPathComponent("snapshots.scenario")
        try """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 10:00
        at 08:00 app list add Games --apps Chess
        at 08:00 app rule add open-limit Gate --list Games --opens 2
        at 09:00 press open on Chess for 5m
        at 09:30 expect usage Gate opens 1 of 2
        at 09:40 open OpenAppLock for 1m
        """.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func everyPointStartedFromASnapshotEndsAsItsReplayFromTheFirstLine() throws {
        let base = try FaultSweepTests.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let path = try Self.scenario(base)
        func sweep(_ name: String, snapshots: Bool) throws -> (CrashSweep.Report, URL) {
            let root = base.appendingPathComponent(name, isDirectory: true)
            let report = try CrashSweep(
                SweepSettings(
                    spec: .built(path), rootBase: root, jobs: 2, snapshots: snapshots)
            ).run()
            return (report, root)
        }
        let (replayed, replayRoot) = try sweep("replayed", snapshots: false)
        let (resumed, resumeRoot) = try sweep("resumed", snapshots: true)

        #expect(replayed.reached == resumed.reached)
        #expect(replayed.outcomes.count == resumed.outcomes.count)
        #expect(replayed.outcomes.allSatisfy { $0.snapshotLaunch == nil })
        // Most points start from a snapshot; the loop's points replay from
        // the last one before it was started.
        let started = resumed.outcomes.filter { $0.snapshotLaunch != nil }
        #expect(started.count * 2 > resumed.outcomes.count)
        #expect(started.allSatisfy { $0.snapshotLaunch! < $0.site.launch })
        #expect(resumed.outcomes.contains { $0.site.target == .appLoop })
        #expect(resumed.snapshots.map { $0.kept > 0 && $0.peakBytes > 0 } == true)
        #expect(resumed.render().contains("started from one of"))

        for (index, (full, snapshot)) in zip(replayed.outcomes, resumed.outcomes).enumerated() {
            #expect(full.site == snapshot.site)
            #expect(full.killed == snapshot.killed, "\(full.site)")
            #expect(full.verdict.kind == snapshot.verdict.kind, "\(full.site)")
            #expect(full.verdict.reason == snapshot.verdict.reason, "\(full.site)")
            #expect(
                full.verdict.violations.map(Self.withoutExcerpt)
                    == snapshot.verdict.violations.map(Self.withoutExcerpt),
                "\(full.site)")
            #expect(full.verdict.expectationFailures == snapshot.verdict.expectationFailures, "\(full.site)")
            let point = "point-\(index + 1)"
            let fullTrace = try Self.trace(replayRoot, point)
            let snapshotTrace = try Self.trace(resumeRoot, point)
            #expect(fullTrace.count == snapshotTrace.count, "\(full.site)")
            if let first = zip(fullTrace, snapshotTrace).first(where: { $0 != $1 }) {
                Issue.record("\(full.site): traces differ:\n\(first.0)\n\(first.1)")
            }
            // The oracle's whole report: what it observed and checked, the
            // expected divergences, what it quarantined.
            var fullReport = OracleReport.last(root: DeviceRoot(replayRoot.appendingPathComponent(point)))
            var snapshotReport = OracleReport.last(root: DeviceRoot(resumeRoot.appendingPathComponent(point)))
            for index in (fullReport?.violations.indices ?? 0..<0) { fullReport?.violations[index].traceExcerpt = [] }
            for index in (snapshotReport?.violations.indices ?? 0..<0) {
                snapshotReport?.violations[index].traceExcerpt = []
            }
            #expect(fullReport != nil)
            #expect(fullReport == snapshotReport, "\(full.site)")
        }
        // Each snapshot is deleted once its last point is done.
        let left =
            (try? FileManager.default.contentsOfDirectory(
                atPath: resumeRoot.appendingPathComponent("snapshots").path)) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    static func trace(_ base: URL, _ point: String) throws -> [String] {
        let root = DeviceRoot(base.appendingPathComponent(point, isDirectory: true))
        return RunTests.withoutMachineFields(try TraceLog.read(root.trace).map { try $0.get() })
    }

    /// A violation without its trace excerpt, whose lines carry pids.
    static func withoutExcerpt(_ violation: Violation) -> String {
        var violation = violation
        violation.traceExcerpt = []
        return violation.description + " after \(violation.after) at \(violation.time)"
    }
}
