import Foundation
import OALEmulator
import OALTestSupport
import Testing

@testable import OALExplore

/// `sweep --power-loss` (issue 39): at each crash point the power goes
/// with the process, the files keep only what was synced, and the device
/// boots and plays on. The own stores sync every change before it is
/// acknowledged, so every point survives; stores that never sync
/// (`stores-not-durable`) lose the rules the day began with.
@Suite(.serialized) struct PowerLossSweepTests {
    static func sweep(mutant: String?) throws -> CrashSweep.Report {
        let directory = try TemporaryDirectory.make(prefix: "oal-power")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("power.scenario")
        try """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end 2026-11-30 10:00
        at 08:00 app list add Games --apps Chess
        at 08:00 app rule add open-limit Gate --list Games --opens 2
        at 08:30 press open on Chess for 5m
        at 09:00 press open on Chess for 5m
        at 09:30 press open on Chess
        """.write(to: file, atomically: true, encoding: .utf8)
        return try CrashSweep(
            SweepSettings(
                spec: .built(file.path, mutant: mutant), rootBase: directory.appendingPathComponent("roots"),
                limit: 8, kinds: [.shieldAction, .monitor], jobs: 2),
            powerLoss: true
        ).run()
    }

    @Test func theOwnDesignKeepsEveryAcknowledgedChangeAtEveryPoint() throws {
        let report = try Self.sweep(mutant: nil)
        #expect(report.outcomes.count == 8)
        #expect(report.outcomes.allSatisfy { $0.killed }, "\(report.render(color: .plain))")
        #expect(report.failed.isEmpty, "\(report.render(color: .plain))")
        #expect(report.render(color: .plain).hasPrefix("power-loss sweep: "))
        #expect(report.failed.isEmpty && report.outcomes.allSatisfy { $0.site.powerLoss })
    }

    @Test func storesThatNeverSyncFailIt() throws {
        let report = try Self.sweep(mutant: "stores-not-durable")
        #expect(!report.failed.isEmpty, "\(report.render(color: .plain))")
        for failure in report.failed {
            #expect(failure.verdict.reproduce.contains("--fault 'power-loss "))
        }
    }
}
