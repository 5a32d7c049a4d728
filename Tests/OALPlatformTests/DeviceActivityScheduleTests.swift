import Foundation
import Testing

@testable import OALPlatform

@Suite struct DeviceActivityScheduleTests {
    let calendar = PlatformFixtures.calendar()

    @Test func refusesIntervalsUnderFifteenMinutes() {
        #expect(throws: MonitoringError.intervalTooShort(activity: "a", minutes: 14)) {
            try PlatformFixtures.daily((9, 0), (9, 14)).validate(activity: "a", calendar: calendar)
        }
        #expect(throws: Never.self) {
            try PlatformFixtures.daily((9, 0), (9, 15)).validate(activity: "a", calendar: calendar)
        }
    }

    @Test func equalEdgesAreAnEmptyInterval() {
        // The after-midnight half of a window ending at 00:00 would be
        // 00:00–00:00; iOS refuses it, which is why the app never sends it.
        #expect(throws: MonitoringError.intervalTooShort(activity: "sched2-x", minutes: 0)) {
            try PlatformFixtures.daily((0, 0), (0, 0)).validate(activity: "sched2-x", calendar: calendar)
        }
    }

    @Test func refusesIntervalsLongerThanAWeek() {
        let start = IntervalEdge.dateTime(year: 2026, month: 11, day: 1, hour: 0, minute: 0)
        let end = IntervalEdge.dateTime(year: 2026, month: 11, day: 8, hour: 0, minute: 1)
        let schedule = DeviceActivitySchedule(intervalStart: start, intervalEnd: end, repeats: false)
        #expect(throws: MonitoringError.self) { try schedule.validate(activity: "long", calendar: calendar) }
    }

    @Test func refusesMixedOrImpossibleComponents() {
        let mixed = DeviceActivitySchedule(
            intervalStart: .timeOfDay(hour: 9, minute: 0),
            intervalEnd: .dateTime(year: 2026, month: 11, day: 30, hour: 10, minute: 0), repeats: false)
        #expect(throws: MonitoringError.self) { try mixed.validate(activity: "m", calendar: calendar) }
        let impossible = PlatformFixtures.daily((24, 0), (25, 0))
        #expect(throws: MonitoringError.self) { try impossible.validate(activity: "i", calendar: calendar) }
    }

    @Test func dailyIntervalCrossingMidnightEndsNextDay() throws {
        let schedule = PlatformFixtures.daily((22, 0), (6, 0))
        let at2330 = PlatformFixtures.at(2026, 11, 30, 23, 30)
        let interval = try #require(
            schedule.interval(containingOrAfter: at2330, notBefore: .distantPast, calendar: calendar))
        #expect(interval.start == PlatformFixtures.at(2026, 11, 30, 22, 0))
        #expect(interval.end == PlatformFixtures.at(2026, 12, 1, 6, 0))
        // 05:59 the next morning still belongs to the interval that started
        // the evening before.
        let at0559 = PlatformFixtures.at(2026, 12, 1, 5, 59)
        let morning = try #require(
            schedule.interval(containingOrAfter: at0559, notBefore: .distantPast, calendar: calendar))
        #expect(morning == interval)
    }

    @Test func dailyIntervalFollowsWallClockAcrossDST() throws {
        // 2026-03-08 is the spring-forward day in New York: the interval
        // 00:00–23:59 is an hour shorter in absolute time, not shifted.
        let schedule = PlatformFixtures.daily((0, 0), (23, 59))
        let noon = PlatformFixtures.at(2026, 3, 8, 12, 0)
        let interval = try #require(
            schedule.interval(containingOrAfter: noon, notBefore: .distantPast, calendar: calendar))
        #expect(interval.start == PlatformFixtures.at(2026, 3, 8, 0, 0))
        #expect(interval.end == PlatformFixtures.at(2026, 3, 8, 23, 59))
        #expect(interval.duration == Double((23 * 60 + 59 - 60) * 60))
    }

    @Test func oneShotTimeOfDayHasOnlyItsFirstInterval() throws {
        let schedule = PlatformFixtures.daily((9, 0), (10, 0), repeats: false)
        let registered = PlatformFixtures.at(2026, 11, 30, 9, 30)
        let first = try #require(
            schedule.interval(containingOrAfter: registered, notBefore: registered, calendar: calendar))
        #expect(first.start == PlatformFixtures.at(2026, 11, 30, 9, 0))
        let nextDay = PlatformFixtures.at(2026, 12, 1, 9, 30)
        #expect(schedule.interval(containingOrAfter: nextDay, notBefore: registered, calendar: calendar) == nil)
    }

    @Test func dateTimeIntervalHappensOnce() throws {
        let start = PlatformFixtures.at(2026, 11, 30, 23, 55)
        let end = start.addingTimeInterval(15 * 60)
        let schedule = DeviceActivitySchedule(
            intervalStart: .dateTime(of: start, in: calendar), intervalEnd: .dateTime(of: end, in: calendar),
            repeats: false)
        try schedule.validate(activity: "open-session", calendar: calendar)
        let interval = try #require(
            schedule.interval(containingOrAfter: start, notBefore: start, calendar: calendar))
        #expect(interval.end == PlatformFixtures.at(2026, 12, 1, 0, 10))
        #expect(schedule.interval(containingOrAfter: end, notBefore: start, calendar: calendar) == nil)
    }
}
