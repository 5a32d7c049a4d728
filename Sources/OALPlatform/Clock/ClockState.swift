import Foundation

/// What the emulated clock says: the instant and the device's time zone.
///
/// Both live in one document because a time-zone change is a clock event
/// like any other: every process must see the new zone at the same instant.
public struct ClockState: Codable, Hashable, Sendable {
    public var now: Date
    public var timeZoneIdentifier: String

    public init(now: Date, timeZoneIdentifier: String) {
        self.now = now
        self.timeZoneIdentifier = timeZoneIdentifier
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
