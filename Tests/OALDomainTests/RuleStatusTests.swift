import Foundation
import OALDomain
import Testing

@Suite struct RuleStatusTests {
    let calendar = Fixture.utc
    let friday10 = Fixture.at("2026-11-27T10:00:00Z")
    let saturdayMidnight = Fixture.at("2026-11-28T00:00:00Z")

    @Test func scheduleActiveUpcomingDisabledPausedDormant() {
        let rule = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17))
        #expect(rule.status(at: friday10, calendar: calendar) == .active(until: Fixture.at("2026-11-27T17:00:00Z")))
        #expect(
            rule.status(at: Fixture.at("2026-11-27T18:00:00Z"), calendar: calendar)
                == .upcoming(startsAt: Fixture.at("2026-11-28T09:00:00Z")))
        var off = rule
        off.isEnabled = false
        #expect(off.status(at: friday10, calendar: calendar) == .disabled)
        var paused = rule
        paused.pausedUntil = Fixture.at("2026-11-27T17:00:00Z")
        #expect(paused.status(at: friday10, calendar: calendar) == .paused(until: Fixture.at("2026-11-27T17:00:00Z")))
        #expect(
            paused.status(at: Fixture.at("2026-11-27T17:00:00Z"), calendar: calendar)
                == .upcoming(startsAt: Fixture.at("2026-11-28T09:00:00Z")))
        var noDays = rule
        noDays.days = .never
        #expect(noDays.status(at: friday10, calendar: calendar) == .dormant)
    }

    @Test func disabledWinsOverPause() {
        let rule = Fixture.schedule(
            Fixture.minutes(9), Fixture.minutes(17), isEnabled: false, pausedUntil: Fixture.at("2026-11-27T17:00:00Z"))
        #expect(rule.status(at: friday10, calendar: calendar) == .disabled)
    }

    @Test func timeLimitWithAndWithoutSpentBudget() {
        let rule = Fixture.timeLimit(45)
        #expect(rule.status(at: friday10, calendar: calendar, usage: DailyUsage(minutesUsed: 44)) == .dormant)
        #expect(
            rule.status(at: friday10, calendar: calendar, usage: DailyUsage(minutesUsed: 45))
                == .active(until: saturdayMidnight))
        #expect(
            rule.status(at: friday10, calendar: calendar, usage: DailyUsage(minutesUsed: 50))
                == .active(until: saturdayMidnight))
        // Opens do not spend a time budget.
        #expect(rule.status(at: friday10, calendar: calendar, usage: DailyUsage(opensUsed: 99)) == .dormant)
    }

    @Test func openLimitWithAndWithoutSpentBudget() {
        let rule = Fixture.openLimit(5)
        #expect(rule.status(at: friday10, calendar: calendar, usage: DailyUsage(opensUsed: 4)) == .dormant)
        #expect(
            rule.status(at: friday10, calendar: calendar, usage: DailyUsage(opensUsed: 5))
                == .active(until: saturdayMidnight))
        #expect(rule.status(at: friday10, calendar: calendar, usage: DailyUsage(minutesUsed: 600)) == .dormant)
    }

    @Test func spentLimitOnADayItIsOffIsDormant() {
        let rule = Fixture.timeLimit(45, days: .weekends)
        #expect(rule.status(at: friday10, calendar: calendar, usage: DailyUsage(minutesUsed: 45)) == .dormant)
    }

    @Test func pausedLimitRuleIsPausedUntilMidnight() {
        let rule = Fixture.openLimit(3, pausedUntil: saturdayMidnight)
        #expect(
            rule.status(at: friday10, calendar: calendar, usage: DailyUsage(opensUsed: 3))
                == .paused(until: saturdayMidnight))
        // After midnight the pause is over and the fresh day's budget counts.
        #expect(rule.status(at: saturdayMidnight, calendar: calendar, usage: .zero) == .dormant)
    }

    @Test func crossingWindowStatusAfterMidnight() {
        let rule = Fixture.schedule(Fixture.minutes(22), Fixture.minutes(6), days: [.friday])
        #expect(
            rule.status(at: Fixture.at("2026-11-28T05:00:00Z"), calendar: calendar)
                == .active(until: Fixture.at("2026-11-28T06:00:00Z")))
        #expect(
            rule.status(at: Fixture.at("2026-11-28T06:00:00Z"), calendar: calendar)
                == .upcoming(startsAt: Fixture.at("2026-12-04T22:00:00Z")))
    }
}
