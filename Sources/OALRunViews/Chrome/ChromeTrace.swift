import Foundation
import OALPlatform
import OALScenario

/// A run as a Chrome / Perfetto trace (Trace Event Format), drawn from a
/// `RunRecord`: the layout and content are docs/REPORT.md's "The Chrome
/// trace". `oal-device trace --format chrome` prints it; every run writes
/// it to `<root>/logs/trace.chrome.json`.
package struct ChromeTrace: Sendable {
    var events: [ChromeTraceEvent]
    /// The run's first emulated instant, which `ts` 0 stands for.
    var start: Date
    var scenario: String?

    static let file = "trace.chrome.json"

    /// The `pid` of each row group. Fixed numbers, so two runs' traces
    /// line up and Perfetto keeps the order (`process_sort_index`).
    static let processRows: [(ProcessKind, Int)] = [
        (.device, 1), (.app, 2), (.monitor, 3), (.shieldConfig, 4), (.shieldAction, 5), (.supervisor, 6),
    ]
    static let appsPID = 10
    static let rulesPID = 11

    /// Device lines drawn as something else (spans, counters) or not at all.
    /// `launch.end` is drawn on its launch's slice instead (`peak memory`).
    static let deviceLinesNotInstants: Set<String> = [
        "clock.set", "app.state", "store.state", "run.start", "run.end", "launch.end",
    ]

    package init(record: RunRecord) {
        start = record.start
        scenario = record.scenario
        var builder = Builder(record: record)
        builder.metadata()
        builder.launches()
        builder.instants()
        builder.flows()
        builder.rows(RunSpans(record))
        events = builder.events.enumerated().sorted {
            // Metadata first, then by time; ties keep the order they were made in.
            ($0.element.phase == .metadata ? 0 : 1, $0.element.timestamp, $0.offset)
                < ($1.element.phase == .metadata ? 0 : 1, $1.element.timestamp, $1.offset)
        }.map(\.element)
    }

    /// The JSON Perfetto and `chrome://tracing` open.
    package func json() throws -> Data {
        struct Document: Encodable {
            var traceEvents: [ChromeTraceEvent]
            var displayTimeUnit = "ms"
            var otherData: [String: String]
        }
        var other = ["start": TraceEvent.timestamp(start), "clock": "emulated"]
        if let scenario { other["scenario"] = scenario }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Document(traceEvents: events, otherData: other))
    }
}

/// Makes the events; one method per kind of row content.
private struct Builder {
    let record: RunRecord
    var events: [ChromeTraceEvent] = []
    /// Each launch's lane (`tid` = lane + 1) on its kind's process.
    var lanes: [Int] = []

    init(record: RunRecord) {
        self.record = record
        var lanes = [Int](repeating: 0, count: record.launches.count)
        for kind in ProcessKind.allCases {
            let indices = record.launches.indices.filter { record.launches[$0].kind == kind }
            let assigned = LaneAssigner.assign(
                indices.map { (record.places[record.launches[$0].first], record.places[record.launches[$0].last]) })
            for (index, lane) in zip(indices, assigned) { lanes[index] = lane }
        }
        self.lanes = lanes
    }

    static func pid(_ kind: ProcessKind) -> Int { ChromeTrace.processRows.first { $0.0 == kind }?.1 ?? 9 }

    /// Where a process line goes: its launch's lane, or the device's thread.
    func track(_ index: Int) -> (pid: Int, tid: Int) {
        guard let owner = record.owner[index] else { return (Self.pid(.device), 1) }
        return (Self.pid(record.launches[owner].kind), lanes[owner] + 1)
    }

    func time(_ index: Int) -> ChromeTraceEvent.Value { .text(record.lines[index].time) }

