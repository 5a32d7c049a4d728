import Foundation

/// Trace timestamps (`2026-12-06T18:17:00.000Z`) written and read with
/// integer calendar arithmetic instead of `Date.ISO8601FormatStyle`.
///
/// Every trace line carries one, and the style (with the UTC `TimeZone` it
/// needs) cost more to build and run than the rest of the line. The results
/// must be the style's to the bit, so the fast paths only cover what
/// `TraceTimestampTests` holds against it: instants from 1970 up to 2200,
/// and text of exactly the shape the style writes with in-range fields.
/// Anything else goes to the style itself: dates outside the range, and
/// text the style reads leniently (`02-30`, hour `24`, other offsets).
enum TraceTimestamp {
    /// The checked range, as seconds since the reference date (2001).
    static let earliest: Double = -978_307_200  // 1970-01-01T00:00:00Z
    static let latest: Double = 7_258_118_400 - 978_307_200  // 2200-01-01T00:00:00Z
    private static let unixOffset = 978_307_200
    private static let secondsPerDay = 86_400

    static let style = Date.ISO8601FormatStyle(
        includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!)

    static func format(_ date: Date) -> String {
        fastFormat(date) ?? date.formatted(style)
    }

    static func parse(_ text: String) -> Date? {
        if let date = fastParse(text) { return date }
        return try? style.parse(text)
    }

    /// The style's milliseconds are the nanoseconds of the fraction past
    /// the whole second below, truncated, and so truncated again: `.9999`
    /// is `.999`, never rounded up into the next second.
    static func fastFormat(_ date: Date) -> String? {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval >= earliest, interval < latest else { return nil }
        let whole = interval.rounded(.down)
        let nanoseconds = Int((interval - whole) * 1_000_000_000)
        guard nanoseconds < 1_000_000_000 else { return nil }
        let milliseconds = nanoseconds / 1_000_000
        let unix = Int(whole) + unixOffset
        let (days, secondOfDay) = unix.quotientAndRemainder(dividingBy: secondsPerDay)
        let (year, month, day) = civil(fromDays: days)
        let hour = secondOfDay / 3600
        let minute = secondOfDay / 60 % 60
        let second = secondOfDay % 60
        return String(unsafeUninitializedCapacity: 24) { buffer in
            func put(_ value: Int, _ width: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(month, 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, 2, at: 8)
            buffer[10] = UInt8(ascii: "T")
            put(hour, 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(minute, 2, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(second, 2, at: 17)
            buffer[19] = UInt8(ascii: ".")
            put(milliseconds, 3, at: 20)
            buffer[23] = UInt8(ascii: "Z")
            return 24
        }
    }

    /// The style builds the instant as the day's start plus the time of
    /// day with its fraction, summed in that order; so does this, because
    /// a different order rounds differently before 2001.
    static func fastParse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z")
            else { return nil }
            func number(_ offset: Int, _ width: Int) -> Int? {
                var value = 0
                for index in offset..<(offset + width) {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int(digit)
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                let milliseconds = number(20, 3), (1970...2199).contains(year), (1...12).contains(month),
                day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
            else { return nil }
            let days = Self.days(fromCivil: year, month, day)
            let secondOfDay = hour * 3600 + minute * 60 + second
            let dayStart = Double(days * secondsPerDay - unixOffset)
            return Date(timeIntervalSinceReferenceDate: dayStart + (Double(secondOfDay) + Double(milliseconds) / 1000))
        }
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date (Howard
    /// Hinnant's `civil_from_days`), for days >= 0.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The inverse (`days_from_civil`), for years >= 1970.
    static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = year / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
