import Foundation

/// A `memory-limit TARGET MB` fault as armed: iOS's jetsam limit for one
/// kind of process (docs/FAULTS.md, "Memory limits").
struct MemoryLimit: Codable, Hashable, Sendable {
    var target: FaultTarget
    /// The limit in KiB (MB is MiB, as iOS's jetsam limits are).
    var kibibytes: Int
    var text: String

    /// The processes the device launches one launch at a time: the app's
    /// taps and the three extensions. Not the app's foreground loop (a
    /// process the device only hands ticks to) nor the device itself.
    static let targets: [FaultTarget] = [.app, .monitor, .shieldConfig, .shieldAction]

    init(target: FaultTarget, megabytes: Double, text: String) {
        self.target = target
        kibibytes = max(1, Int((megabytes * 1024).rounded()))
        self.text = text
    }

    /// `6`, not `6.0`; `6.5` as given.
    static func text(_ megabytes: Double) -> String {
        megabytes == megabytes.rounded() ? String(Int(megabytes)) : String(megabytes)
    }
}
