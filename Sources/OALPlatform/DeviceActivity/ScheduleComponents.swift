import Foundation

/// The date components of a schedule edge in Apple's general form: any of
/// year, month, day, weekday, hour, minute and second. An edge matches the
/// next instant that has every given component (smaller ones not given are
/// zero), as `Calendar.nextDate(after:matching:)` finds it: `weekday` 2 and
/// hour 9 is every Monday at 09:00:00; hour 9, minute 0, second 30 is every
/// day at 09:00:30.
public struct ScheduleComponents: Codable, Hashable, Sendable, CustomStringConvertible {
    public var year: Int?
    public var month: Int?
    public var day: Int?
    /// 1 is Sunday, as in Apple's Gregorian calendar.
    public var weekday: Int?
    public var hour: Int?
    public var minute: Int?
    public var second: Int?

    public init(
        year: Int? = nil, month: Int? = nil, day: Int? = nil, weekday: Int? = nil, hour: Int? = nil,
        minute: Int? = nil, second: Int? = nil
    ) {
        self.year = year
        self.month = month
        self.day = day
        self.weekday = weekday
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public var dateComponents: DateComponents {
        DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, weekday: weekday)
    }

    /// A full date: it matches one instant only.
    public var isFullDate: Bool { year != nil && month != nil && day != nil }

    /// Every component in range, and at least one given.
    public var isValid: Bool {
        let checks: [(Int?, ClosedRange<Int>)] = [
            (year, 1...9999), (month, 1...12), (day, 1...31), (weekday, 1...7), (hour, 0...23), (minute, 0...59),
            (second, 0...59),
        ]
        let given = checks.filter { $0.0 != nil }
        return !given.isEmpty && given.allSatisfy { $0.1.contains($0.0!) }
    }

    /// The first instant after `instant` (strictly) that has these components.
    public func next(after instant: Date, calendar: Calendar) -> Date? {
        calendar.nextDate(after: instant, matching: dateComponents, matchingPolicy: .nextTime, direction: .forward)
    }

    /// The last instant at or before `instant` that has these components.
    public func previous(atOrBefore instant: Date, calendar: Calendar) -> Date? {
        if let exact = calendar.nextDate(
            after: instant.addingTimeInterval(-1), matching: dateComponents, matchingPolicy: .nextTime,
            direction: .forward), exact == instant
        {
            return exact
        }
        return calendar.nextDate(
            after: instant, matching: dateComponents, matchingPolicy: .nextTime, direction: .backward)
    }

    public var description: String {
        var parts: [String] = []
        if let year { parts.append("year \(year)") }
        if let month { parts.append("month \(month)") }
        if let day { parts.append("day \(day)") }
        if let weekday { parts.append("weekday \(weekday)") }
        if let hour { parts.append("hour \(hour)") }
        if let minute { parts.append("minute \(minute)") }
        if let second { parts.append("second \(second)") }
        return parts.joined(separator: " ")
    }
}
