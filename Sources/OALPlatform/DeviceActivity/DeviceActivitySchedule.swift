import Foundation

/// When a DeviceActivity is monitored: an interval between two edges, once
/// or every day.
///
/// Emulated rules, chosen to match what the app relies on:
/// - Two times of day: the interval runs from start to end on the same day;
///   `end < start` runs over midnight into the next day; `end == start` is
///   an empty interval (iOS answers `intervalTooShort`, which is why the app
///   never registers the empty after-midnight half of a window ending at
///   00:00).
/// - Two full date-times: one interval at those instants; `repeats` is
///   ignored because such an interval can only happen once.
/// - Any other pair (a weekday, seconds, one full date and one time, ...):
///   an interval starts at each instant matching the start components and
///   ends at the first instant after it matching the end components
///   (`ScheduleComponents`); without `repeats`, only the first one that
///   ends after the registration.
///
/// `warningSeconds` is Apple's `warningTime` as a span: the extension is
/// warned that long before each interval starts and ends, and before each
/// event reaches its threshold (`ActivityRegistration.warningUsage(of:)`). Nil, the default, is no
/// warning; a registry written before warnings existed has none, and a
/// schedule without one is written without the field.
public struct DeviceActivitySchedule: Codable, Hashable, Sendable {
    public var intervalStart: IntervalEdge
    public var intervalEnd: IntervalEdge
    public var repeats: Bool
    public var warningSeconds: Int?

    public init(intervalStart: IntervalEdge, intervalEnd: IntervalEdge, repeats: Bool, warningSeconds: Int? = nil) {
        self.intervalStart = intervalStart
        self.intervalEnd = intervalEnd
        self.repeats = repeats
        self.warningSeconds = warningSeconds
    }

    public static let minimumMinutes = 15
    public static let maximumMinutes = 7 * 24 * 60

    /// Checks the schedule the way `startMonitoring` does, at `now`.
    public func validate(activity: String, calendar: Calendar, now: Date) throws(MonitoringError) {
        if let warningSeconds, warningSeconds < 0 {
            throw .invalidDateComponents(
                activity: activity, detail: "warningTime is \(warningSeconds) s, a warning time cannot be negative")
        }
        guard intervalStart.componentsAreValid, intervalEnd.componentsAreValid else {
            throw .invalidDateComponents(
                activity: activity, detail: "\(intervalStart) – \(intervalEnd) is not a valid time")
        }
        let minutes: Int
        switch (intervalStart, intervalEnd) {
        case (.timeOfDay, .timeOfDay):
            let span = intervalEnd.minuteOfDay - intervalStart.minuteOfDay
            minutes = span < 0 ? span + 24 * 60 : span
        case (.dateTime, .dateTime):
            guard let start = Self.instant(intervalStart, calendar: calendar),
                let end = Self.instant(intervalEnd, calendar: calendar)
            else {
                throw .invalidDateComponents(activity: activity, detail: "\(intervalStart) does not exist")
            }
            minutes = Int((end.timeIntervalSince(start) / 60).rounded(.down))
        default:
            // General components: the first interval from now decides.
            guard let first = generalInterval(containingOrAfter: now, notBefore: now, calendar: calendar) else {
                throw .invalidDateComponents(
                    activity: activity, detail: "no instant after now matches \(intervalStart) – \(intervalEnd)")
            }
            minutes = Int((first.duration / 60).rounded(.down))
        }
        if minutes < Self.minimumMinutes { throw .intervalTooShort(activity: activity, minutes: minutes) }
        if minutes > Self.maximumMinutes { throw .intervalTooLong(activity: activity, minutes: minutes) }
    }

    /// The interval that contains `instant`, or else the first one that
    /// starts after it; nil when the schedule has no interval left (a
    /// one-shot in the past, or one that `notBefore` excludes).
    ///
    /// `notBefore` is the registration time: a non-repeating time-of-day
    /// activity only has the first interval that ends after it.
    public func interval(containingOrAfter instant: Date, notBefore registration: Date, calendar: Calendar)
        -> DateInterval?
    {
        switch (intervalStart, intervalEnd) {
        case (.dateTime, .dateTime):
            guard let start = Self.instant(intervalStart, calendar: calendar),
                let end = Self.instant(intervalEnd, calendar: calendar), end > start, end > instant
            else { return nil }
            return DateInterval(start: start, end: end)
        case (.timeOfDay, .timeOfDay):
            let first = repeats ? instant : max(instant, registration)
            guard let candidate = dailyInterval(endingAfter: first, calendar: calendar) else { return nil }
            if !repeats, let firstEver = dailyInterval(endingAfter: registration, calendar: calendar),
                candidate != firstEver
            {
                return nil
            }
            return candidate
        default:
            return generalInterval(containingOrAfter: instant, notBefore: registration, calendar: calendar)
        }
    }

    /// `interval(containingOrAfter:)` for general components.
    func generalInterval(containingOrAfter instant: Date, notBefore registration: Date, calendar: Calendar)
        -> DateInterval?
    {
        let start = intervalStart.general
        let end = intervalEnd.general
        func interval(startingAt begin: Date) -> DateInterval? {
            guard let finish = end.next(after: begin, calendar: calendar), finish > begin else { return nil }
            return DateInterval(start: begin, end: finish)
        }
        // The one in progress at `from`, else the next to start.
        func first(endingAfter from: Date) -> DateInterval? {
            if let begin = start.previous(atOrBefore: from, calendar: calendar),
                let current = interval(startingAt: begin),
                current.end > from
            {
                return current
            }
            guard let begin = start.next(after: from, calendar: calendar) else { return nil }
            return interval(startingAt: begin)
        }
        if !repeats || (start.isFullDate && end.isFullDate) {
            guard let only = first(endingAfter: registration), only.end > instant else { return nil }
            return only
        }
        return first(endingAfter: instant)
    }

    /// The first daily interval whose end is after `instant`.
    private func dailyInterval(endingAfter instant: Date, calendar: Calendar) -> DateInterval? {
        let today = calendar.startOfDay(for: instant)
        for offset in -1...2 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today),
                let interval = dailyInterval(on: day, calendar: calendar)
            else { continue }
            if interval.end > instant { return interval }
        }
        return nil
    }

    /// The interval that starts on the local day `day`.
    private func dailyInterval(on day: Date, calendar: Calendar) -> DateInterval? {
        guard
            let start = calendar.date(
                bySettingHour: intervalStart.hour, minute: intervalStart.minute, second: 0, of: day)
        else { return nil }
        let crosses = intervalEnd.minuteOfDay < intervalStart.minuteOfDay
        guard let endDay = crosses ? calendar.date(byAdding: .day, value: 1, to: day) : day,
            let end = calendar.date(
                bySettingHour: intervalEnd.hour, minute: intervalEnd.minute, second: 0, of: endDay),
            end > start
        else { return nil }
        return DateInterval(start: start, end: end)
    }

    static func instant(_ time: IntervalEdge, calendar: Calendar) -> Date? {
        guard case .dateTime(let year, let month, let day, let hour, let minute) = time else { return nil }
        return calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
    }
}
