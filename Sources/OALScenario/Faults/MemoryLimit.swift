import Foundation

/// A `memory-limit TARGET MB` fault as armed: iOS's jetsam limit for one
/// kind of process (docs/FAULTS.md, "Memory limits").
public struct MemoryLimit: Codable, Hashable, Sendable {
    public var target: FaultTarget
    /// The limit in KiB (MB is MiB, as iOS's jetsam limits are).
    public var kibibytes: Int
    /// What is held to it (optional: older state files have none).
    public var measured: MemoryMeasure?
    public var text: String

    public var measure: MemoryMeasure { measured ?? .resident }

    /// The processes the device launches one launch at a time: the app's
    /// taps and the three extensions. Not the app's foreground loop (a
    /// process the device only hands ticks to) nor the device itself.
    public static let targets: [FaultTarget] = [.app, .monitor, .shieldConfig, .shieldAction]

    public init(target: FaultTarget, megabytes: Double, measure: MemoryMeasure, text: String) {
        self.target = target
        kibibytes = max(1, Int((megabytes * 1024).rounded()))
        measured = measure
        self.text = text
    }

    /// `6`, not `6.0`; `6.5` as given.
    public static func text(_ megabytes: Double) -> String {
        megabytes == megabytes.rounded() ? String(Int(megabytes)) : String(megabytes)
    }
}

/// Which figure a `memory-limit` holds to the limit.
public enum MemoryMeasure: String, Codable, Hashable, Sendable {
    /// The peak resident set (`VmHWM`), the shared libraries' pages
    /// included: the figure `launch.end` records as `peakKiB`.
    case resident
    /// The private (anonymous) resident memory (`RssAnon`), without the
    /// libraries' file pages: nearer what iOS's jetsam counts (a process's
    /// footprint leaves out the clean pages of the shared system libraries).
    case `private`
}
