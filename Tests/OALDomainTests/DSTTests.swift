import Foundation
import OALDomain
import Testing

/// America/New_York: 2026-03-08 jumps from 02:00 EST to 03:00 EDT;
/// 2026-11-01 falls back from 02:00 EDT to 01:00 EST.
@Suite struct DSTTests {
    let calendar = Fixture.newYork

    @Test func springForwardShortWindow() {
        // 01:30–03:30 lasts one real hour on the short day.
        let rule = Fixture.schedule(Fixture.minutes(1, 30), Fixture.minutes(3, 30))
        let window = RuleSchedule.window(
            containing: Fixture.at("2026-03-08T01:45:00-05:00"), for: rule, calendar: calendar)
        #expect(window?.start == Fixture.at("2026-03-08T01:30:00-05:00"))
        #expect(window?.end == Fixture.at("2026-03-08T03:30:00-04:00"))
        #expect(window.map { $0.end.timeIntervalSince($0.start) } == TimeInterval(3600))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-03-08T01:29:00-05:00"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-03-08T01:59:59-05:00"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-03-08T03:00:00-04:00"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-03-08T03:29:00-04:00"), calendar: calendar))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-03-08T03:30:00-04:00"), calendar: calendar))
    }

    @Test func fallBackLongWindow() {
        // 01:30–03:30 lasts three real hours on the long day, starting at
        // the first 01:30 (EDT).
        let rule = Fixture.schedule(Fixture.minutes(1, 30), Fixture.minutes(3, 30))
        let window = RuleSchedule.window(
            containing: Fixture.at("2026-11-01T02:00:00-05:00"), for: rule, calendar: calendar)
        #expect(window?.start == Fixture.at("2026-11-01T01:30:00-04:00"))
        #expect(window?.end == Fixture.at("2026-11-01T03:30:00-05:00"))
        #expect(window.map { $0.end.timeIntervalSince($0.start) } == TimeInterval(3 * 3600))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-01T01:29:00-04:00"), calendar: calendar))
        // The repeated hour (01:00–02:00 EST) is inside.
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-01T01:10:00-05:00"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-01T03:29:00-05:00"), calendar: calendar))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-01T03:30:00-05:00"), calendar: calendar))
    }

    @Test func overnightWindowAcrossSpringForward() {
        // Saturday 22:00 EST to Sunday 06:00 EDT: seven real hours.
        let rule = Fixture.schedule(Fixture.minutes(22), Fixture.minutes(6), days: [.saturday])
        let window = RuleSchedule.window(
            containing: Fixture.at("2026-03-08T04:00:00-04:00"), for: rule, calendar: calendar)
        #expect(window?.start == Fixture.at("2026-03-07T22:00:00-05:00"))
        #expect(window?.end == Fixture.at("2026-03-08T06:00:00-04:00"))
        #expect(window.map { $0.end.timeIntervalSince($0.start) } == TimeInterval(7 * 3600))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-03-08T05:59:00-04:00"), calendar: calendar))
        // Adding 8 hours of seconds would wrongly put the end here.
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-03-08T06:00:00-04:00"), calendar: calendar))
    }

    @Test func overnightWindowAcrossFallBack() {
        let rule = Fixture.schedule(Fixture.minutes(22), Fixture.minutes(6), days: [.saturday])
        let window = RuleSchedule.window(
            containing: Fixture.at("2026-11-01T05:30:00-05:00"), for: rule, calendar: calendar)
        #expect(window?.start == Fixture.at("2026-10-31T22:00:00-04:00"))
        #expect(window?.end == Fixture.at("2026-11-01T06:00:00-05:00"))
        #expect(window.map { $0.end.timeIntervalSince($0.start) } == TimeInterval(9 * 3600))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-01T06:00:00-05:00"), calendar: calendar))
    }

    // A start inside the gap resolves to the first instant after it.
    @Test func startInsideTheGapResolvesToGapEnd() {
        let rule = Fixture.schedule(Fixture.minutes(2, 30), Fixture.minutes(4))
        let next = RuleSchedule.nextWindowStart(
            after: Fixture.at("2026-03-08T00:00:00-05:00"), for: rule, calendar: calendar)
        #expect(next == Fixture.at("2026-03-08T03:00:00-04:00"))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-03-08T01:59:59-05:00"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-03-08T03:00:00-04:00"), calendar: calendar))
    }

    // A window wholly inside the gap does not occur that day.
    @Test func windowInsideTheGapIsSkipped() {
        let rule = Fixture.schedule(Fixture.minutes(2, 10), Fixture.minutes(2, 40))
        let next = RuleSchedule.nextWindowStart(
            after: Fixture.at("2026-03-08T00:00:00-05:00"), for: rule, calendar: calendar)
        #expect(next == Fixture.at("2026-03-09T02:10:00-04:00"))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-03-08T03:00:00-04:00"), calendar: calendar))
    }

    @Test func nextMidnightOnShortAndLongDays() {
        #expect(
            WallClock.nextMidnight(after: Fixture.at("2026-03-08T12:00:00-04:00"), calendar: calendar)
                == Fixture.at("2026-03-09T00:00:00-04:00"))
        #expect(
            WallClock.nextMidnight(after: Fixture.at("2026-11-01T12:00:00-05:00"), calendar: calendar)
                == Fixture.at("2026-11-02T00:00:00-05:00"))
        // The day before the change: midnight is EDT/EST boundary-correct.
        #expect(
            WallClock.nextMidnight(after: Fixture.at("2026-03-07T23:00:00-05:00"), calendar: calendar)
                == Fixture.at("2026-03-08T00:00:00-05:00"))
    }

    @Test func limitRuleActiveUntilTheShortDaysMidnight() {
        let rule = Fixture.timeLimit(30)
        let status = rule.status(
            at: Fixture.at("2026-03-08T01:00:00-05:00"), calendar: calendar, usage: DailyUsage(minutesUsed: 30))
        #expect(status == .active(until: Fixture.at("2026-03-09T00:00:00-04:00")))
    }

    // A zone whose midnight is skipped: Havana jumps 00:00 → 01:00 on
    // 2026-03-08, so that day starts at 01:00.
    @Test func skippedMidnight() {
        let havana = Fixture.calendar("America/Havana")
        let rule = Fixture.schedule(0, Fixture.minutes(2))
        let window = RuleSchedule.window(
            containing: Fixture.at("2026-03-08T01:30:00-04:00"), for: rule, calendar: havana)
        #expect(window?.start == Fixture.at("2026-03-08T01:00:00-04:00"))
        #expect(window?.end == Fixture.at("2026-03-08T02:00:00-04:00"))
    }
}
