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

    /// A journal may hold `Int.max` opens for a rule (one line, valid); an
    /// increment past it fails with EOVERFLOW (74), never an overflow trap.
    @Test func anIncrementPastIntMaxFailsWithoutATrap() throws {
        try withTempDirectory { root in
            let rule = UUID().uuidString
            let appgroup = root.appendingPathComponent("ag").path
            let usage = appgroup + "/usage"
            try FileSystem.createDirectory(usage)
            try write(
                #"{"format":"oal.usage-journal","formatVersion":1,"day":"2026-11-29"}"# + "\n"
                    + #"{"rule":"\#(rule)","opens":9223372036854775807}"# + "\n",
                to: usage + "/2026-11-29.jsonl")
            let run = try Probe.run(
                ["increment", "--appgroup", appgroup, "--rule", rule, "--day", "2026-11-29", "--count", "1"],
                scratch: root)
            #expect(run.termination == .exited(74), "\(run.stderr)")
            #expect(run.stderr.contains("Value too large"), "\(run.stderr)")
            let read = try Probe.run(["read", "--appgroup", appgroup, "--day", "2026-11-29"], scratch: root)
            #expect(read.stdout.contains("opens=9223372036854775807"))
        }
    }
}
