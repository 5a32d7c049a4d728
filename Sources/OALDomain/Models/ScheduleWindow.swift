import Foundation

/// One occurrence of a schedule rule's window, as real instants.
///
/// Half-open: active from `start` (inclusive) to `end` (exclusive), so the
/// minute a window ends is already outside it and back-to-back windows never
/// overlap.
public struct ScheduleWindow: Hashable, Codable, Sendable {
    /// The calendar day the window starts on, which is the day whose
    /// enabled/disabled setting governs it.
    public var day: DayKey
    public var start: Date
    public var end: Date

    public init(day: DayKey, start: Date, end: Date) {
        self.day = day
        self.start = start
        self.end = end
    }

    public func contains(_ instant: Date) -> Bool {
        start <= instant && instant < end
    }

    /// False for a window the clock skips entirely (both edges inside a
    /// spring-forward gap), which never happens on that day.
    public var isEmpty: Bool { end <= start }
}
