import Foundation
import OALPlatform
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// The Chrome / Perfetto trace (docs/REPORT.md): it parses, slices nest,
/// one launch is one slice, arrows join a write to the next read.
@Suite struct ChromeTraceTests {
    /// Overlapping launches on purpose: a refresh preempted while a press
    /// runs (two `oal-app`s at once) and four concurrent presses; a kill.
    static let overlapping = """
        end day 1 11:00
        at 08:00 app list add Games --apps Chess
        at 08:00 app rule add open-limit Gate --list Games --opens 3
        at 09:00 fault preempt app at app.refresh.after-read-inputs
        at 09:00 app refresh
        at 09:00 app list add Later --apps Kindle
        at 10:00 fault concurrent-press 4
        at 10:00 press open on Chess
        at 10:45 fault kill shield-action at shield-action.after-spend
        at 10:45 press open on Chess

        """

    @Test func theTraceParsesAndEveryLaunchIsOneCompleteSliceOnALaneOfItsOwn() throws {
        let run = try DeviceHarness.run(Self.overlapping)
        defer { run.remove() }
        let data = try ChromeTrace(record: RunRecord(events: run.trace)).json()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        let phases = Set(events.compactMap { $0["ph"] as? String })
        #expect(phases.isSubset(of: ["X", "i", "C", "s", "f", "M"]), "\(phases)")
        // No B/E pairs at all; if one ever appears, it must be closed.
        #expect(
            events.filter { $0["ph"] as? String == "B" }.count == events.filter { $0["ph"] as? String == "E" }.count)

        // One launch, one slice: every launch number the trace knows.
        let numbers = Set(run.trace.compactMap(\.launch))
        let slices = events.filter { $0["cat"] as? String == "launch" }
        let sliced = slices.compactMap { ($0["args"] as? [String: Any])?["launch"] as? Int }
        #expect(sliced.count == Set(sliced).count, "a launch drawn twice")
        #expect(Set(sliced) == numbers)
        // Plus the launches without a number: none in a library run.
        #expect(slices.count == numbers.count)

        // Slices on one track never overlap without nesting.
        var byTrack: [String: [(Int64, Int64)]] = [:]
        for event in events where event["ph"] as? String == "X" {
            let ts = try #require((event["ts"] as? NSNumber)?.int64Value)
            let dur = try #require((event["dur"] as? NSNumber)?.int64Value)
            #expect(dur >= 1)
            byTrack["\(event["pid"]!)/\(event["tid"]!)", default: []].append((ts, ts + dur))
        }
        for (track, spans) in byTrack {
            let sorted = spans.sorted { $0.0 < $1.0 }
            for (outer, inner) in zip(sorted, sorted.dropFirst()) {
                #expect(inner.0 >= outer.1 || inner.1 <= outer.1, "\(track): \(outer) and \(inner) overlap")
            }
        }
        // The preempted refresh and the tap it let in ran at once: two
        // lanes of oal-app. (The concurrent presses overlap only when the
        // scheduler lets them, so the check above covers them.)
        let appLanes = Set(slices.filter { $0["pid"] as? Int == 2 }.compactMap { $0["tid"] as? Int })
        #expect(appLanes.count >= 2, "\(appLanes)")
        // The killed monitor carries its crash point and status.
        let killed = slices.filter { ($0["args"] as? [String: Any])?["crash point"] != nil }
        #expect(killed.count == 1)
        #expect((killed.first?["args"] as? [String: Any])?["status"] as? String == "signal 9")
        let paused = slices.filter { ($0["args"] as? [String: Any])?["pause point"] != nil }
        #expect(paused.count == 1)

