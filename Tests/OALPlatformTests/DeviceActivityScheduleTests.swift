import Foundation
import Testing

@testable import OALPlatform

@Suite struct DeviceActivityScheduleTests {
    let calendar = PlatformFixtures.calendar()

    @Test func refusesIntervalsUnderFifteenMinutes() {
        #expect(throws: MonitoringError.intervalTooShort(activity: "a", minutes: 14)) {
            try PlatformFixtures.daily((9, 0), (9, 14)).validate(
                activity: "a", calendar: calendar, now: PlatformFixtures.at(2026, 11, 30, 8, 0))
        }
        #expect(throws: Never.self) {
            try PlatformFixtures.daily((9, 0), (9, 15)).validate(
                activity: "a", calendar: calendar, now: PlatformFixtures.at(2026, 11, 30, 8, 0))
        }
    }

    @Test func equalEdgesAreAnEmptyInterval() {
        // The after-midnight half of a window ending at 00:00 would be
        // 00:00–00:00; iOS refuses it, which is why the app never sends it.
        #expect(throws: MonitoringError.intervalTooShort(activity: "sched2-x", minutes: 0)) {
            try PlatformFixtures.daily((0, 0), (0, 0)).validate(
                activity: "sched2-x", calendar: calendar, now: PlatformFixtures.at(2026, 11, 30, 8, 0))
        }
    }

    @Test func refusesIntervalsLongerThanAWeek() {
        let start = IntervalEdge.dateTime(year: 2026, month: 11, day: 1, hour: 0, minute: 0)
        let end = IntervalEdge.dateTime(year: 2026, month: 11, day: 8, hour: 0, minute: 1)
        let schedule = DeviceActivitySchedule(intervalStart: start, intervalEnd: end, repeats: false)
        #expect(throws: MonitoringError.self) {
            try schedule.validate(activity: "long", calendar: calendar, now: PlatformFixtures.at(2026, 11, 30, 8, 0))
        }
    }

    @Test func refusesImpossibleComponents() {
        let impossible = PlatformFixtures.daily((24, 0), (25, 0))
        #expect(throws: MonitoringError.self) {
            try impossible.validate(activity: "i", calendar: calendar, now: PlatformFixtures.at(2026, 11, 30, 8, 0))
        }
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
        try schedule.validate(
            activity: "open-session", calendar: calendar, now: PlatformFixtures.at(2026, 11, 30, 8, 0))
        let interval = try #require(
            schedule.interval(containingOrAfter: start, notBefore: start, calendar: calendar))
        #expect(interval.end == PlatformFixtures.at(2026, 12, 1, 0, 10))
        #expect(schedule.interval(containingOrAfter: end, notBefore: start, calendar: calendar) == nil)
    }

    // Apple's schedules take any date components (the DeviceActivitySchedule
    // and `invalidDateComponents` docs); an edge matches as the calendar's
    // `nextDate(after:matching:)` does.

    @Test func aWeekdayMakesAWeeklySchedule() throws {
        // 2026-11-30 is a Monday (weekday 2).
        let schedule = DeviceActivitySchedule(
            intervalStart: .components(ScheduleComponents(weekday: 2, hour: 9, minute: 0)),
            intervalEnd: .components(ScheduleComponents(weekday: 2, hour: 17, minute: 0)), repeats: true)
        let sunday = PlatformFixtures.at(2026, 11, 29, 12, 0)
        try schedule.validate(activity: "weekly", calendar: calendar, now: sunday)
        let next = try #require(schedule.interval(containingOrAfter: sunday, notBefore: sunday, calendar: calendar))
        #expect(next.start == PlatformFixtures.at(2026, 11, 30, 9, 0))
        #expect(next.end == PlatformFixtures.at(2026, 11, 30, 17, 0))
        // Tuesday: the next interval is the following Monday, not Tuesday.
        let tuesday = PlatformFixtures.at(2026, 12, 1, 10, 0)
        let following = try #require(
            schedule.interval(containingOrAfter: tuesday, notBefore: sunday, calendar: calendar))
        #expect(following.start == PlatformFixtures.at(2026, 12, 7, 9, 0))
    }

    @Test func secondsAreHonoured() throws {
        let start = PlatformFixtures.at(2026, 11, 30, 13, 0).addingTimeInterval(30)
        let schedule = DeviceActivitySchedule(
            intervalStart: .components(
                ScheduleComponents(year: 2026, month: 11, day: 30, hour: 13, minute: 0, second: 30)),
            intervalEnd: .components(
                ScheduleComponents(year: 2026, month: 11, day: 30, hour: 13, minute: 16, second: 30)),
            repeats: false)
        try schedule.validate(activity: "session", calendar: calendar, now: start)
        let interval = try #require(schedule.interval(containingOrAfter: start, notBefore: start, calendar: calendar))
        #expect(interval.start == start)
        #expect(interval.end == start.addingTimeInterval(16 * 60))
        // Once it has ended there is no other.
        #expect(schedule.interval(containingOrAfter: interval.end, notBefore: start, calendar: calendar) == nil)
    }

    @Test func mixedShapesAreAcceptedAndFire() throws {
        // A daily start and a full-date end: iOS accepts it. As for a daily
        // window open at registration, the interval in progress is the one
        // that started at the last 09:00.
        let now = PlatformFixtures.at(2026, 11, 30, 9, 30)
        let mixed = DeviceActivitySchedule(
            intervalStart: .components(ScheduleComponents(hour: 9, minute: 0, second: 0)),
            intervalEnd: .dateTime(year: 2026, month: 11, day: 30, hour: 10, minute: 0), repeats: false)
        try mixed.validate(activity: "m", calendar: calendar, now: now)
        let interval = try #require(mixed.interval(containingOrAfter: now, notBefore: now, calendar: calendar))
        #expect(interval.start == PlatformFixtures.at(2026, 11, 30, 9, 0))
        #expect(interval.end == PlatformFixtures.at(2026, 11, 30, 10, 0))
    }

    @Test func componentsThatNeverMatchAreInvalid() {
        let never = DeviceActivitySchedule(
            intervalStart: .components(ScheduleComponents(month: 2, day: 30, hour: 9)),
            intervalEnd: .components(ScheduleComponents(month: 2, day: 30, hour: 10)), repeats: true)
        #expect(throws: MonitoringError.self) {
            try never.validate(activity: "never", calendar: calendar, now: PlatformFixtures.at(2026, 11, 30, 8, 0))
        }
    }
}
