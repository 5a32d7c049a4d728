import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import Testing

@Suite struct RunTests {
    @Test func theDemoDayPasses() throws {
        let path = Repository.root.appendingPathComponent("scenarios/demo-day.scenario").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let run = try DeviceHarness.run(text)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)")
        #expect(run.result.met >= 20)
        let timeline = try Timeline.render(root: run.root)
        #expect(timeline.contains("Deep Sleep") && timeline.contains("█"))
        #expect(try RunSummary(root: run.root).passed)
    }

    @Test func aFailedExpectationIsReportedWithItsLine() throws {
        let run = try DeviceHarness.run(
            """
            at 08:00 expect blocked Instagram
            """)
        defer { run.remove() }
        #expect(run.result.failures.count == 1)
        #expect(run.result.failures.first?.contains("test.scenario:3:") == true)
    }

    /// Same scenario and seed, in two different device roots: the same
    /// trace, byte for byte, once what the machine decides (the OS's pid of
    /// each process, the memory each launch was seen to use) is blanked. Ids of new rules and lists come from
    /// the seed and the launch number, paths are relative to the root.
    @Test func theSameScenarioAndSeedReplayTheSameTrace() throws {
        let text = """
            end day 2 01:00
            at 08:00 app list add Social --apps Instagram
            at 08:00 app rule add open-limit Gate --list Social --opens 1
            at 08:00 app rule add schedule Night --list Social --from 23:00 --to 00:30
            at 09:00 press open on Instagram for 5m
            at 10:00 open OpenAppLock for 1m
            at 10:05 expect blocked Instagram
            """
        var traces: [[String]] = []
        for _ in 0..<2 {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "oal-replay-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try DeviceHarness.run(text, root: directory, seed: 7)
            #expect(run.result.passed, "\(run.failureText)")
            traces.append(Self.withoutMachineFields(run.trace))
        }
        #expect(traces[0].count == traces[1].count)
        for (first, second) in zip(traces[0], traces[1]) where first != second {
            Issue.record("traces differ:\n\(first)\n\(second)")
            break
        }
    }

    static func withoutMachineFields(_ trace: [TraceEvent]) -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return trace.map { String(decoding: try! encoder.encode($0.reproducible), as: UTF8.self) }
    }
}
