import Foundation
import OALPlatform

/// The verdict of the last run on a device root, read back from its trace:
/// expectations met and failed, and which processes took part.
public struct RunSummary: Sendable {
    public var met: Int
    public var failed: [String]
    /// Distinct pids per process kind, to show each ran as its own process.
    public var processes: [String: Int]
    public var scenario: String?
    public var seed: String?

    public init(root: DeviceRoot) throws {
        let events = try TraceLog.read(root.trace).compactMap { try? $0.get() }
        let lastRun = events.lastIndex { $0.process == .device && $0.event == "run.start" } ?? 0
        var met = 0
        var failed: [String] = []
        var pids: [String: Set<Int32>] = [:]
        for event in events[lastRun...] {
            pids[event.process.rawValue, default: []].insert(event.pid)
            guard event.process == .device, event.event == "expect" else { continue }
            if event.fields["result"] == "ok" {
                met += 1
            } else {
                let line = event.fields["line"] ?? "?"
                failed.append(
                    "line \(line): \(event.fields["text"] ?? "") — \(event.fields["detail"] ?? "")")
            }
        }
        let start = events.indices.contains(lastRun) ? events[lastRun] : nil
        self.met = met
        self.failed = failed
        self.processes = pids.mapValues(\.count)
        self.scenario = start?.fields["scenario"]
        self.seed = start?.fields["seed"]
    }

    public var passed: Bool { failed.isEmpty }

    public func render(root: DeviceRoot) -> String {
        var lines = ["Expectations: \(met) met, \(failed.count) failed"]
        lines += failed.map { "  FAIL \($0)" }
        let kinds = processes.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
        lines.append("Processes (distinct pids): " + kinds.joined(separator: ", "))
        lines.append("Device root: \(root.url.path)")
        lines.append("Trace:       \(root.trace.path)")
        return lines.joined(separator: "\n") + "\n"
    }
}
