import Foundation

/// A local time as output shows it, `2026-11-01 01:30`, with its UTC offset
/// wherever the wall clock alone could mean two instants: in the repeated
/// hour of a fall back, and in a run whose device changed zones.
public enum LocalTimeText {
    /// - Parameter travelled: the device changed zones in this run, so
    ///   no local time is plain without its offset.
    public static func text(_ date: Date, _ calendar: Calendar, travelled: Bool = false) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let text = "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
        return travelled || repeatedWallTime(date, calendar.timeZone)
            ? text + " (UTC\(offsetText(date, calendar.timeZone)))" : text
    }

    /// Whether the wall clock shows `date`'s time twice that day: it lies
    /// in the repeated hour (or half hour) of a fall back, so "01:30" alone
    /// would not say which one.
    public static func repeatedWallTime(_ date: Date, _ zone: TimeZone) -> Bool {
        let window: TimeInterval = 3 * 3600
        guard zone.secondsFromGMT(for: date - window) != zone.secondsFromGMT(for: date + window),
            let change = zone.nextDaylightSavingTimeTransition(after: date - window), change <= date + window
        else { return false }
        let setBack = TimeInterval(zone.secondsFromGMT(for: change - 1) - zone.secondsFromGMT(for: change))
        let since = date.timeIntervalSince(change)
        return setBack > 0 && since >= -setBack && since < setBack
    }

    /// `+01:00`, `-05:00`: the zone's offset from UTC at `date`.
    public static func offsetText(_ date: Date, _ zone: TimeZone) -> String {
        let seconds = zone.secondsFromGMT(for: date)
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}
