import Foundation
import OALPlatform
import OALScenario

/// The last run of a trace with each launch joined up: the model the
/// Chrome trace and the HTML report are drawn from (docs/REPORT.md).
///
/// Pure: built from trace lines alone, so drawing a run reads no store and
/// can never change what it draws.
package struct RunRecord: Sendable {
    /// The run's lines in trace order.
    package var lines: [TraceEvent]
    /// Each line's emulated time (nil when it does not parse).
    var times: [Date?]
    /// Each line's place on the drawn time axis, µs since `start`:
    /// emulated time made strictly increasing (see `places(_:_:)`).
    var places: [Int64]
    /// The launch each line belongs to (an index into `launches`); nil for
    /// the device's own lines.
    var owner: [Int?]
    package var launches: [LaunchSpan]
    /// The emulated time of the first line.
    var start: Date
    var scenario: String?
    var seed: String?
    /// The command that replays the run, when the caller knows it (the
    /// engine does: `RunViews`); the trace does not say it.
    var reproduce: String?

    init(events allEvents: [TraceEvent]) {
        let lines = Array(allEvents[Self.runStart(allEvents)...])
        self.lines = lines
        let times = lines.map { TraceEvent.date(fromTimestamp: $0.time) }
        let start = times.compactMap { $0 }.first ?? Date(timeIntervalSince1970: 0)
        self.times = times
        self.start = start
        places = Self.places(lines, times.map { $0.map { Self.micros($0.timeIntervalSince(start)) } })
        let header = lines.first { $0.process == .device && $0.event == "run.start" }
        scenario = header?.fields["scenario"]
        seed = header?.fields["seed"]
        var joiner = LaunchJoiner()
        for (index, line) in lines.enumerated() { joiner.add(line, at: index) }
        launches = joiner.finish(lastLine: lines.count - 1)
        owner = joiner.owner
    }

    /// Reads `<root>/logs/trace.jsonl`; lines that do not parse are left out.
    package init(root: DeviceRoot) throws {
        self.init(events: try TraceLog.read(root.trace).compactMap { try? $0.get() })
    }

    /// The place of the last line: how long the drawn axis is.
    var span: Int64 { max(places.last ?? 0, 1) }

    /// The emulated time drawn at `place` (for axis labels).
    func date(atPlace place: Int64) -> Date { start.addingTimeInterval(Double(place) / 1_000_000) }

    /// Where the last run starts: its `run.start` (a device restarted on
    /// its root, `resumed=true`, continues the same run), less the lines of
    /// other processes right before it: the supervisor starts the app's
    /// loop first, so the loop's `launch` belongs to the run.
    static func runStart(_ events: [TraceEvent]) -> Int {
        guard
            var index = events.lastIndex(where: {
                $0.process == .device && $0.event == "run.start" && $0.fields["resumed"] != "true"
            })
        else { return 0 }
        while index > 0, events[index - 1].process != .device { index -= 1 }
        return index
    }

    static func micros(_ seconds: TimeInterval) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    /// Line i goes at `max(time(i) + shift, place(i-1) + 1)`: the lines of
    /// one lockstep instant, which share a time, are spread 1 µs apart in
    /// trace order, so a launch covers its own lines and nothing else.
    /// Only the device writes the clock, so only its `clock.set` going back
    /// (a `clock jump -D` fault) shifts what follows; another process's
    /// line behind the clock (a loop tracing its exit with the last time it
    /// read) is clamped in place instead.
    static func places(_ lines: [TraceEvent], _ micros: [Int64?]) -> [Int64] {
        var result: [Int64] = []
        result.reserveCapacity(lines.count)
        var shift: Int64 = 0
        var previous: Int64 = -1
        for (line, time) in zip(lines, micros) {
            guard let time else {
                previous += 1
                result.append(previous)
                continue
            }
            if line.process == .device, line.event == "clock.set", time + shift < previous - 1_000_000 {
                shift += previous - (time + shift)
            }
            previous = max(time + shift, previous + 1)
            result.append(previous)
        }
        return result
    }
}

/// Joins each process's lines into its launch (docs/REPORT.md).
private struct LaunchJoiner {
    enum Key: Hashable {
        case launch(Int)
        case process(ProcessKind, Int32)
    }

    private(set) var owner: [Int?] = []
    private var spans: [LaunchSpan] = []
    private var byKey: [Key: Int] = [:]
    /// Launches whose end is known (an `exit` line, or the device's record).
    private var ended: Set<Int> = []
    private var exitCodes: [Int: String] = [:]

