import Foundation
import OALTestSupport
import Testing

/// The simulation benchmark still runs: `oal-bench simulation --quick`
/// (one generated simulated day, a few seconds) must exit 0, its device run
/// must pass, and the trace must show extension launches. No timing is
/// asserted: numbers belong in docs/PERFORMANCE.md.
@Suite struct SimulationBenchSmokeTests {
    private struct Report: Decodable {
        struct Row: Decodable {
            var days: Int
            var ok: Bool
            var extensionLaunches: Int
            var appOneShots: Int
            var totalLaunches: Int
        }
        var rows: [Row]
        var allOK: Bool
    }

    @Test func quickSimulationBenchmarkRuns() throws {
        let bench = try BuiltProducts.executable("oal-bench")
        let run = try ProcessRun.run(bench, ["simulation", "--quick", "--json"])
        #expect(!run.signaled)
        #expect(run.status == 0, "oal-bench simulation --quick exited \(run.status):\n\(run.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.allOK)
        #expect(report.rows.map(\.days) == [1])
        for row in report.rows {
            #expect(row.ok)
            #expect(row.extensionLaunches > 0)
            #expect(row.appOneShots > 0)
            #expect(row.totalLaunches >= row.extensionLaunches + row.appOneShots)
        }
    }
}