    mutating func metadata() {
        func name(_ pid: Int, _ tid: Int?, _ kind: String, _ value: String) -> ChromeTraceEvent {
            ChromeTraceEvent(
                name: kind, phase: .metadata, timestamp: 0, pid: pid, tid: tid, args: ["name": .text(value)])
        }
        func order(_ pid: Int, _ tid: Int?, _ kind: String, _ value: Int) -> ChromeTraceEvent {
            ChromeTraceEvent(
                name: kind, phase: .metadata, timestamp: 0, pid: pid, tid: tid,
                args: ["sort_index": .number(Int64(value))])
        }
        let used = Set(record.launches.map(\.kind)).union([.device])
        for (kind, pid) in ChromeTrace.processRows where used.contains(kind) {
            events.append(name(pid, nil, "process_name", kind.executableName))
            events.append(order(pid, nil, "process_sort_index", pid))
            let laneCount = zip(record.launches, lanes).filter { $0.0.kind == kind }.map { $0.1 + 1 }.max() ?? 1
            for lane in 1...laneCount {
                events.append(name(pid, lane, "thread_name", kind == .device ? "device" : "lane \(lane)"))
                events.append(order(pid, lane, "thread_sort_index", lane))
            }
        }
        events.append(name(ChromeTrace.appsPID, nil, "process_name", "apps"))
        events.append(order(ChromeTrace.appsPID, nil, "process_sort_index", ChromeTrace.appsPID))
        events.append(name(ChromeTrace.rulesPID, nil, "process_name", "rules"))
        events.append(order(ChromeTrace.rulesPID, nil, "process_sort_index", ChromeTrace.rulesPID))
    }

    /// One complete slice per launch, and the device's run.
    mutating func launches() {
        for (index, launch) in record.launches.enumerated() {
            let start = record.places[launch.first]
            var args: [String: ChromeTraceEvent.Value] = [
                "pid": .number(Int64(launch.pid)), "argv": .text(launch.argv), "time": time(launch.first),
                "status": .text(launch.status ?? "still running at the end of the trace"),
            ]
            if let number = launch.launch { args["launch"] = .number(Int64(number)) }
            if let point = launch.crashPoint { args["crash point"] = .text(point) }
            if let point = launch.pausePoint { args["pause point"] = .text(point) }
            if let fault = launch.killedBy { args["killed by"] = .text("fault \(fault)") }
            if let peak = launch.peakKiB { args["peak memory KiB"] = .number(Int64(peak)) }
            if let wall = launch.wallMicros { args["wall µs"] = .number(wall) }
            events.append(
                ChromeTraceEvent(
                    name: launch.killedBy == nil ? launch.title : "\(launch.title) (killed)", category: "launch",
                    phase: .complete, timestamp: start,
                    duration: max(1, record.places[launch.last] - start), pid: Self.pid(launch.kind),
                    tid: lanes[index] + 1, args: args))
        }
        if let first = record.lines.firstIndex(where: { $0.process == .device && $0.event == "run.start" }) {
            var args: [String: ChromeTraceEvent.Value] = ["time": time(first)]
            for (key, value) in record.lines[first].fields { args[key] = .text(value) }
            events.append(
                ChromeTraceEvent(
                    name: "run \(record.scenario ?? "")", category: "run", phase: .complete,
                    timestamp: record.places[first], duration: max(1, record.span - record.places[first]),
                    pid: Self.pid(.device), tid: 1, args: args))
        }
    }

    /// Every other line as an instant on its launch's lane (or the
    /// device's thread), named by what it was about.
    mutating func instants() {
        for (index, line) in record.lines.enumerated() {
            switch (line.process, line.event) {
            case (_, "launch"), (_, "exit"), (_, "store.read"): continue
            case (.device, let event) where ChromeTrace.deviceLinesNotInstants.contains(event): continue
            default: break
            }
            let (pid, tid) = track(index)
            var args = line.fields.mapValues { ChromeTraceEvent.Value.text($0) }
            args["time"] = time(index)
            events.append(
                ChromeTraceEvent(
                    name: Self.title(line), category: Self.category(line), phase: .instant,
                    timestamp: record.places[index], pid: pid, tid: tid, scope: "t", args: args))
        }
    }

    static func title(_ line: TraceEvent) -> String {
        let fields = line.fields
        switch line.event {
        case "store.write": return "write \(fields["path"] ?? fields["store"] ?? "")"
        case "callback": return "\(fields["callback"] ?? "callback") \(fields["activity"] ?? "")"
        case "deliver": return "deliver \(fields["kind"] ?? "") \(fields["activity"] ?? "")"
        case "expect": return fields["result"] == "ok" ? "expect ok" : "expect FAIL: \(fields["text"] ?? "")"
        case "fault": return "fault \(fields["action"] ?? "") \(fields["fault"] ?? "")"
        case "user.open", "user.leave", "shield.shown": return "\(line.event) \(fields["app"] ?? "")"
        case "user.press": return "press \(fields["button"] ?? "") on \(fields["app"] ?? "")"
        case "user.tap": return "tap \(fields["button"] ?? "") on the app's screen"
        case "url.opened": return "open \(fields["url"] ?? "") in \(fields["app"] ?? "")"
        case "user.app": return "tap app \(fields["args"] ?? "")"
        case "user.shortcut": return "shortcut \(fields["intent"] ?? "")"
        case "automation.run": return "automation \(fields["automation"] ?? "") \(fields["intent"] ?? "")"
        default: return line.event
        }
    }

