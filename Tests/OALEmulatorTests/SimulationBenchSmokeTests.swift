import Foundation
import OALTestSupport
import Testing

/// The simulation benchmark still runs: `oal-bench simulation --quick
/// --warm 1` (one generated simulated day, cold and warm) must exit 0, its device runs
/// must pass, and the trace must show extension launches. No timing is
/// asserted: numbers belong in docs/PERFORMANCE.md.
@Suite struct SimulationBenchSmokeTests {
    private struct Report: Decodable {
        struct Row: Decodable {
            var days: Int
            var mode: String
            var ok: Bool
            var extensionLaunches: Int
            var extensionStarts: Int
            var appOneShots: Int
            var totalLaunches: Int
            var memory: [String: Memory]
        }
        struct Memory: Decodable {
            var launches: Int
            var minKiB: Int
            var medianKiB: Int
            var maxKiB: Int
        }
        var rows: [Row]
        var allOK: Bool
    }

    @Test func quickSimulationBenchmarkRuns() throws {
        let bench = try BuiltProducts.executable("oal-bench")
        // With --forked and --warm, the day three times: cold, forked, warm.
        let run = try ProcessRun.run(bench, ["simulation", "--quick", "--json", "--forked", "--warm", "1"])
        #expect(!run.signaled)
        #expect(run.status == 0, "oal-bench simulation --quick exited \(run.status):\n\(run.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.allOK)
        #expect(report.rows.map(\.days) == [1, 1, 1])
        #expect(report.rows.map(\.mode) == ["cold", "forked", "warm 1"])
        // Cold and forked, every callback is a process; warm, some find one alive.
        if let cold = report.rows.first, let warm = report.rows.last {
            #expect(cold.extensionStarts == cold.extensionLaunches)
            let forked = report.rows[1]
            #expect(forked.extensionLaunches == cold.extensionLaunches)
            #expect(forked.extensionStarts == forked.extensionLaunches)
            #expect(warm.extensionLaunches == cold.extensionLaunches)
            #expect(warm.extensionStarts < warm.extensionLaunches)
        }
        for row in report.rows {
            #expect(row.ok)
            #expect(row.extensionLaunches > 0)
            #expect(row.appOneShots > 0)
            #expect(row.totalLaunches >= row.extensionLaunches + row.appOneShots)
            // Every kind's peak memory, from the device's `launch.end` lines.
            for kind in ["app", "monitor", "shield-config", "shield-action"] {
                let figures = try #require(row.memory[kind], "no memory figures for \(kind)")
                #expect(figures.launches > 0)
                #expect(
                    0 < figures.minKiB && figures.minKiB <= figures.medianKiB && figures.medianKiB <= figures.maxKiB)
            }
        }
    }
}
