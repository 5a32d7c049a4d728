import Foundation
import OALPlatform
import OALSystem
import OALTestSupport
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// Issue 25, "Runs that do not say what happened": what the terminal shows
/// after a run, through the real `oal-device` executable.
@Suite struct RunSaysWhatHappenedTests {
    static let morning = """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end 2026-11-30 12:00
        at 08:00 app list add Social --apps Instagram
        at 08:00 app rule add schedule Morning --list Social --from 09:00 --to 11:00
        at 09:05 expect blocked Instagram
        at 10:00 expect unblocked TikTok

        """

    /// `oal-device init` and `run` with `extra` arguments; returns the root
    /// and the run's exit status.
    static func play(_ play: DeviceProcessRun, _ extra: [String]) throws -> (DeviceRoot, ProcessRun) {
        let root = play.root("device")
        #expect(try play.initialize(root) == .exited(0))
        let device = try BuiltProducts.executable("oal-device")
        let run = try ProcessRun.run(device, ["run", "--root", root.url.path, play.file.path, "--quiet"] + extra)
        return (root, run)
    }

    static func show(_ command: String, _ root: DeviceRoot) throws -> String {
        try ProcessRun.run(try BuiltProducts.executable("oal-device"), [command, "--root", root.url.path]).stdout
    }

    /// A `--fault` that fires is drawn on the timeline's faults row (with a
    /// legend entry), and the summary lists it with when it took effect and
    /// what failed after it; one that never fires says so.
    @Test func faultsAreDrawnAndSummarised() throws {
        let play = try DeviceProcessRun(Self.morning)
        defer { play.remove() }
        let (root, run) = try Self.play(
            play,
            ["--fault", "at 08:30 drop intervalDidStart *; kill shield-action at shield-action.after-spend"])
        #expect(run.status == 1, "\(run.stderr)")

        let timeline = try Self.show("timeline", root)
        let row = timeline.split(separator: "\n").first { $0.hasPrefix("faults ") }
        #expect(row?.contains("F") == true, "\(timeline)")
        #expect(timeline.contains("F another fault took effect"), "\(timeline)")

        let summary = try Self.show("summary", root)
        #expect(summary.contains("Faults:       2 injected, 1 took effect"), "\(summary)")
        #expect(
            summary.contains(
                "FIRED drop intervalDidStart * (--fault, injected 2026-11-30 08:30): took effect 2026-11-30 09:00: "
                    + "dropped intervalDidStart of sched-"), "\(summary)")
        #expect(summary.contains("    followed by: FAIL line 6: expect blocked Instagram"), "\(summary)")
        #expect(
            summary.contains(
                "MISSED kill shield-action at shield-action.after-spend (--fault, injected 2026-11-30 08:00)"),
            "\(summary)")
        #expect(summary.contains("never took effect"), "\(summary)")
    }

    /// A power loss is drawn as its own mark, P, with a legend line, and
    /// the summary says what it took.
    @Test func aPowerLossIsDrawnAsItsOwnMark() throws {
        let play = try DeviceProcessRun(Self.morning)
        defer { play.remove() }
        let (root, run) = try Self.play(play, ["--fault", "at 09:30 power-loss"])
        #expect(run.status == 0, "\(run.stderr)")
        let timeline = try Self.show("timeline", root)
        let row = timeline.split(separator: "\n").first { $0.hasPrefix("faults ") }
        #expect(row?.contains("P") == true, "\(timeline)")
        #expect(timeline.contains("P the power went"), "\(timeline)")
        let summary = try Self.show("summary", root)
        #expect(summary.contains("power-loss"), "\(summary)")
    }

    /// A run without faults draws no faults row and no Faults section.
    @Test func aRunWithoutFaultsDrawsNoFaultsRow() throws {
        let play = try DeviceProcessRun(Self.morning)
        defer { play.remove() }
        let (root, _) = try Self.play(play, [])
        #expect(!(try Self.show("timeline", root)).contains("\nfaults "))
        #expect(!(try Self.show("summary", root)).contains("Faults:"))
    }

    /// A violation's headline and the trace lines under it are in one zone,
    /// the device's local one, and it is said; in the repeated hour of a
    /// fall back each line carries its offset (Paris, 2026-10-25: 02:30
    /// happens at 00:30 and at 01:30 UTC).
    @Test func aViolationsExcerptIsInTheHeadlinesZone() {
        func line(_ time: String) -> String {
            "{\"event\":\"deliver\",\"fields\":{},\"pid\":1,\"proc\":\"device\",\"t\":\"\(time)\"}"
        }
        var report = OracleReport()
        report.violations = [
            Violation(
                check: .underEnforced, ruleID: nil, ruleName: "Night", time: "2026-10-25T01:30:00.000Z",
                localTime: "2026-10-25 02:30 (UTC+01:00)", after: "at 02:30 expect blocked Chess", expected: "shielded",
                actual: "open",
                traceExcerpt: [
                    line("2026-10-24T07:15:00.000Z"), line("2026-10-25T00:30:00.000Z"),
                    line("2026-10-25T01:30:00.000Z"),
                ], reproduce: "oal-device run", timeZone: "Europe/Paris")
        ]
        let text = report.render()
        #expect(text.contains("trace (last 3 lines, times local in Europe/Paris, as the headline):"), "\(text)")
        #expect(text.contains("      09:15:00 device deliver"), "\(text)")
        #expect(text.contains("      02:30:00 (UTC+02:00) device deliver"), "\(text)")
        #expect(text.contains("      02:30:00 (UTC+01:00) device deliver"), "\(text)")
    }

    /// A sweep point that survived the oracle but changed expectations
    /// (`scripts/sweep` prints "survived, 2 expectation(s) changed") says so
    /// in the sweep's index.html, naming them, not a plain "pass".
    @Test func theSweepIndexNamesTheExpectationsAPassChanged() {
        let index = RunIndex(
            title: "crash-point sweep of demo-day.scenario",
            entries: [
                RunIndex.Entry(
                    label: "kill monitor at ledger.append.after-lock#1 launch 10", passed: true, reason: "",
                    reproduce: "oal-device run --root NEWDIR demo.scenario --fault 'kill monitor'", report: nil,
                    changed: [
                        "demo.scenario:31: expect usage Video Cap minutes 20 — minutes 19",
                        "demo.scenario:40: expect blocked <YouTube> — open",
                    ]),
                RunIndex.Entry(label: "kill app at x#1", passed: true, reason: "", reproduce: "r", report: nil),
            ])
        let html = index.html(base: URL(fileURLWithPath: "/tmp/base"))
        #expect(html.contains("<td>pass, 2 expectation(s) changed</td>"), "\(html)")
        #expect(html.contains("<li>demo.scenario:31: expect usage Video Cap minutes 20 — minutes 19</li>"), "\(html)")
        #expect(html.contains("<li>demo.scenario:40: expect blocked &lt;YouTube&gt; — open</li>"), "\(html)")
        #expect(html.contains("<td>pass</td>"), "the untouched point stays a plain pass: \(html)")
    }
}
