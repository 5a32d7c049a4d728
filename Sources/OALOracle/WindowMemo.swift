import Foundation
import OALDomain

/// The windows `SpecModel.window` may find on one local day, kept per
/// rule setting for as long as the judged instants stay on that day. Every
/// judgement asks each schedule rule for its window, from several checks,
/// and each search is a handful of calendar calls; in a month's profile
/// they were a third of the judge's time (issue 36). The memo changes no
/// answer: the candidates depend only on these keys, the local day and
/// the calendar's zone, and a new zone starts the memo over.
final class WindowMemo {
    struct Key: Hashable {
        var start: Int
        var end: Int
        var days: DaySet
    }

    private struct Entry {
        /// The local day the candidates were found for, end excluded.
        var day: DateInterval
        var candidates: [(start: Date, end: Date)]
    }

    private var zone: TimeZone?
    private var calendarIdentifier: Calendar.Identifier?
    private var entries: [Key: Entry] = [:]

    /// The candidate windows of `key` for the local day of `instant`,
    /// found by `find` (given the day's first instant) on a new day.
    func candidates(
        _ key: Key, at instant: Date, calendar: Calendar, find: (Date) -> [(start: Date, end: Date)]
    ) -> [(start: Date, end: Date)] {
        if zone != calendar.timeZone || calendarIdentifier != calendar.identifier {
            zone = calendar.timeZone
            calendarIdentifier = calendar.identifier
            entries.removeAll(keepingCapacity: true)
        }
        if let entry = entries[key], entry.day.start <= instant, instant < entry.day.end { return entry.candidates }
        guard let day = calendar.dateInterval(of: .day, for: instant) else {
            return find(calendar.startOfDay(for: instant))
        }
        let found = find(day.start)
        entries[key] = Entry(day: day, candidates: found)
        return found
    }
}
