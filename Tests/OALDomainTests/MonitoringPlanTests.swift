import Foundation
import OALDomain
import Testing

@Suite struct MonitoringPlanTests {
    func time(_ hour: Int, _ minute: Int) -> ActivityTime { ActivityTime(hour: hour, minute: minute) }

    /// The app's plan: a time limit holds the activity of one day, named
    /// after it, spanning that local day, not repeating.
    @Test func timeLimitGetsTheActivityOfItsDayWithOneEventPerBudgetMinute() throws {
        let now = Fixture.at("2026-11-30T15:00:00Z")  // a Monday
        let plan = MonitoringPlan.plan(for: [Fixture.timeLimit(3)], at: now, calendar: Fixture.utc)
        #expect(plan.activities.count == 1)
        let activity = plan.activities[0]
        let day = try #require(DayKey("2026-11-30"))
        #expect(activity.name == .limitDay(Fixture.ruleA, day))
        #expect(activity.name.rawValue == "rule-00000000-0000-0000-0000-00000000000A-2026-11-30")
        #expect(activity.name.day == day)
        let next = try #require(DayKey("2026-12-01"))
        #expect(
            activity.schedule
                == ActivitySchedule(
                    intervalStart: ActivityTime(day: day, hour: 0, minute: 0),
                    intervalEnd: ActivityTime(day: next, hour: 0, minute: 0), repeats: false))
        #expect(activity.events.map(\.name.rawValue) == ["minutes-1", "minutes-2", "minutes-3"])
        #expect(plan.foregroundOnly.isEmpty)
    }

    @Test func aTimeLimitOffTodayHoldsItsNextDayAndTheMonitorArmsTheOneAfter() throws {
        let monday = Fixture.at("2026-11-30T15:00:00Z")
        let rule = Fixture.timeLimit(10, days: [.wednesday, .friday])
        let plan = MonitoringPlan.plan(for: [rule], at: monday, calendar: Fixture.utc)
        let wednesday = try #require(DayKey("2026-12-02"))
        #expect(plan.activities.map(\.name) == [.limitDay(Fixture.ruleA, wednesday)])
        #expect(
            MonitoringPlan.nextLimitDay(for: rule, after: wednesday, calendar: Fixture.utc) == DayKey("2026-12-04"))
        #expect(
            MonitoringPlan.nextLimitDay(for: rule, after: try #require(DayKey("2026-12-04")), calendar: Fixture.utc)
                == DayKey("2026-12-09"))
        #expect(
            MonitoringPlan.limitDay(for: Fixture.timeLimit(10, days: .never), onOrAfter: monday, calendar: Fixture.utc)
                == nil)
    }

    /// A DST day is 23 or 25 hours: the interval is the local day, not 24 h.
    @Test func aDayActivitySpansTheLocalDayAcrossDST() throws {
        let day = try #require(DayKey("2026-03-08"))
        let activity = MonitoringPlan.limitDayActivity(
            ruleID: Fixture.ruleA, config: try TimeLimitConfig(dailyLimitMinutes: 1), day: day,
            calendar: Fixture.newYork)
        #expect(activity.schedule.intervalStart == ActivityTime(day: day, hour: 0, minute: 0))
        #expect(activity.schedule.intervalEnd == ActivityTime(day: DayKey("2026-03-09"), hour: 0, minute: 0))
    }

    /// The undated plan (the `undated-limit-activity` mutant's shape).
    @Test func timeLimitGetsOneEventPerBudgetMinute() {
        let plan = MonitoringPlan.plan(for: [Fixture.timeLimit(3)])
        #expect(plan.activities.count == 1)
        let activity = plan.activities[0]
        #expect(activity.name == .limit(Fixture.ruleA))
        #expect(activity.name.rawValue == "rule-00000000-0000-0000-0000-00000000000A")
        #expect(
            activity.schedule == ActivitySchedule(intervalStart: time(0, 0), intervalEnd: time(23, 59), repeats: true))
        #expect(activity.events.map(\.name.rawValue) == ["minutes-1", "minutes-2", "minutes-3"])
        #expect(activity.events.map(\.thresholdMinutes) == [1, 2, 3])
        #expect(plan.foregroundOnly.isEmpty)
    }

    @Test func openLimitIsAllDayWithoutEvents() {
        let plan = MonitoringPlan.plan(for: [Fixture.openLimit(5)])
        #expect(plan.activities == [MonitoredActivity(name: .limit(Fixture.ruleA), schedule: .allDay)])
    }

    @Test func sameDayWindow() {
        let plan = MonitoringPlan.plan(for: [Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17))])
        #expect(
            plan.activities == [
                MonitoredActivity(
                    name: .scheduleWindow(Fixture.ruleA),
                    schedule: ActivitySchedule(intervalStart: time(9, 0), intervalEnd: time(17, 0), repeats: true))
            ])
        #expect(plan.foregroundOnly.isEmpty)
    }

    @Test func crossingWindowSplitsAtMidnight() {
        let plan = MonitoringPlan.plan(for: [Fixture.schedule(Fixture.minutes(22), Fixture.minutes(6))])
        #expect(plan.activities.map(\.name) == [.scheduleWindow(Fixture.ruleA), .scheduleAfterMidnight(Fixture.ruleA)])
        #expect(
            plan.activities[0].schedule
                == ActivitySchedule(intervalStart: time(22, 0), intervalEnd: time(23, 59), repeats: true))
        #expect(
            plan.activities[1].schedule
                == ActivitySchedule(intervalStart: time(0, 0), intervalEnd: time(6, 0), repeats: true))
        #expect(plan.foregroundOnly.isEmpty)
    }

    @Test func windowEndingAtMidnightReportsItsEnd() {
        let plan = MonitoringPlan.plan(for: [Fixture.schedule(Fixture.minutes(20), 0)])
        #expect(plan.activities.map(\.name) == [.scheduleWindow(Fixture.ruleA)])
        #expect(plan.activities[0].schedule.intervalEnd == time(23, 59))
        #expect(plan.foregroundOnly == [ForegroundOnlyEdge(ruleID: Fixture.ruleA, edge: .end, reason: .endsAtMidnight)])
    }

    @Test func wholeDaysNeedNoSecondHalf() {
        let plan = MonitoringPlan.plan(for: [Fixture.schedule(0, 0)])
        #expect(plan.activities.map(\.name) == [.scheduleWindow(Fixture.ruleA)])
        #expect(plan.foregroundOnly.isEmpty)
    }

    @Test func twentyFourHourWindowFromNine() {
        let plan = MonitoringPlan.plan(for: [Fixture.schedule(Fixture.minutes(9), Fixture.minutes(9))])
        #expect(
            plan.activities.map(\.schedule) == [
                ActivitySchedule(intervalStart: time(9, 0), intervalEnd: time(23, 59), repeats: true),
                ActivitySchedule(intervalStart: time(0, 0), intervalEnd: time(9, 0), repeats: true),
            ])
    }

    @Test func shortWindowsAreForegroundOnly() {
        let fourteen = MonitoringPlan.plan(for: [Fixture.schedule(Fixture.minutes(9), Fixture.minutes(9, 14))])
        #expect(fourteen.activities.isEmpty)
        #expect(
            fourteen.foregroundOnly == [
                ForegroundOnlyEdge(ruleID: Fixture.ruleA, edge: .wholeWindow, reason: .intervalTooShort(minutes: 14))
            ])
        let fifteen = MonitoringPlan.plan(for: [Fixture.schedule(Fixture.minutes(9), Fixture.minutes(9, 15))])
        #expect(fifteen.activities.count == 1)
        #expect(fifteen.foregroundOnly.isEmpty)
    }

    @Test func shortHalvesOfACrossingWindow() {
        // 23:50–00:10: both halves too short.
        let both = MonitoringPlan.plan(for: [Fixture.schedule(Fixture.minutes(23, 50), 10)])
        #expect(both.activities.isEmpty)
        #expect(
            both.foregroundOnly == [
                ForegroundOnlyEdge(ruleID: Fixture.ruleA, edge: .end, reason: .intervalTooShort(minutes: 10)),
                ForegroundOnlyEdge(ruleID: Fixture.ruleA, edge: .start, reason: .intervalTooShort(minutes: 9)),
            ])
        // 23:50–02:00: the start edge is foreground-only, the end is covered.
        let startOnly = MonitoringPlan.plan(for: [Fixture.schedule(Fixture.minutes(23, 50), Fixture.minutes(2))])
        #expect(startOnly.activities.map(\.name) == [.scheduleAfterMidnight(Fixture.ruleA)])
        #expect(startOnly.foregroundOnly.map(\.edge) == [.start])
        // 23:44–00:01: exactly 15 minutes before midnight is registered; the
        // one minute after is not.
        let edge = MonitoringPlan.plan(for: [Fixture.schedule(Fixture.minutes(23, 44), 1)])
        #expect(edge.activities.map(\.name) == [.scheduleWindow(Fixture.ruleA)])
        #expect(
            edge.foregroundOnly == [
                ForegroundOnlyEdge(ruleID: Fixture.ruleA, edge: .end, reason: .intervalTooShort(minutes: 1))
            ])
    }

    @Test func disabledAndDaylessRulesAreLeftOutPausedStay() {
        let plan = MonitoringPlan.plan(for: [
            Fixture.timeLimit(5, id: Fixture.ruleA, isEnabled: false),
            Fixture.openLimit(5, days: .never, id: Fixture.ruleB),
            Fixture.openLimit(5, id: Fixture.ruleC, pausedUntil: Fixture.at("2026-11-28T00:00:00Z")),
        ])
        #expect(plan.activities.map(\.name) == [.limit(Fixture.ruleC)])
    }

    @Test func planIsSortedAndOrderIndependent() {
        let rules = [
            Fixture.schedule(Fixture.minutes(22), Fixture.minutes(6), id: Fixture.ruleC),
            Fixture.openLimit(2, id: Fixture.ruleB),
            Fixture.timeLimit(2, id: Fixture.ruleA),
        ]
        let plan = MonitoringPlan.plan(for: rules)
        #expect(plan == MonitoringPlan.plan(for: rules.reversed()))
        #expect(plan.activities.map(\.name.rawValue) == plan.activities.map(\.name.rawValue).sorted())
        #expect(!plan.exceedsActivityLimit)
        let many = (0..<21).map { _ in Fixture.openLimit(1, id: UUID()) }
        #expect(MonitoringPlan.plan(for: many).exceedsActivityLimit)
    }

    @Test func openSessionIsAFifteenMinuteOneShot() {
        #expect(MonitoringPlan.openSessionMinutes == 15)
        #expect(MonitoringPlan.minimumIntervalMinutes == 15)
        let start = Fixture.at("2026-11-27T23:50:30Z")
        let session = MonitoringPlan.openSession(ruleID: Fixture.ruleA, startingAt: start, calendar: Fixture.utc)
        #expect(session.expiry == Fixture.at("2026-11-28T00:05:30Z"))
        #expect(session.activity.name == .openSession(Fixture.ruleA))
        #expect(session.activity.events.isEmpty)
        #expect(
            session.activity.schedule
                == ActivitySchedule(
                    intervalStart: ActivityTime(day: DayKey("2026-11-27"), hour: 23, minute: 50, second: 30),
                    intervalEnd: ActivityTime(day: DayKey("2026-11-28"), hour: 0, minute: 5, second: 30),
                    repeats: false))
    }

    // A session is a real 15 minutes even across the fall-back hour. Its
    // one-shot cannot end at the second 01:10: date components name a
    // repeated time's first showing (an hour before the press), so the
    // one-shot ends at the first wall time after the repeated hour, 02:00.
    @Test(arguments: [
        ("2026-11-01T01:55:00-04:00", "2026-11-01T01:10:00-05:00"),
        ("2026-11-01T01:30:00-05:00", "2026-11-01T01:45:00-05:00"),
    ])
    func openSessionEndingInTheRepeatedHour(press: String, expiry: String) {
        let start = Fixture.at(press)
        let session = MonitoringPlan.openSession(ruleID: Fixture.ruleA, startingAt: start, calendar: Fixture.newYork)
        #expect(session.expiry == Fixture.at(expiry))
        #expect(
            session.activity.schedule.intervalEnd
                == ActivityTime(day: DayKey("2026-11-01"), hour: 2, minute: 0, second: 0))
    }

    // Ending in the first showing of the repeated hour, the end is the
    // expiry itself.
    @Test func openSessionEndingInTheFirstShowingOfTheRepeatedHour() {
        let start = Fixture.at("2026-11-01T01:00:00-04:00")
        let session = MonitoringPlan.openSession(ruleID: Fixture.ruleA, startingAt: start, calendar: Fixture.newYork)
        #expect(
            session.activity.schedule.intervalEnd
                == ActivityTime(day: DayKey("2026-11-01"), hour: 1, minute: 15, second: 0))
    }
}
