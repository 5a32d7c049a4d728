import Foundation
import OALDomain
import Testing

@testable import OALOracle

/// The oracle keeps its last day answer (`SpecDays`); whatever order the
/// questions come in, in whichever zones, each answer is what the
/// calendar itself says.
@Suite struct SpecDaysTests {
    private static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    @Test func keptAnswersAreTheCalendarsForEveryZoneAndInstant() {
        let zones = ["Europe/Paris", "Pacific/Auckland", "America/Los_Angeles", "UTC"].map(Self.calendar)
        // Around Paris's and Auckland's 2026 DST changes and midnights,
        // each instant asked in every zone twice in a row, then again later.
        let changes: [TimeInterval] = [1_774_738_800, 1_775_311_200]
        var instants: [Date] = []
        for offset in stride(from: 0.0, to: 36 * 3_600, by: 1_800) {
            for change in changes { instants.append(Date(timeIntervalSince1970: change + offset)) }
        }
        for instant in instants + instants.reversed() {
            for calendar in zones + zones {
                let days = SpecDays(calendar: calendar)
                let parts = calendar.dateComponents([.year, .month, .day], from: instant)
                #expect(days.day(instant) == DayKey(year: parts.year!, month: parts.month!, day: parts.day!))
                #expect(days.start(instant) == calendar.startOfDay(for: instant))
                let before = calendar.dateComponents(
                    [.year, .month, .day], from: calendar.startOfDay(for: instant).addingTimeInterval(-1))
                #expect(
                    days.previousDay(instant) == DayKey(year: before.year!, month: before.month!, day: before.day!))
            }
        }
    }
}
