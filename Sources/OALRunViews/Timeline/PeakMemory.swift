import Foundation
import OALPlatform
import OALScenario

/// The peak resident memory of one kind of process over a run's launches,
/// from the device's `launch.end` lines (`peakKiB`, sampled while each
/// launch ran: docs/PERFORMANCE.md, "Memory per launch").
package struct PeakMemory: Sendable, Hashable, Codable {
    /// Exited launches with a figure (a launch that ended before the first
    /// sample has none).
    package var launches: Int
    package var minKiB: Int
    package var medianKiB: Int
    package var maxKiB: Int

    /// nil for no figures.
    init?(kibibytes: [Int]) {
        guard !kibibytes.isEmpty else { return nil }
        let sorted = kibibytes.sorted()
        launches = sorted.count
        minKiB = sorted[0]
        maxKiB = sorted[sorted.count - 1]
        // The lower middle of an even count: always a figure some launch had.
        medianKiB = sorted[(sorted.count - 1) / 2]
    }

    /// Per process kind (`proc` of `launch.end`), from a run's lines. Only
    /// launches that exited: a killed one's figure is how far it got.
    /// `field`: `peakKiB` (resident) or `privateKiB`.
    static func byKind(
        _ events: some Sequence<TraceEvent>, field: String = TraceEvent.peakMemoryField
    ) -> [String: PeakMemory] {
        var figures: [String: [Int]] = [:]
        for event in events where event.process == .device && event.event == "launch.end" {
            guard let kind = event.fields["proc"], event.fields["status"].flatMap({ Int($0) }) != nil,
                let peak = event.fields[field].flatMap({ Int($0) })
            else { continue }
            figures[kind, default: []].append(peak)
        }
        return figures.compactMapValues { PeakMemory(kibibytes: $0) }
    }

    /// iOS's reported limit for a DeviceActivityMonitor extension, in MiB:
    /// what the summary and the benchmark compare against.
    static let monitorLimitMiB = 6.0

    static func mebibytes(_ kib: Int) -> String { String(format: "%.1f", Double(kib) / 1024) }

    init(launches: Int, minKiB: Int, medianKiB: Int, maxKiB: Int) {
        self.launches = launches
        self.minKiB = minKiB
        self.medianKiB = medianKiB
        self.maxKiB = maxKiB
    }
}
