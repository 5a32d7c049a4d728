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
    /// The next start found after `from`: the answer for every instant
    /// from `from` up to it (a start in between would have been found).
    private var nextStarts: [Key: (from: Date, start: Date)] = [:]

    /// The candidate windows of `key` for the local day of `instant`,
    /// found by `find` (given the day's first instant) on a new day.
    func candidates(
        _ key: Key, at instant: Date, calendar: Calendar, find: (Date) -> [(start: Date, end: Date)]
    ) -> [(start: Date, end: Date)] {
        startOver(unlessIn: calendar)
        if let entry = entries[key], entry.day.start <= instant, instant < entry.day.end { return entry.candidates }
        guard let day = calendar.dateInterval(of: .day, for: instant) else {
            return find(calendar.startOfDay(for: instant))
        }
        let found = find(day.start)
        entries[key] = Entry(day: day, candidates: found)
        return found
    }

    /// The first start of `key` after `instant` (a schedule's window
    /// start, a limit's next enabled day), found by `find` unless an
    /// earlier instant's answer still lies ahead. None found is not kept.
    func nextStart(_ key: Key, after instant: Date, calendar: Calendar, find: () -> Date?) -> Date? {
        startOver(unlessIn: calendar)
        if let known = nextStarts[key], known.from <= instant, instant < known.start { return known.start }
        let start = find()
        if let start { nextStarts[key] = (instant, start) }
        return start
    }

    /// A new zone (or calendar) places every day anew.
    private func startOver(unlessIn calendar: Calendar) {
        guard zone != calendar.timeZone || calendarIdentifier != calendar.identifier else { return }
        zone = calendar.timeZone
        calendarIdentifier = calendar.identifier
        entries.removeAll(keepingCapacity: true)
        nextStarts.removeAll(keepingCapacity: true)
    }
}