    static func category(_ line: TraceEvent) -> String {
        switch line.event {
        case "store.write": "store"
        case "shield.set", "shield.clear": "shield"
        case "callback", "deliver", "deliver.withheld": "callback"
        case "fault": "fault"
        case "expect": "expect"
        default: line.event.hasPrefix("user.") ? "user" : line.process.rawValue
        }
    }

    /// An arrow from each store write to the next read of that file by
    /// another launch, unless the file is written again first.
    mutating func flows() {
        var pending: [String: Int] = [:]
        var nextID = 1
        for (index, line) in record.lines.enumerated() {
            guard let path = line.fields["path"], let owner = record.owner[index] else { continue }
            if line.event == "store.write" {
                pending[path] = index
            } else if line.event == "store.read", let write = pending[path], record.owner[write] != owner {
                pending[path] = nil
                let from = track(write)
                let to = track(index)
                events.append(
                    ChromeTraceEvent(
                        name: path, category: "store", phase: .flowStart, timestamp: record.places[write],
                        pid: from.pid, tid: from.tid, id: nextID))
                events.append(
                    ChromeTraceEvent(
                        name: path, category: "store", phase: .flowEnd, timestamp: record.places[index], pid: to.pid,
                        tid: to.tid, id: nextID, bindingPoint: "e"))
                nextID += 1
            }
        }
    }

    /// The apps' and rules' rows: spans as slices, states as counters.
    mutating func rows(_ spans: RunSpans) {
        for (number, app) in spans.apps.enumerated() {
            let blockedTID = number * 2 + 1
            let usedTID = number * 2 + 2
            thread(ChromeTrace.appsPID, blockedTID, app.name)
            thread(ChromeTrace.appsPID, usedTID, "\(app.name) (in use)")
            for span in app.blocked {
                slice("blocked", "shield", ChromeTrace.appsPID, blockedTID, span, ["by": .text(span.note)])
            }
            for span in app.used { slice("in use", "user", ChromeTrace.appsPID, usedTID, span, [:]) }
            var samples = app.shielded
            if samples.first?.place != 0 { samples.insert((0, 0), at: 0) }
            for sample in samples {
                counter("\(app.name) shielded", ChromeTrace.appsPID, sample.place, "shielded", sample.value)
            }
        }
        for (number, rule) in spans.rules.enumerated() {
            thread(ChromeTrace.rulesPID, number + 1, rule.name)
            for span in rule.shielding { slice("shielding", "shield", ChromeTrace.rulesPID, number + 1, span, [:]) }
            for sample in rule.minutes {
                counter("\(rule.name) minutes", ChromeTrace.rulesPID, sample.place, "minutes", sample.value)
            }
        }
    }

    private mutating func thread(_ pid: Int, _ tid: Int, _ name: String) {
        events.append(
            ChromeTraceEvent(
                name: "thread_name", phase: .metadata, timestamp: 0, pid: pid, tid: tid, args: ["name": .text(name)]))
        events.append(
            ChromeTraceEvent(
                name: "thread_sort_index", phase: .metadata, timestamp: 0, pid: pid, tid: tid,
                args: ["sort_index": .number(Int64(tid))]))
    }

    private mutating func slice(
        _ name: String, _ category: String, _ pid: Int, _ tid: Int, _ span: RunSpans.Span,
        _ args: [String: ChromeTraceEvent.Value]
    ) {
        events.append(
            ChromeTraceEvent(
                name: name, category: category, phase: .complete, timestamp: span.start,
                duration: max(1, span.end - span.start), pid: pid, tid: tid, args: args))
    }

    private mutating func counter(_ name: String, _ pid: Int, _ place: Int64, _ series: String, _ value: Int) {
        events.append(
            ChromeTraceEvent(
                name: name, category: "state", phase: .counter, timestamp: place, pid: pid,
                args: [series: .number(Int64(value))]))
    }
}
