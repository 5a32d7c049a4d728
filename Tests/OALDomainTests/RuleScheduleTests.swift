import Foundation
import OALDomain
import Testing

@Suite struct RuleScheduleTests {
    let calendar = Fixture.utc

    // 22:00–06:00 every day: the start minute is in, the minute before is
    // out; the end minute is out, the minute before is in.
    @Test func crossingWindowEdges() {
        let rule = Fixture.schedule(Fixture.minutes(22), Fixture.minutes(6))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T21:59:00Z"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T22:00:00Z"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T23:59:59Z"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-28T00:00:00Z"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-28T05:59:00Z"), calendar: calendar))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-28T06:00:00Z"), calendar: calendar))
    }

    @Test func sameDayWindowEdges() {
        let rule = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T08:59:00Z"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T09:00:00Z"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T16:59:00Z"), calendar: calendar))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T17:00:00Z"), calendar: calendar))
    }

    // The window belongs to the day it starts on: Friday-only 22:00–06:00
    // covers Saturday 05:00 but not Saturday 23:00, nor Friday 05:00
    // (that would be Thursday's window).
    @Test func crossingWindowBelongsToItsStartDay() {
        let rule = Fixture.schedule(Fixture.minutes(22), Fixture.minutes(6), days: [.friday])
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-28T05:00:00Z"), calendar: calendar))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-28T23:00:00Z"), calendar: calendar))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T05:00:00Z"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T22:30:00Z"), calendar: calendar))
        let window = RuleSchedule.window(containing: Fixture.at("2026-11-28T05:00:00Z"), for: rule, calendar: calendar)
        #expect(window?.day == DayKey("2026-11-27"))
        #expect(window?.start == Fixture.at("2026-11-27T22:00:00Z"))
        #expect(window?.end == Fixture.at("2026-11-28T06:00:00Z"))
    }

    @Test func twentyFourHourWindow() {
        let rule = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(9), days: [.friday])
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T08:59:00Z"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T09:00:00Z"), calendar: calendar))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-28T08:59:00Z"), calendar: calendar))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-28T09:00:00Z"), calendar: calendar))
        let window = RuleSchedule.window(containing: Fixture.at("2026-11-27T12:00:00Z"), for: rule, calendar: calendar)
        #expect(window?.end == Fixture.at("2026-11-28T09:00:00Z"))
    }

    @Test func midnightToMidnightWindowsAbutWithoutOverlap() {
        let rule = Fixture.schedule(0, 0, days: .everyDay)
        let instant = Fixture.at("2026-11-28T00:00:00Z")
        let window = RuleSchedule.window(containing: instant, for: rule, calendar: calendar)
        #expect(window?.day == DayKey("2026-11-28"))
        #expect(window?.end == Fixture.at("2026-11-29T00:00:00Z"))
    }

    @Test func disabledOrPausedIsNotActive() {
        let instant = Fixture.at("2026-11-27T10:00:00Z")
        let off = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17), isEnabled: false)
        #expect(!RuleSchedule.isActive(off, at: instant, calendar: calendar))
        let paused = Fixture.schedule(
            Fixture.minutes(9), Fixture.minutes(17), pausedUntil: Fixture.at("2026-11-27T17:00:00Z"))
        #expect(!RuleSchedule.isActive(paused, at: instant, calendar: calendar))
        // A pause that has run out no longer holds.
        let expired = Fixture.schedule(
            Fixture.minutes(9), Fixture.minutes(17), pausedUntil: Fixture.at("2026-11-27T10:00:00Z"))
        #expect(RuleSchedule.isActive(expired, at: instant, calendar: calendar))
    }

    @Test func nextWindowSkipsDisabledDays() {
        // Weekdays 09:00–17:00, asked on Friday evening: next is Monday.
        let rule = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17), days: .weekdays)
        let next = RuleSchedule.nextWindowStart(
            after: Fixture.at("2026-11-27T18:00:00Z"), for: rule, calendar: calendar)
        #expect(next == Fixture.at("2026-11-30T09:00:00Z"))
        // Strictly after: asked at a start, the answer is the next one.
        let fromStart = RuleSchedule.nextWindowStart(
            after: Fixture.at("2026-11-30T09:00:00Z"), for: rule, calendar: calendar)
        #expect(fromStart == Fixture.at("2026-12-01T09:00:00Z"))
    }

    @Test func nextWindowAWeekAway() {
        let rule = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17), days: [.friday])
        let next = RuleSchedule.nextWindowStart(
            after: Fixture.at("2026-11-27T09:30:00Z"), for: rule, calendar: calendar)
        #expect(next == Fixture.at("2026-12-04T09:00:00Z"))
    }

    @Test func noNextWindowWithoutDaysOrWhenDisabledOrForLimits() {
        let instant = Fixture.at("2026-11-27T09:30:00Z")
        #expect(
            RuleSchedule.nextWindowStart(
                after: instant, for: Fixture.schedule(60, 120, days: .never), calendar: calendar) == nil)
        #expect(
            RuleSchedule.nextWindowStart(
                after: instant, for: Fixture.schedule(60, 120, isEnabled: false), calendar: calendar) == nil)
        #expect(RuleSchedule.nextWindowStart(after: instant, for: Fixture.timeLimit(30), calendar: calendar) == nil)
        #expect(RuleSchedule.window(containing: instant, for: Fixture.timeLimit(30), calendar: calendar) == nil)
    }

    // Tokyo is UTC+9: 22:00 local Friday is 13:00Z Friday, and the window
    // follows the local weekday, not the UTC one.
    @Test func nonUTCTimeZone() {
        let tokyo = Fixture.calendar("Asia/Tokyo")
        let rule = Fixture.schedule(Fixture.minutes(22), Fixture.minutes(6), days: [.friday])
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T12:59:00Z"), calendar: tokyo))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T13:00:00Z"), calendar: tokyo))
        #expect(RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T20:59:00Z"), calendar: tokyo))
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T21:00:00Z"), calendar: tokyo))
        // In UTC the same instants fall in a different place.
        #expect(!RuleSchedule.isActive(rule, at: Fixture.at("2026-11-27T13:00:00Z"), calendar: Fixture.utc))
        // Half-hour zone: Kolkata is UTC+5:30.
        let kolkata = Fixture.calendar("Asia/Kolkata")
        let morning = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(10))
        #expect(RuleSchedule.isActive(morning, at: Fixture.at("2026-11-27T03:30:00Z"), calendar: kolkata))
        #expect(!RuleSchedule.isActive(morning, at: Fixture.at("2026-11-27T03:29:00Z"), calendar: kolkata))
    }
}
