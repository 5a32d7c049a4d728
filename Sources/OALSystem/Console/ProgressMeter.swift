import Foundation

/// Progress of a batch of similar runs (a sweep's points, a swarm's seeds,
/// a benchmark's rounds) with an estimate of the time left, for stderr.
///
/// Wall time on purpose: it measures the machine, not the emulated device,
/// and is only ever shown, never acted on. The clock is a parameter so the
/// estimate is tested without waiting.
public struct ProgressMeter: Sendable {
    public var total: Int
    public var started: Date

    public init(total: Int, started: Date = Date()) {
        self.total = total
        self.started = started
    }

    /// `[3/20 15%, ETA 1m05s]` after `done` of `total`; no ETA before the
    /// first one is done (nothing to estimate from).
    public func prefix(done: Int, now: Date = Date()) -> String {
        let percent = total > 0 ? done * 100 / total : 100
        var text = "[\(done)/\(total) \(percent)%"
        if done > 0, done < total {
            let elapsed = now.timeIntervalSince(started)
            text += ", ETA " + Self.duration(elapsed / Double(done) * Double(total - done))
        } else if done >= total {
            text += ", took " + Self.duration(now.timeIntervalSince(started))
        }
        return text + "]"
    }

    /// `45s`, `3m05s`, `1h02m`.
    public static func duration(_ seconds: TimeInterval) -> String {
        let whole = max(0, Int(seconds.rounded()))
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
        return String(format: "%dh%02dm", whole / 3600, whole % 3600 / 60)
    }
}