    /// Device lines that say a launch is over (its end when it wrote no
    /// `exit`), and the kind of process each names. Not `loop.launch`: the
    /// loop it names is still running.
    static let endings: [String: ProcessKind] = [
        "deliver": .monitor, "user.app": .app, "user.press": .shieldAction, "shield.shown": .shieldConfig,
        "user.shortcut": .app, "automation.run": .app,
    ]
    static let endingFaults: Set<String> = ["killed", "survived", "missed", "applied"]

    mutating func add(_ line: TraceEvent, at index: Int) {
        if line.process == .device {
            owner.append(nil)
            device(line, at: index)
            return
        }
        let key: Key = line.launch.map { .launch($0) } ?? .process(line.process, line.pid)
        let spanIndex: Int
        if let known = byKey[key], !(line.event == "launch" && ended.contains(known) && line.launch == nil) {
            spanIndex = known
        } else {
            spanIndex = spans.count
            byKey[key] = spanIndex
            spans.append(
                LaunchSpan(
                    kind: line.process, pid: line.pid, launch: line.launch, argv: "", first: index, last: index))
        }
        owner.append(spanIndex)
        if line.event == "launch" { spans[spanIndex].argv = line.fields["argv"] ?? "" }
        if !ended.contains(spanIndex) { spans[spanIndex].last = index }
        if line.event == "exit" {
            ended.insert(spanIndex)
            exitCodes[spanIndex] = line.fields["code"]
        }
    }

    private mutating func device(_ line: TraceEvent, at index: Int) {
        guard let number = line.fields["launch"].flatMap({ Int($0) }) else { return killedByPID(line, at: index) }
        let isFault = line.event == "fault"
        let action = line.fields["action"] ?? ""
        guard let spanIndex = byKey[.launch(number)] else {
            // A launch that wrote nothing (a full disk ate its trace):
            // still a launch, drawn at the device's record of it.
            guard let kind = Self.endings[line.event] else { return }
            byKey[.launch(number)] = spans.count
            ended.insert(spans.count)
            spans.append(
                LaunchSpan(
                    kind: kind, pid: 0, launch: number, argv: Self.arguments(line), first: index, last: index,
                    status: line.fields["status"]))
            return
        }
        if line.event == "launch.end" {
            spans[spanIndex].peakKiB = line.fields[TraceEvent.peakMemoryField].flatMap { Int($0) }
            spans[spanIndex].wallMicros = line.fields[TraceEvent.wallMicrosField].flatMap { Int64($0) }
            return
        }
        if isFault {
            switch action {
            case "killed":
                spans[spanIndex].crashPoint = Self.point(in: line.fields["fault"] ?? "")
                spans[spanIndex].killedBy = line.fields["fault"]
            case "paused": spans[spanIndex].pausePoint = line.fields["point"]
            default: break
            }
        }
        let ends = isFault ? Self.endingFaults.contains(action) : Self.endings[line.event] != nil
        guard ends else { return }
        if !isFault, let status = line.fields["status"] { spans[spanIndex].status = status }
        if isFault, action == "killed" { spans[spanIndex].status = spans[spanIndex].status ?? "signal 9" }
        if !ended.contains(spanIndex) {
            spans[spanIndex].last = index
            ended.insert(spanIndex)
        }
    }

    /// A kill the device names by pid alone (the app's foreground loop: its
    /// fault line carries no launch number) ends the running launch of that
    /// pid there, marked as killed; otherwise the loop would be drawn as
    /// running to the end of the trace.
    private mutating func killedByPID(_ line: TraceEvent, at index: Int) {
        guard line.event == "fault", line.fields["action"] == "killed",
            let pid = line.fields["pid"].flatMap({ Int32($0) }),
            let spanIndex = spans.indices.last(where: { spans[$0].pid == pid && !ended.contains($0) })
        else { return }
        spans[spanIndex].status = spans[spanIndex].status ?? "signal 9"
        spans[spanIndex].killedBy = line.fields["fault"]
        spans[spanIndex].last = index
        ended.insert(spanIndex)
    }

    /// What the device's line says the launch was run with.
    static func arguments(_ line: TraceEvent) -> String {
        if let args = line.fields["args"] { return args }
        return [line.fields["kind"], line.fields["activity"], line.fields["event"]].compactMap { $0 }.joined(
            separator: " ")
    }

    /// `POINT#n` of `kill TARGET at POINT#n [launch N]`.
    static func point(in fault: String) -> String? {
        let words = fault.split(separator: " ")
        guard let at = words.firstIndex(of: "at"), at + 1 < words.count else { return nil }
        return String(words[at + 1])
    }

    func finish(lastLine: Int) -> [LaunchSpan] {
        spans.enumerated().map { index, span in
            var span = span
            if span.status == nil { span.status = exitCodes[index] }
            if !ended.contains(index) { span.last = max(span.last, lastLine) }
            return span
        }
    }
}
