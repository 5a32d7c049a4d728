import Foundation
import OALStore
import OALSystem
import Testing

/// Issue 10 part B, defect 3: numbers at the edge of `Int` given to
/// `oal-store-probe` are usage errors (64), never a failed precondition or
/// an overflow trap.
@Suite struct ProbeInputTests {
    @Test func edgeValuesAreUsageErrorsOrRecordedNeverATrap() throws {
        try withTempDirectory { root in
            let rule = UUID().uuidString
            let base = [
                "minutes", "--appgroup", root.appendingPathComponent("ag").path, "--rule", rule, "--day", "2026-11-29",
            ]
            let negative = try Probe.run(base + ["--value", "-5"], scratch: root)
            #expect(negative.termination == .exited(64), "\(negative.stderr)")
            #expect(negative.stderr.contains("--value"))
            let overflowing = try Probe.run(base + ["--value", "9223372036854775807", "--count", "2"], scratch: root)
            #expect(overflowing.termination == .exited(64), "\(overflowing.stderr)")
            let largest = try Probe.run(base + ["--value", "9223372036854775807"], scratch: root)
            #expect(largest.termination == .exited(0), "\(largest.stderr)")
            #expect(largest.lastAck == Int.max)
            let count = try Probe.run(base + ["--value", "1", "--count", "-3"], scratch: root)
            #expect(count.termination == .exited(64), "\(count.stderr)")
        }
    }
}
