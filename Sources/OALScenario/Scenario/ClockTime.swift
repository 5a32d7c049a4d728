import Foundation

/// A wall-clock time of day as scenarios write it: `HH:MM` or `HH:MM:SS`.
public struct ClockTime: Hashable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2 || parts.count == 3, let hour = parts[0], let minute = parts[1],
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = parts.count == 3 ? parts[2] : 0
        guard let second, (0...59).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Why a word written as a time (`HH:MM` or `HH:MM:SS`, digits) is not
    /// a time of day, naming each field out of range: `25:99 is not a time
    /// of day: hour 25 is not 0-23, minute 99 is not 0-59 (HH:MM or
    /// HH:MM:SS)`. Nil for a valid time, and for a word not written as one
    /// at all (the caller's usage message says what was expected there).
    public static func problem(_ text: String) -> String? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3,
            fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let names = ["hour", "minute", "second"]
        let ranges = [0...23, 0...59, 0...59]
        var wrong: [String] = []
        for (index, field) in fields.enumerated() where !ranges[index].contains(Int(field) ?? -1) {
            wrong.append("\(names[index]) \(field) is not \(ranges[index].lowerBound)-\(ranges[index].upperBound)")
        }
        guard !wrong.isEmpty else { return nil }
        return "\(text) is not a time of day: \(wrong.joined(separator: ", ")) (HH:MM or HH:MM:SS)"
    }

    /// A time of day from its parts (hour 0–23, minute and second 0–59).
    public init(hour: Int, minute: Int, second: Int = 0) {
        precondition((0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second))
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// Whether `date` reads as this time on a wall clock in `calendar`; false
    /// for a time a daylight-saving gap skips, which Foundation would
    /// silently move to another hour.
    public func names(_ date: Date, in calendar: Calendar) -> Bool {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return parts.hour == hour && parts.minute == minute && parts.second == second
    }

    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return second == 0 ? "\(two(hour)):\(two(minute))" : "\(two(hour)):\(two(minute)):\(two(second))"
    }
}

/// `yyyy-MM-dd HH:MM` in the scenario's zone.
public struct LocalDateTime: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var clock: ClockTime

    public init?(date: String, time: String) {
        let parts = date.split(separator: "-").map { Int($0) }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2],
            (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day), let clock = ClockTime(time)
        else { return nil }
        (self.year, self.month, self.day, self.clock) = (year, month, day, clock)
    }

    public func instant(in calendar: Calendar) -> Date? {
        let components = DateComponents(
            year: year, month: month, day: day, hour: clock.hour, minute: clock.minute, second: clock.second)
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day, clock.names(date, in: calendar)
        else { return nil }
        return date
    }
}

/// Which instant a line's time names when the wall clock shows it twice
/// (the repeated hour of a fall back): `(first)`, `(second)`, or the
/// offset the emulator prints beside such a time, `(UTC-05:00)`.
public enum Occurrence: Hashable, Sendable {
    case first
    case second
    case offset(seconds: Int)

    public static let usage = "(first), (second) or (UTC±HH:MM)"

    /// Nil for a word that is not in parentheses (the action's first word).
    /// Throws nothing: a parenthesised word it cannot read is `.invalid`.
    public init?(word: String) {
        guard word.hasPrefix("("), word.hasSuffix(")"), word.count > 2 else { return nil }
        let inner = word.dropFirst().dropLast()
        switch inner {
        case "first": self = .first
        case "second": self = .second
        default:
            guard inner.hasPrefix("UTC"), inner.count == 9, let sign = inner.dropFirst(3).first,
                sign == "+" || sign == "-"
            else { return nil }
            let parts = inner.dropFirst(4).split(separator: ":")
            guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let hours = Int(parts[0]),
                let minutes = Int(parts[1]), hours <= 14, minutes < 60
            else { return nil }
            self = .offset(seconds: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
        }
    }

    /// `+HH:MM` / `-HH:MM` for `seconds` from UTC.
    public static func offsetText(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "UTC\(seconds < 0 ? "-" : "+")\(two(magnitude / 3600)):\(two(magnitude % 3600 / 60))"
    }

    /// The instant the wall clock shows `first`'s time again, after a set
    /// back within the next few hours; nil when it shows it once.
    public static func secondInstant(after first: Date, in calendar: Calendar) -> Date? {
        let zone = calendar.timeZone
        guard let change = zone.nextDaylightSavingTimeTransition(after: first),
            change.timeIntervalSince(first) <= 3 * 3600
        else { return nil }
        let setBack = TimeInterval(
            zone.secondsFromGMT(for: change.addingTimeInterval(-1)) - zone.secondsFromGMT(for: change))
        guard setBack > 0 else { return nil }
        let second = first.addingTimeInterval(setBack)
        let shown = calendar.dateComponents([.hour, .minute, .second], from: first)
        let again = calendar.dateComponents([.hour, .minute, .second], from: second)
        return second >= change && shown == again ? second : nil
    }
}
