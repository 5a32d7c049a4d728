import Foundation
import OALPlatform

/// What a free-running run saw (`<root>/logs/free-running.json`, and the
/// `free-running:` lines `oal-device run` prints): its launches and how
/// they overlapped, the lag the oracle allowed and why, and for each
/// violation the closest lockstep reproduction.
public struct FreeRunningReport: Codable, Sendable {
    public var speed: Double
    public var look: Double
    /// One-shot launches (callbacks, taps, shields; not the app's loop).
    public var launches: Int
    /// Launches that ran, in wall time, while another one-shot ran.
    public var overlapping: Int
    public var maxConcurrent: Int
    public var longestLaunchWallSeconds: Double
    /// The most the device ran behind the clock (emulated seconds).
    public var latenessSeconds: Double
    /// The lag in force at the end (emulated seconds) and how it was made.
    public var lagSeconds: Double
    public var lagFormula: String
    public var transientDivergences: Int
    public var longestTransientSeconds: Double
    /// The longest of them, longest first.
    public var longestTransients: [TransientDivergence]
    public var beyondLag: Int
    /// Divergences open at the end that had not lasted the lag yet.
    public var unsettledAtEnd: Int
    public var reproductions: [FreeRunningReproduction]
    public var records: [FreeRunningLaunch]

    public static let file = "free-running.json"

    init(
        options: FreeRunningOptions, launches: FreeRunningLaunches, lag: BoundedLag, lateness: TimeInterval,
        violations: [Violation], scenario: Scenario, lockstep: RunSpec
    ) {
        speed = options.speed
        look = options.look
        records = launches.records.values.sorted { $0.launch < $1.launch }
        self.launches = records.count
        (overlapping, maxConcurrent) = Self.overlaps(records)
        longestLaunchWallSeconds = launches.longestWall
        latenessSeconds = lateness
        lagSeconds = lag.seconds
        lagFormula = String(
            format: "max(%.0f, %.0f tick + 2 × %.0f look + 2 × %.0f × %.3f s longest launch + 2 × %.0f s lateness)",
            BoundedLag.floor, DeviceEngine.tickInterval, options.look, options.speed, launches.longestWall,
            lateness)
        transientDivergences = lag.transient
        longestTransientSeconds = lag.longestTransient
        longestTransients = lag.longestTransients
        beyondLag = lag.beyond
        unsettledAtEnd = lag.unsettled
        let records = self.records
        reproductions = violations.prefix(20).map {
            FreeRunningReproduction(
                violation: $0, records: records, window: 2 * options.look, scenario: scenario, lockstep: lockstep)
        }
    }

    /// How many launches overlapped another in wall time, and the most at
    /// once (the launches' own start and end as the device saw them).
    static func overlaps(_ records: [FreeRunningLaunch]) -> (Int, Int) {
        let spans = records.map { ($0.startedWall, $0.endedWall ?? $0.startedWall) }.sorted { $0.0 < $1.0 }
        var overlapped = Set<Int>()
        for index in spans.indices {
            var other = index + 1
            while other < spans.count, spans[other].0 < spans[index].1 {
                overlapped.insert(index)
                overlapped.insert(other)
                other += 1
            }
        }
        var edges = spans.flatMap { [($0.0, 1), ($0.1, -1)] }
        // An end before a start at the same instant: touching is not overlapping.
        edges.sort { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
        var running = 0
        var most = 0
        for (_, change) in edges {
            running += change
            most = max(most, running)
        }
        return (overlapped.count, most)
    }

    public func render() -> String {
        var lines = [
            String(
                format: "free-running: speed %.0f× (%.1f emulated minutes a second), the device looked every %.0f s",
                speed, speed / 60, look),
            "free-running: \(launches) launches, \(overlapping) ran while another was running, at most "
                + "\(maxConcurrent) at once; "
                + String(
                    format: "longest %.3f s wall (%.0f s emulated); the device ran at most %.0f s behind the clock",
                    longestLaunchWallSeconds, longestLaunchWallSeconds * speed, latenessSeconds),
            String(format: "free-running: lag %.0f s = ", lagSeconds) + lagFormula,
            "free-running: divergences that ended within the lag: \(transientDivergences)"
                + String(format: " (longest %.0f s)", longestTransientSeconds)
                + "; beyond the lag: \(beyondLag); still open at the end, not judged: \(unsettledAtEnd)",
        ]
        for transient in longestTransients.prefix(3) {
            lines.append(
                String(format: "free-running:   within the lag, %.0f s: ", transient.seconds) + transient.divergence)
        }
        for reproduction in reproductions { lines += reproduction.lines }
        return lines.joined(separator: "\n") + "\n"
    }

    func write(to url: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(TraceEvent.timestamp(date))
        }
        if let data = try? encoder.encode(self) { try? data.write(to: url, options: .atomic) }
    }
}
