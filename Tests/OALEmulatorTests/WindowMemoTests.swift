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
}