        // Every arrow has both ends, and goes forward in time.
        let starts = events.filter { $0["ph"] as? String == "s" }
        let ends = Dictionary(
            uniqueKeysWithValues: events.filter { $0["ph"] as? String == "f" }.map { ($0["id"] as! Int, $0) })
        #expect(!starts.isEmpty)
        #expect(starts.count == ends.count)
        for start in starts {
            let end = try #require(ends[start["id"] as! Int])
            #expect((end["ts"] as! NSNumber).int64Value > (start["ts"] as! NSNumber).int64Value)
            #expect(end["bp"] as? String == "e")
        }
        // Rows: one per app and rule, counters for shields and minutes.
        let threadNames = events.filter { $0["name"] as? String == "thread_name" }.compactMap {
            ($0["args"] as? [String: Any])?["name"] as? String
        }
        #expect(threadNames.contains("Chess") && threadNames.contains("Gate"), "\(threadNames)")
        #expect(events.contains { $0["ph"] as? String == "C" && $0["name"] as? String == "Chess shielded" })
    }

    @Test func linesOfOneInstantAreSpreadAndABackwardClockShiftsWhatFollows() {
        func line(_ time: String, _ process: ProcessKind, _ event: String, launch: Int? = nil) -> TraceEvent {
            TraceEvent(
                time: "2026-11-30T\(time):00.000Z", process: process, pid: 7, launch: launch, event: event,
                fields: event == "launch" ? ["argv": "refresh"] : event == "exit" ? ["code": "0"] : [:])
        }
        let record = RunRecord(events: [
            line("08:00", .device, "run.start"),
            line("08:00", .app, "launch", launch: 1),
            line("08:00", .app, "exit", launch: 1),
            line("09:00", .device, "clock.set"),
            line("07:00", .device, "clock.set"),  // a clock jump of -2 h
            line("07:30", .device, "clock.set"),
            line("07:00", .app, "exit"),  // another process behind the clock: clamped
        ])
        #expect(record.places[0...2] == [0, 1, 2])
        #expect(record.places[3] == 3_600_000_000)
        #expect(record.places[4] == 3_600_000_001)
        #expect(record.places[5] == 3_600_000_000 + 1_800_000_000)
        #expect(record.places[6] == record.places[5] + 1)
        #expect(record.launches.count == 2)
        #expect(record.launches[0].status == "0" && record.launches[0].first == 1 && record.launches[0].last == 2)
    }

    /// A killed app loop ends at its kill, marked killed: the device names
    /// it by pid (`fault killed target=app-loop`), as the real trace does,
    /// and the loop writes nothing after it.
    @Test func aKilledAppLoopEndsAtItsKill() {
        func line(_ time: String, _ process: ProcessKind, _ event: String, launch: Int?, _ fields: [String: String])
            -> TraceEvent
        {
            TraceEvent(
                time: "2026-11-30T\(time):00.000Z", process: process, pid: process == .app ? 41 : 40, launch: launch,
                event: event, fields: fields)
        }
        let record = RunRecord(events: [
            line("09:00", .device, "run.start", launch: nil, [:]),
            line("09:05", .device, "loop.launch", launch: nil, ["launch": "3"]),
            line("09:05", .app, "loop.start", launch: 3, [:]),
            line("09:06", .app, "loop.ack", launch: 3, ["session": "1"]),
            line(
                "09:20", .device, "fault", launch: nil,
                ["action": "killed", "fault": "kill app-loop", "kind": "kill", "pid": "41", "target": "app-loop"]),
            line("23:59", .device, "clock.set", launch: nil, [:]),
        ])
        let loop = record.launches.first { $0.launch == 3 }
        #expect(loop?.last == 4, "\(record.launches)")
        #expect(loop?.status == "signal 9", "\(record.launches)")
    }

    /// The real thing (issue 25): the device launches the app's loop, a
    /// `kill app-loop` fault SIGKILLs it at 08:10, and its slice ends
    /// there, marked killed and by which fault, not at the end of the trace.
    @Test func aKilledAppLoopsSliceEndsAtItsKillMarkedKilled() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 12:00
            at 08:00 open OpenAppLock for 30m
            at 08:10 fault kill app-loop

            """)
        defer { run.remove() }
        let record = RunRecord(events: run.trace)
        let kill = try #require(
            record.lines.indices.first {
                record.lines[$0].event == "fault" && record.lines[$0].fields["target"] == "app-loop"
                    && record.lines[$0].fields["action"] == "killed"
            }, "the fault did not fire")
        let trace = ChromeTrace(record: record)
        let loops = trace.events.filter { $0.category == "launch" && $0.args?["argv"] == .text("run") }
        let killed = try #require(loops.first, "\(trace.events.filter { $0.category == "launch" })")
        #expect(killed.timestamp + (killed.duration ?? 0) == record.places[kill])
        #expect(killed.args?["status"] == .text("signal 9"))
        #expect(killed.args?["killed by"] == .text("fault kill app-loop"))
        #expect(killed.name == "run (killed)")
        #expect(killed.timestamp + (killed.duration ?? 0) < record.span, "drawn to the end of the trace")
    }

    /// Emulated time is the trace's clock, so a slow callback is invisible
    /// on it (issue 25): each `launch.end` carries the launch's wall-clock
    /// duration as the device measured it, and each launch slice shows it.
    @Test func everyLaunchSliceCarriesItsWallClockDuration() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 09:00
            at 08:00 app list add Games --apps Chess
            at 08:00 app rule add open-limit Gate --list Games --opens 3
            at 08:10 press open on Chess

            """)
        defer { run.remove() }
        let ends = run.device("launch.end")
        #expect(!ends.isEmpty)
        for end in ends {
            let micros = try #require(end.fields[TraceEvent.wallMicrosField].flatMap { Int64($0) }, "\(end)")
            #expect(micros > 0 && micros < 60_000_000, "\(end)")
            #expect(end.reproducible.fields[TraceEvent.wallMicrosField] == nil, "a replay would differ")
        }
        let slices = ChromeTrace(record: RunRecord(events: run.trace)).events.filter {
            $0.category == "launch" && $0.args?["launch"] != nil
        }
        #expect(slices.count == ends.count)
        for slice in slices {
            guard case .number(let micros)? = slice.args?["wall µs"] else {
                Issue.record("no wall µs on \(slice.name): \(slice.args ?? [:])")
                continue
            }
            #expect(micros > 0)
        }
    }

    @Test func lanesNeverOverlapAndAreAsFewAsTheMostOpenAtOnce() {
        let lanes = LaneAssigner.assign([(0, 100), (1, 2), (3, 4), (3, 50), (101, 102), (5, 5)])
        #expect(lanes == [0, 1, 1, 2, 0, 1])
    }
}
