import Foundation
import OALDomain

/// `oal-device run --warm SEED`: extension processes are kept alive and
/// handed later callbacks, as iOS may do (docs/PROCESSES.md, "Warm
/// extension processes"). Which callback finds its extension still alive
/// is drawn from SEED, so a run is one run for (scenario, seed, warm seed).
public struct WarmOptions: Sendable, Hashable {
    public var seed: UInt64
    /// A live process is retired (iOS reclaimed it) before one callback in
    /// this many, drawn per callback.
    public var retireOneIn: UInt64 = 8
    /// A process idle this long in emulated time is retired before its
    /// next callback: iOS does not keep an idle extension for ever.
    public var idleLimit: TimeInterval = 15 * 60

    public init(seed: UInt64) { self.seed = seed }

    /// Why a live process does not receive a callback: nil when it does.
    enum Retirement: String {
        /// Idle longer than `idleLimit`.
        case idle
        /// The seeded draw (one in `retireOneIn`).
        case draw
        /// A launch with a fault plan runs cold, alone.
        case coldLaunch = "cold-launch"
        /// It ended while idle (killed from outside): iOS starts another.
        case died
        case runEnd = "run-end"
    }

    /// Whether a live process idle since `lastUsed` still receives launch
    /// `launch`'s callback at `time` (nil), or why not. The draw depends
    /// on the launch number only, not on a stream, so a device resumed on
    /// its root draws the same for the same launch.
    func retirement(lastUsed: Date, launch: Int, at time: Date) -> Retirement? {
        guard time.timeIntervalSince(lastUsed) <= idleLimit else { return .idle }
        var draw = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: launch) &* 0x9E37_79B9_7F4A_7C15))
        return draw.next() % retireOneIn != 0 ? nil : .draw
    }
}
