import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALSystem
import OALTestSupport
import Testing

/// Each launch's memory, as the device samples it, and `memory-limit`, the
/// jetsam kill (docs/FAULTS.md, "Memory limits"; docs/PERFORMANCE.md,
/// "Memory per launch"). No figure is asserted beyond "present and
/// positive": peak resident memory is the machine's, not the scenario's.
@Suite struct MemoryTests {
    static let day = """
        end day 1 12:00
        at 08:00 app list add Video --apps YouTube
        at 08:00 app rule add time-limit Cap --list Video --minutes 2
        at 08:00 app list add Games --apps Chess
        at 08:00 app rule add open-limit Gate --list Games --opens 1
        at 09:00 open YouTube for 5m
        at 10:00 press open on Chess

        """

    static func peak(_ line: TraceEvent) -> Int? {
        line.fields[TraceEvent.peakMemoryField].flatMap { Int($0) }
    }

    @Test func everyLaunchEndsWithThePeakTheDeviceSampled() throws {
        let run = try DeviceHarness.run(Self.day)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText)")
        let ends = run.device("launch.end")
        // One per launch the device started, and only one.
        let launched = Set(run.trace.filter { $0.process != .device && $0.event == "launch" }.compactMap(\.launch))
        let ended = ends.compactMap { $0.fields["launch"].flatMap { Int($0) } }
        #expect(Set(ended) == launched)
        #expect(ended.count == Set(ended).count)
        #expect(Set(ends.compactMap { $0.fields["proc"] }).isSuperset(of: ["app", "monitor", "shield-action"]))
        for line in ends where line.fields["status"] == "0" {
            let peak = Self.peak(line) ?? 0
            let own = line.fields[TraceEvent.privateMemoryField].flatMap { Int($0) } ?? 0
            #expect(peak > 0 && own > 0 && own < peak, "\(line)")
        }
        // The Perfetto slices carry it (`peak memory KiB`).
        let record = try RunRecord(root: run.root)
        #expect(record.launches.filter { $0.status == "0" }.allSatisfy { ($0.peakKiB ?? 0) > 0 })
        // The summary tables them per kind: min ≤ median ≤ max.
        let summary = try RunSummary(root: run.root)
        let monitor = try #require(summary.memory["monitor"])
        #expect(
            monitor.launches == ends.filter { $0.fields["proc"] == "monitor" && $0.fields["status"] == "0" }.count)
        #expect(monitor.minKiB > 0 && monitor.minKiB <= monitor.medianKiB && monitor.medianKiB <= monitor.maxKiB)
        // `oal-device trace --format reproducible`: the lines as replays
        // compare them.
        let printed = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"),
            ["trace", "--root", run.root.url.path, "--format", "reproducible"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let lines = printed.stdout.split(separator: "\n").map {
            try? JSONDecoder().decode(TraceEvent.self, from: Data($0.utf8))
        }
        #expect(lines.count == run.trace.count && lines.allSatisfy { $0?.pid == 0 })
        // Memory figures removed (a fast launch may have none to blank).
        #expect(lines.contains { $0?.event == "launch.end" })
        #expect(!lines.contains { $0?.fields[TraceEvent.peakMemoryField] != nil })
        #expect(!lines.contains { $0?.fields[TraceEvent.privateMemoryField] != nil })
        #expect(summary.privateMemory["monitor"]?.launches == monitor.launches)
        let text = summary.render(root: run.root)
        #expect(text.contains("Peak memory per exited launch"), "\(text)")
        #expect(text.contains("monitor"), "\(text)")
    }

    /// A limit under any process's size: every monitor launch is killed
    /// while it runs (it never writes its `exit`), traced as a jetsam kill
    /// with the peak seen, and the oracle still judges the run, naming the
    /// kills like any other killed extension.
    @Test func aMemoryLimitKillsEveryMonitorLaunchAsJetsamDoes() throws {
        let run = try DeviceHarness.run("fault memory-limit monitor 1\n" + Self.day)
        defer { run.remove() }
        let monitorEnds = run.device("launch.end").filter { $0.fields["proc"] == "monitor" }
        #expect(!monitorEnds.isEmpty)
        #expect(monitorEnds.allSatisfy { $0.fields["status"] == "signal 9" }, "\(monitorEnds)")
        let kills = FaultTests.faults(run, "killed").filter { $0.fields["kind"] == "memory-limit" }
        #expect(kills.count == monitorEnds.count)
        for kill in kills {
            #expect(kill.fields["reason"] == "jetsam")
            #expect(kill.fields["target"] == "monitor")
            #expect(kill.fields["limitKiB"] == "1024")
            #expect((Self.peak(kill) ?? 0) > 1024, "\(kill)")
        }
        let killedLaunches = Set(kills.compactMap(\.fields["launch"]))
        #expect(
            !run.trace.contains {
                $0.process == .monitor && $0.event == "exit" && killedLaunches.contains("\($0.launch ?? 0)")
            })
        // Other kinds run as usual.
        #expect(
            run.device("launch.end").contains { $0.fields["proc"] == "shield-action" && $0.fields["status"] == "0" })
        #expect(run.result.oracle.checksRun > 0)
        #expect(
            run.result.oracle.expectedDivergences.contains { $0.reason.contains("jetsam") },
            "\(run.result.oracle.expectedDivergences)")
        let summary = try RunSummary(root: run.root)
        #expect(summary.jetsamKills == kills.count)
        // A killed launch's figure is how far it got: not in the table.
        #expect(summary.memory["monitor"] == nil)
        #expect(summary.render(root: run.root).contains("jetsam kills (memory-limit): \(kills.count)"))
    }

    /// `private` holds the process's own memory to the limit: at 0.5 MiB
    /// (under any process's private memory) every shield-action launch is
    /// killed, while a resident limit that high would spare none.
    @Test func aPrivateMemoryLimitHoldsTheProcesssOwnMemory() throws {
        let run = try DeviceHarness.run("fault memory-limit shield-action 0.5 private\n" + Self.day)
        defer { run.remove() }
        let kills = FaultTests.faults(run, "killed").filter { $0.fields["kind"] == "memory-limit" }
        #expect(!kills.isEmpty)
        #expect(kills.allSatisfy { $0.fields["measure"] == "private" && $0.fields["target"] == "shield-action" })
        #expect(
            run.device("launch.end").filter { $0.fields["proc"] == "shield-action" }.allSatisfy {
                $0.fields["status"] == "signal 9"
            })
        #expect(run.device("launch.end").contains { $0.fields["proc"] == "monitor" && $0.fields["status"] == "0" })
    }

    @Test func theMemoryLimitSyntax() throws {
        for text in [
            "memory-limit monitor 6", "memory-limit shield-config 6.5", "memory-limit app 120",
            "memory-limit monitor 6 private",
        ] {
            let fault = try FaultParser.parse(text: text)
            #expect(fault.description == text)
            #expect(try FaultParser.parse(text: fault.description) == fault)
            #expect(fault.kind == "memory-limit")
        }
        for bad in [
            "memory-limit monitor", "memory-limit device 6", "memory-limit app-loop 6", "memory-limit monitor 0",
            "memory-limit monitor -1", "memory-limit monitor six", "memory-limit monitor 6 7",
            "memory-limit monitor 6 shared",
        ] {
            #expect(throws: FaultParser.Failure.self, "\(bad)") { try FaultParser.parse(text: bad) }
        }
    }

    /// Two runs' lines agree once `reproducible` blanks what the machine
    /// decided, and only then.
    @Test func reproducibleBlanksPidsAndMemoryOnly() {
        let line = TraceEvent(
            time: "t", process: .device, pid: 42, launch: nil, event: "launch.end",
            fields: ["launch": "3", "peakKiB": "19000", "privateKiB": "1600", "status": "0"])
        let blank = line.reproducible
        #expect(blank.pid == 0)
        #expect(blank.fields == ["launch": "3", "status": "0"])
        var other = line
        other.pid = 43
        other.fields["peakKiB"] = "21000"
        #expect(other.reproducible == blank)
        // A launch that ended before the first memory sample has no figures.
        other.fields["peakKiB"] = nil
        other.fields["privateKiB"] = nil
        #expect(other.reproducible == blank)
        other.fields["status"] = "1"
        #expect(other.reproducible != blank)
    }
}
