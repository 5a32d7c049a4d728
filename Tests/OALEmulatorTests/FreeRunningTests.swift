import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALTestSupport
import Testing

/// Free-running mode (docs/PROCESSES.md, "Free-running"; docs/ORACLE.md,
/// "Free-running: the bounded lag"): real processes race against a running
/// clock. Nothing here asserts a duration: only what the trace and the
/// reports show.
@Suite struct FreeRunningTests {
    struct FreeRun {
        let status: Int32
        let stderr: String
        let report: OracleReport
        let trace: [[String: Any]]
        let seen: [String: Any]
    }

    /// Three rules whose windows open at the same instant, and the app
    /// open for 40 minutes: three callbacks due at once, and the loop
    /// ticking on its own beside them (long enough for a loop that a
    /// loaded machine starts late to tick: a wall second is ten emulated
    /// minutes).
    static let together = """
        timezone UTC
        start 2026-11-30 08:50
        end 2026-11-30 10:00
        at 08:50 app list add Social --apps Instagram
        at 08:50 app list add Video --apps YouTube
        at 08:50 app list add Games --apps Chess
        at 08:51 app rule add schedule Study --list Social --from 09:00 --to 09:30
        at 08:51 app rule add schedule Focus --list Video --from 09:00 --to 09:30
        at 08:51 app rule add schedule Quiet --list Games --from 09:00 --to 09:45
        at 08:55 open OpenAppLock for 40m
        at 09:40 open Instagram for 2m
        """

    static func run(_ text: String, mutant: String? = nil) throws -> FreeRun {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("oal-freerun-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("test.scenario")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let root = directory.appendingPathComponent("device").path
        let device = try BuiltProducts.executable("oal-device")
        let created = try ProcessRun.run(device, ["init", "--root", root, "--scenario", file.path])
        #expect(created.status == 0, "\(created.stderr)")
        let ran = try ProcessRun.run(
            device, ["run", "--root", root, file.path, "--free-running", "--speed", "600", "--quiet"],
            environment: ["OAL_MUTANT": mutant ?? ""])
        let report = try #require(OracleReport.last(root: DeviceRoot(path: root)), "no oracle.json: \(ran.stderr)")
        let lines = try String(contentsOfFile: root + "/logs/trace.jsonl", encoding: .utf8).split(separator: "\n")
        let trace = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let seenData = try Data(contentsOf: URL(fileURLWithPath: root + "/logs/" + FreeRunningReport.file))
        let seen = try #require(try JSONSerialization.jsonObject(with: seenData) as? [String: Any])
        return FreeRun(status: ran.status, stderr: ran.stderr, report: report, trace: trace, seen: seen)
    }

    /// The most one-shot launches (not the app's loop) between their own
    /// `launch` and `exit` lines at once, in the trace's order.
    static func mostAtOnce(_ trace: [[String: Any]]) -> Int {
        var open = Set<Int>()
        var most = 0
        for line in trace {
            guard let process = line["proc"] as? String, process != "device", let launch = line["launch"] as? Int
            else { continue }
            let fields = line["fields"] as? [String: String] ?? [:]
            switch line["event"] as? String {
            case "launch" where fields["argv"] != "run":
                open.insert(launch)
                most = max(most, open.count)
            case "exit":
                open.remove(launch)
            default:
                continue
            }
        }
        return most
    }

    @Test func aShortFreeRunningRunOverlapsItsLaunchesAndPasses() throws {
        // Whether two launches overlap is the OS scheduler's choice, not the
        // scenario's (three window starts are due at once and started
        // together): on an idle machine each may end before the next has
        // traced its start. Up to three runs; every one must pass, one
        // must overlap.
        var runs: [FreeRun] = []
        repeat {
            let run = try Self.run(Self.together)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.report.violations.isEmpty, "\(run.report.violations)")
            runs.append(run)
        } while runs.count < 3 && Self.mostAtOnce(runs.last!.trace) < 2
        let run = runs.last!
        // Processes really overlapped: one started before another exited.
        #expect(Self.mostAtOnce(run.trace) >= 2, "no overlap in \(runs.count) runs")
        #expect((run.seen["maxConcurrent"] as? Int ?? 0) >= 2, "\(run.seen)")
        #expect((run.seen["overlapping"] as? Int ?? 0) >= 2, "\(run.seen)")
        // No lockstep hand-shake: the device never set the clock per event,
        // and the loop refreshed on its own count.
        #expect(!run.trace.contains { $0["event"] as? String == "clock.set" })
        #expect(run.trace.contains { $0["event"] as? String == "freerun.start" })
        #expect(
            run.trace.contains {
                $0["event"] as? String == "refresh" && ($0["fields"] as? [String: String])?["cause"] == "tick"
            })
        #expect(run.stderr.contains("free-running: lag "), "\(run.stderr)")
    }

    /// The restart mutant never blocks the spent budget (docs/ORACLE.md,
    /// `restart-forgets-usage`): a lost shield that lasts hours, far beyond
    /// any lag; clean, the same run passes.
    @Test func aLostShieldIsReportedBeyondTheLag() throws {
        let scenario = IndependentOracleTests.restartLosesUsage.replacingOccurrences(
            of: "end 2026-11-30 10:00", with: "end 2026-11-30 12:00")
        let clean = try Self.run(scenario)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.report.violations.isEmpty, "\(clean.report.violations)")
        let broken = try Self.run(scenario, mutant: "restart-forgets-usage")
        #expect(broken.status == 1, "\(broken.stderr)")
        let lost = try #require(broken.report.violations(of: .underEnforced).first, "\(broken.report.violations)")
        #expect(lost.actual.contains("beyond the lag"), "\(lost.actual)")
        #expect(broken.stderr.contains("free-running: VIOLATION [under-enforced]"), "\(broken.stderr)")
        #expect(broken.stderr.contains("closest lockstep reproduction"), "\(broken.stderr)")
    }
}
