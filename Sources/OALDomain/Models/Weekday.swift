import Foundation

/// A day of the week, numbered as `Calendar` numbers them: 1 is Sunday,
/// 7 is Saturday. Those numbers are what the wire format's `dayNumbers`
/// carry.
public enum Weekday: Int, CaseIterable, Codable, Comparable, Sendable {
    case sunday = 1
    case monday, tuesday, wednesday, thursday, friday, saturday

    /// The weekday `date` falls on in `calendar` (its time zone counts).
    public init(of date: Date, in calendar: Calendar) {
        // Every Foundation calendar numbers weekdays 1...7; Sunday stands
        // in only if a calendar ever breaks that.
        self = Weekday(rawValue: calendar.component(.weekday, from: date)) ?? .sunday
    }

    /// "Mon", as custom day summaries list it.
    public var shortName: String {
        switch self {
        case .sunday: "Sun"
        case .monday: "Mon"
        case .tuesday: "Tue"
        case .wednesday: "Wed"
        case .thursday: "Thu"
        case .friday: "Fri"
        case .saturday: "Sat"
        }
    }

    /// "M", as the day-picker circles show it.
    public var initial: String { String(shortName.prefix(1)) }

    public var isWeekend: Bool { self == .saturday || self == .sunday }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
