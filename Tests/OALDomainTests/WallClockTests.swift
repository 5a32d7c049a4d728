import Foundation
import OALDomain
import Testing

/// `WallClock` answers most days by arithmetic (`CalmDay`) and asks
/// `Calendar` only near an offset change. These tests hold it to what
/// `Calendar` alone answers (the reference below, the code `WallClock` ran
/// before the fast path), on every day from a few days before to a few
/// days after each zone's offset changes, and on calm days, at instants with
/// milliseconds (threshold events land on them).
@Suite struct WallClockTests {
    /// Zones whose offsets change in every way the arithmetic must not
    /// take for calm: DST by an hour (New York, Paris) and by half an hour
    /// (Lord Howe), DST at midnight (Santiago, Havana, Beirut), standard
    /// time moved (Volgograd 2020, Pyongyang 2015 and 2018), a skipped day
    /// (Apia 2011), odd offsets (Kolkata, Kathmandu, Chatham, St John's),
    /// and none (UTC).
    static let zones = [
        "America/New_York", "Europe/Paris", "Australia/Lord_Howe", "America/Santiago", "America/Havana",
        "Asia/Beirut", "Europe/Volgograd", "Asia/Pyongyang", "Pacific/Apia", "Asia/Kolkata", "Asia/Kathmandu",
        "Pacific/Chatham", "America/St_Johns", "UTC",
    ]

    /// Every offset change of `zone` between 2011 and 2028, and a calm
    /// stretch (days without one).
    static func probeDays(_ zone: TimeZone) -> [Date] {
        var starts: [Date] = [Fixture.at("2026-11-30T12:00:00Z"), Fixture.at("2026-07-14T12:00:00Z")]
        var cursor = Fixture.at("2011-01-01T00:00:00Z")
        let end = Fixture.at("2028-12-31T00:00:00Z")
        while let change = zone.nextDaylightSavingTimeTransition(after: cursor), change < end {
            starts.append(change)
            cursor = change
        }
        var days: [Date] = []
        for start in starts {
            for hours in stride(from: -80, through: 80, by: 7) {
                days.append(start.addingTimeInterval(Double(hours) * 3600))
            }
        }
        return days
    }

    static func calendar(_ zone: String) -> Calendar {
        Fixture.calendar(zone)
    }

    @Test(arguments: zones) func startOfDayAgreesWithCalendar(_ zone: String) {
        let calendar = Self.calendar(zone)
        for instant in Self.probeDays(calendar.timeZone) {
            for extra in [0.0, 0.001, 59.999, 1799.5] {
                let moment = instant.addingTimeInterval(extra)
                #expect(WallClock.startOfDay(moment, calendar: calendar) == calendar.startOfDay(for: moment))
                for offset in [-1, 1, 7] {
                    #expect(
                        WallClock.startOfDay(offsetBy: offset, from: moment, calendar: calendar)
                            == Reference.startOfDay(offsetBy: offset, from: moment, calendar: calendar),
                        "\(zone) \(moment) offset \(offset)")
                }
            }
        }
    }

    @Test(arguments: zones) func wallTimesAgreeWithCalendar(_ zone: String) {
        let calendar = Self.calendar(zone)
        for instant in Self.probeDays(calendar.timeZone) {
            let dayStart = calendar.startOfDay(for: instant)
            for minutes in [0, 1, 59, 60, 90, 120, 150, 180, 630, 1350, 1439] {
                #expect(
                    WallClock.instant(minutes: minutes, onDayStarting: dayStart, calendar: calendar)
                        == Reference.instant(minutes: minutes, onDayStarting: dayStart, calendar: calendar),
                    "\(zone) \(dayStart) minutes \(minutes)")
            }
        }
    }

    @Test(arguments: zones) func timeOfDayAgreesWithCalendar(_ zone: String) {
        let calendar = Self.calendar(zone)
        for instant in Self.probeDays(calendar.timeZone) {
            for extra in [0.0, 0.001, 0.5, 0.999, 59.999] {
                let moment = instant.addingTimeInterval(extra)
                let fast = WallClock.timeOfDay(moment, calendar: calendar)
                let parts = calendar.dateComponents([.hour, .minute, .second], from: moment)
                #expect(
                    [fast.hour, fast.minute, fast.second] == [parts.hour, parts.minute, parts.second],
                    "\(zone) \(moment)")
            }
        }
    }

    @Test func daysNearAnOffsetChangeAreNotCalm() {
        let newYork = Fixture.newYork
        #expect(CalmDay(containing: Fixture.at("2026-03-08T12:00:00-04:00"), calendar: newYork) == nil)
        #expect(CalmDay(containing: Fixture.at("2026-03-07T12:00:00-05:00"), calendar: newYork) == nil)
        #expect(CalmDay(containing: Fixture.at("2026-03-09T12:00:00-04:00"), calendar: newYork) == nil)
        let calm = CalmDay(containing: Fixture.at("2026-03-12T12:00:00-04:00"), calendar: newYork)
        #expect(calm?.start == Fixture.at("2026-03-12T00:00:00-04:00"))
        #expect(calm?.offset == -4 * 3600)
        // Another calendar than the Gregorian one is never taken for calm.
        var buddhist = Calendar(identifier: .buddhist)
        buddhist.timeZone = TimeZone(identifier: "UTC")!
        #expect(CalmDay(containing: Fixture.at("2026-03-12T12:00:00Z"), calendar: buddhist) == nil)
    }

    /// What `WallClock` computed with `Calendar` alone.
    enum Reference {
        static func startOfDay(offsetBy offset: Int, from instant: Date, calendar: Calendar) -> Date {
            let today = calendar.startOfDay(for: instant)
            guard offset != 0 else { return today }
            guard let shifted = calendar.date(byAdding: .day, value: offset, to: today) else { return today }
            return calendar.startOfDay(for: shifted)
        }

        static func instant(minutes: Int, onDayStarting dayStart: Date, calendar: Calendar) -> Date {
            let nextDay = startOfDay(offsetBy: 1, from: dayStart, calendar: calendar)
            guard
                let candidate = calendar.date(
                    bySettingHour: minutes / 60, minute: minutes % 60, second: 0, of: dayStart,
                    matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
            else { return nextDay }
            if candidate >= nextDay { return nextDay }
            return max(candidate, dayStart)
        }
    }
}
