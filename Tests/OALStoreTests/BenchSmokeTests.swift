import Foundation
import OALTestSupport
import Testing

/// The store benchmark still runs and still checks its counts: `oal-bench
/// store --quick` (a few seconds) must exit 0 with every contender's final
/// count exact. No timing is asserted: numbers belong in docs/PERFORMANCE.md.
@Suite struct BenchSmokeTests {
    private struct Report: Decodable {
        struct Row: Decodable {
            var mode: String
            var k: Int
            var contender: String
            var exact: Bool
            var expectedCount: Int
            var finalCounts: [Int]
        }
        var rows: [Row]
        var allExact: Bool
    }

    @Test func quickStoreBenchmarkCountsExactly() throws {
        let bench = try BuiltProducts.executable("oal-bench")
        let run = try ProcessRun.run(bench, ["store", "--quick", "--json"])
        #expect(!run.signaled)
        #expect(run.status == 0, "oal-bench store --quick exited \(run.status):\n\(run.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.allExact)
        // Our store, the raw floor and SQLite: each measured, each exact, at
        // every K and in both modes.
        for contender in ["ledger-add", "ledger-spend", "raw", "sqlite-c", "sqlite-py"] {
            let rows = report.rows.filter { $0.contender == contender }
            #expect(Set(rows.map(\.mode)) == ["default", "durable"], "\(contender) rows: \(rows.map(\.mode))")
            #expect(rows.count >= 2, "no rows for \(contender)")
            for row in rows {
                #expect(row.exact, "\(contender) \(row.mode) K=\(row.k): \(row.finalCounts) ≠ \(row.expectedCount)")
                #expect(row.finalCounts.allSatisfy { $0 == row.expectedCount })
            }
        }
    }
}
