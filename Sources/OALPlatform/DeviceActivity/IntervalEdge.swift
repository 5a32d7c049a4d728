import Foundation

/// One edge of a DeviceActivity schedule, as the date components the app
/// passes to `DeviceActivitySchedule`.
///
/// The emulator's own app uses two shapes: a time of day (hour and
/// minute, for the repeating daily activities) and a full local date and
/// time (for the one-shot open session), which keep their fast, exact
/// arithmetic here. Any other set of components (a weekday, seconds, a
/// date with no time) is `components`, matched as Apple's calendar
/// matches them.
public enum IntervalEdge: Codable, Hashable, Sendable, CustomStringConvertible {
    case timeOfDay(hour: Int, minute: Int)
    case dateTime(year: Int, month: Int, day: Int, hour: Int, minute: Int)
    case components(ScheduleComponents)

    public var hour: Int {
        switch self {
        case .timeOfDay(let hour, _), .dateTime(_, _, _, let hour, _): hour
        case .components(let components): components.hour ?? 0
        }
    }

    public var minute: Int {
        switch self {
        case .timeOfDay(_, let minute), .dateTime(_, _, _, _, let minute): minute
        case .components(let components): components.minute ?? 0
        }
    }

    /// The edge as general components (every shape has them).
    public var general: ScheduleComponents {
        switch self {
        case .timeOfDay(let hour, let minute): ScheduleComponents(hour: hour, minute: minute, second: 0)
        case .dateTime(let year, let month, let day, let hour, let minute):
            ScheduleComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: 0)
        case .components(let components): components
        }
    }

    /// Minutes from midnight of the time of day this edge names.
    public var minuteOfDay: Int { hour * 60 + minute }

    public var componentsAreValid: Bool {
        if case .components(let components) = self { return components.isValid }
        guard (0...23).contains(hour), (0...59).contains(minute) else { return false }
        if case .dateTime(let year, let month, let day, _, _) = self {
            return (1...9999).contains(year) && (1...12).contains(month) && (1...31).contains(day)
        }
        return true
    }

    /// The full local date-time components for an instant, as the app builds
    /// them for a one-shot activity.
    public static func dateTime(of instant: Date, in calendar: Calendar) -> IntervalEdge {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return .dateTime(
            year: parts.year ?? 1, month: parts.month ?? 1, day: parts.day ?? 1,
            hour: parts.hour ?? 0, minute: parts.minute ?? 0)
    }

    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        switch self {
        case .timeOfDay(let hour, let minute):
            return "\(two(hour)):\(two(minute))"
        case .dateTime(let year, let month, let day, let hour, let minute):
            return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute))"
        case .components(let components):
            return "{\(components)}"
        }
    }
}
