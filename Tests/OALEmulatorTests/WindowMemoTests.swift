import Foundation
import OALDomain
import Testing

@testable import OALOracle

/// The oracle's window memo (issue 36) must change no answer: a model that
/// shares one memo across instants, zones and rules finds the same window
/// as one that searches every time, on daylight-saving days too.
@Suite struct WindowMemoTests {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// Instants in order for each zone (the memo's day reused), then the
    /// zones interleaved at each instant (the memo started over each time).
    @Test(arguments: [true, false]) func aSharedMemoFindsWhatASearchFinds(zoneByZone: Bool) {
        let memo = WindowMemo()
        // Both 2026 changes in Europe (29 March, 25 October) and in North
        // America (8 March, 1 November), and a zone on the half hour.
        let zones = ["Europe/Paris", "America/St_Johns", "America/New_York", "UTC"]
        let windows: [(Int, Int)] = [
            (22 * 60 + 30, 6 * 60 + 30), (2 * 60 + 30, 3 * 60 + 30), (9 * 60 + 5, 17 * 60 + 45),
        ]
        let days: [DaySet] = [.everyDay, .weekdays, .weekends]
        let starts = [1_772_841_600, 1_774_656_000, 1_792_800_000, 1_793_404_800]  // 7 Mar, 28 Mar, 24 Oct, 31 Oct
        let instants = starts.flatMap { start in
            stride(from: 0, to: 3 * 86_400, by: 1_260).map { Date(timeIntervalSince1970: TimeInterval(start + $0)) }
        }  // every 21 minutes for 3 days from each start
        let order: [(String, Date)] =
            zoneByZone
            ? zones.flatMap { zone in instants.map { (zone, $0) } }
            : instants.flatMap { instant in zones.map { ($0, instant) } }
        var compared = 0
        for (zone, instant) in order {
            let searching = SpecModel(calendar: Self.calendar(zone))
            let memoized = SpecModel(calendar: Self.calendar(zone), windows: memo)
            for (from, to) in windows {
                for set in days {
                    let found = searching.window(start: from, end: to, days: set, containing: instant)
                    let kept = memoized.window(start: from, end: to, days: set, containing: instant)
                    #expect(
                        found?.start == kept?.start && found?.end == kept?.end,
                        "\(zone) \(instant) \(from)–\(to) \(set)")
                    compared += 1
                }
            }
        }
        #expect(compared > 10_000)
    }

    /// The next start too (the status labels' "Starts in"): schedules and
    /// limits on some days, every 17 minutes across the DST days above and
    /// Santiago's skipped midnight (2027-09-05), asked in order as a run
    /// asks, with the memo shared.
    @Test func aSharedMemoFindsTheNextStartASearchFinds() throws {
        let memo = WindowMemo()
        let zones = ["Europe/Paris", "America/St_Johns", "America/Santiago"]
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        var rules: [Rule] = []
        for days in [DaySet.everyDay, .weekdays, .weekends] {
            for (from, to) in [(22 * 60 + 30, 6 * 60 + 30), (2 * 60 + 40, 3 * 60), (0, 90), (9 * 60 + 5, 17 * 60 + 45)]
            {
                rules.append(
                    Rule(
                        id: UUID(), name: "S", isEnabled: true, days: days, pausedUntil: nil, createdAt: created,
                        configuration: .schedule(try ScheduleConfig(startMinutes: from, endMinutes: to))))
            }
            rules.append(
                Rule(
                    id: UUID(), name: "L", isEnabled: true, days: days, pausedUntil: nil, createdAt: created,
                    configuration: .openLimit(try OpenLimitConfig(maxOpens: 1))))
        }
        let starts = [1_774_656_000, 1_792_800_000, 1_820_361_600]  // 28 Mar 2026, 24 Oct 2026, 4 Sep 2027
        var compared = 0
        for zone in zones {
            let searching = SpecModel(calendar: Self.calendar(zone))
            let memoized = SpecModel(calendar: Self.calendar(zone), windows: memo)
            for start in starts {
                for step in stride(from: 0, to: 3 * 86_400, by: 1_020) {
                    let instant = Date(timeIntervalSince1970: TimeInterval(start + step))
                    for rule in rules {
                        #expect(
                            searching.nextStart(rule, after: instant) == memoized.nextStart(rule, after: instant),
                            "\(zone) \(instant) \(rule.configuration) \(rule.days)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 10_000)
    }
}
