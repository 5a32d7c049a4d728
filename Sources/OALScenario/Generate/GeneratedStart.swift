import Foundation
import OALDomain

/// Where and when a generated day happens: its zone, its start and end,
/// and the zone's offset change it was drawn next to, if any.
///
/// Half the seeds start on the day before one of the zone's changes in
/// `DayGenerator.referenceYear` (asked of `TimeZone.nextDaylightSavingTimeTransition(after:)`,
/// never of the wall clock), and the run lasts until after the change;
/// a quarter start on or the day before the last day of a month, an
/// eighth on the last days of the year, the rest on any day of it. A
/// zone without changes (Asia/Kolkata, Asia/Kathmandu, Asia/Tokyo, UTC)
/// draws a month end instead of a change.
struct GeneratedStart {
    var zone: String
    var start: Date
    var end: Date
    /// The offset change the day was drawn next to.
    var transition: Date?
    var days: ScenarioCalendar

    /// Why the start was drawn where it is, for the coverage test.
    enum Kind: String, CaseIterable { case transition, monthEnd, yearEnd, anyDay }
    var kind: Kind

    static func draw(_ random: inout SplitMix64) -> GeneratedStart {
        let zone = random.element(of: DayGenerator.zones)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        let year = DayGenerator.referenceYear
        let changes = transitions(of: calendar.timeZone, year: year)
        var kind = Kind.anyDay
        var day: DateComponents
        var transition: Date?
        switch random.int(in: 0..<8) {
        case 0..<4 where !changes.isEmpty:
            kind = .transition
            let change = random.element(of: changes)
            transition = change
            // The local day the clock changes on, and the day before it.
            let local = calendar.dateComponents([.year, .month, .day], from: change)
            day = local
            day.day = (local.day ?? 1) - 1
        case 0..<6:
            kind = .monthEnd
            let month = random.int(in: 1...12)
            let last = calendar.range(
                of: .day, in: .month, for: calendar.date(from: DateComponents(year: year, month: month, day: 1))!)!
                .count
            day = DateComponents(year: year, month: month, day: last - random.int(in: 0...1))
        case 6:
            kind = .yearEnd
            day = DateComponents(year: year, month: 12, day: 31 - random.int(in: 0...1))
        default:
            day = DateComponents(year: year, month: 1, day: random.int(in: 1...365))
        }
        // Normalised through the calendar (day 0 of a month, day 200 of January).
        let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
        let date = calendar.dateComponents([.year, .month, .day], from: noon)
        var hour = random.int(in: 6...20)
        let minute = random.element(of: [0, 0, 15, 30, 45])
        var start: Date?
        while start == nil, hour < 24 {
            start = LocalDateTime(
                date: String(format: "%04d-%02d-%02d", date.year!, date.month!, date.day!),
                time: String(format: "%02d:%02d", hour, minute)
            )?.instant(in: calendar)
            hour += 1
        }
        let first = start ?? noon
        let days = ScenarioCalendar(zone: zone, start: first)
        // The end: a morning of day 2, or of day 3 when the change would
        // not be an hour behind the run by then.
        let endClock = ClockTime(hour: random.int(in: 6...12), minute: 0)
        var end = days.firstInstant(day: 2, endClock) ?? first.addingTimeInterval(86_400)
        if let transition, end < transition.addingTimeInterval(3600) {
            end = days.firstInstant(day: 3, endClock) ?? transition.addingTimeInterval(12 * 3600)
        }
        return GeneratedStart(zone: zone, start: first, end: end, transition: transition, days: days, kind: kind)
    }

    /// The zone's offset changes in `year`, in order.
    static func transitions(of zone: TimeZone, year: Int) -> [Date] {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        guard let from = utc.date(from: DateComponents(year: year, month: 1, day: 1)),
            let to = utc.date(from: DateComponents(year: year + 1, month: 1, day: 1))
        else { return [] }
        var changes: [Date] = []
        var cursor = from
        while changes.count < 8, let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < to {
            changes.append(next)
            cursor = next
        }
        return changes
    }
}
