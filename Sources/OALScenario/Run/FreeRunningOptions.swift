import Foundation

/// How a free-running run goes (`oal-device run --free-running`,
/// docs/PROCESSES.md "Free-running"): the emulated clock runs `speed`
/// times as fast as the wall clock, and the device looks at the device
/// (usage, owed callbacks, the oracle) every `look` emulated seconds.
public struct FreeRunningOptions: Sendable, Hashable {
    /// Emulated seconds per wall-clock second (600: ten minutes a second).
    public var speed: Double
    /// Emulated seconds between two looks of the device.
    public var look: TimeInterval

    public static let defaultSpeed: Double = 600
    /// A slower speed leaves the device nothing to race; a faster one
    /// makes every launch last hours of emulated time.
    public static let speeds: ClosedRange<Double> = 1...100_000

    public init(speed: Double = Self.defaultSpeed, look: TimeInterval = 30) {
        self.speed = speed
        self.look = look
    }
}
