import Foundation

/// What the emulated clock says: the instant and the device's time zone.
///
/// Both live in one document because a time-zone change is a clock event
/// like any other: every process must see the new zone at the same instant.
///
/// A free-running device (docs/PROCESSES.md, "Free-running") also writes
/// `speed` and `runningSince`: `now` is then the emulated instant at the
/// wall-clock instant `runningSince`, and the clock runs `speed` times as
/// fast as the wall clock from there. Every read computes the instant
/// (`EmulatedClock.state()`), so a process sees time pass while it runs.
/// Both are absent in lockstep, where the document stays as it was.
public struct ClockState: Codable, Hashable, Sendable {
    public var now: Date
    public var timeZoneIdentifier: String
    /// Emulated seconds per wall-clock second, free-running only.
    public var speed: Double?
    /// The wall-clock instant `now` was read at, free-running only.
    public var runningSince: Date?

    public init(now: Date, timeZoneIdentifier: String, speed: Double? = nil, runningSince: Date? = nil) {
        self.now = now
        self.timeZoneIdentifier = timeZoneIdentifier
        self.speed = speed
        self.runningSince = runningSince
    }

    /// The state at wall-clock instant `wall`: a running clock advanced
    /// by the wall time since its anchor times its speed; a set clock as is.
    public func reading(at wall: Date) -> ClockState {
        guard let speed, let runningSince else { return self }
        var state = self
        state.now = now.addingTimeInterval(wall.timeIntervalSince(runningSince) * speed)
        return state
    }

    /// The Gregorian calendar in the device's zone, as every process uses it.
    public func calendar() throws(ClockError) -> Calendar {
        guard let zone = TimeZone(identifier: timeZoneIdentifier) else {
            throw .unknownTimeZone(timeZoneIdentifier)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
}

public enum ClockError: Error, Equatable, CustomStringConvertible {
    case unknownTimeZone(String)
    case notSet(path: String)

    public var description: String {
        switch self {
        case .unknownTimeZone(let id): "unknown time zone '\(id)'"
        case .notSet(let path): "the emulated clock has not been set (\(path) is missing); start oal-device first"
        }
    }
}
