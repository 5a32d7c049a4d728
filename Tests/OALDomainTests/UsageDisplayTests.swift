import Foundation
import OALDomain
import Testing

@Suite struct UsageDisplayTests {
    let calendar = Fixture.utc
    let now = Fixture.at("2026-11-27T10:00:00Z")
    let midnight = Fixture.at("2026-11-28T00:00:00Z")

    func row(_ rule: Rule, _ usage: DailyUsage) -> UsageRow? {
        UsageDisplay.row(for: rule, usage: usage, at: now, calendar: calendar)
    }

    @Test func timeLimitRow() {
        let r = row(Fixture.timeLimit(45), DailyUsage(minutesUsed: 18))
        #expect(r?.title == "Time Keeper")
        #expect(r?.subtitle == "Time Limit · 18m of 45m used today")
        #expect(r?.trailing == "27m left")
        #expect(
            row(Fixture.timeLimit(90), DailyUsage(minutesUsed: 25))?.subtitle == "Time Limit · 25m of 1h 30m used today"
        )
        #expect(row(Fixture.timeLimit(90), DailyUsage(minutesUsed: 25))?.trailing == "1h 5m left")
    }

    @Test func openLimitRowPluralisation() {
        #expect(row(Fixture.openLimit(5), DailyUsage(opensUsed: 2))?.subtitle == "Open Limit · 2 of 5 opens today")
        #expect(row(Fixture.openLimit(5), DailyUsage(opensUsed: 2))?.trailing == "3 opens left")
        #expect(row(Fixture.openLimit(5), DailyUsage(opensUsed: 4))?.trailing == "1 open left")
        #expect(row(Fixture.openLimit(1), DailyUsage(opensUsed: 0))?.subtitle == "Open Limit · 0 of 1 open today")
    }

    @Test func spentAndUnblockedRows() {
        #expect(row(Fixture.timeLimit(45), DailyUsage(minutesUsed: 45))?.trailing == "Blocked")
        #expect(row(Fixture.openLimit(5), DailyUsage(opensUsed: 7))?.subtitle == "Open Limit · 7 of 5 opens today")
        #expect(row(Fixture.openLimit(5), DailyUsage(opensUsed: 7))?.trailing == "Blocked")
        #expect(
            row(Fixture.openLimit(5, pausedUntil: midnight), DailyUsage(opensUsed: 5))?.trailing
                == "Unblocked until tomorrow")
        #expect(row(Fixture.schedule(540, 1020), .zero) == nil)
    }

    @Test func sectionsSplitBlockingFromUsage() {
        let schedule = Fixture.schedule(540, 1020, id: UUID())
        let pausedSchedule = Fixture.schedule(540, 1020, id: UUID(), pausedUntil: Fixture.at("2026-11-27T17:00:00Z"))
        let spent = Fixture.timeLimit(30, id: UUID())
        let underBudget = Fixture.timeLimit(30, id: UUID())
        let gated = Fixture.openLimit(5, id: UUID())
        let unblocked = Fixture.openLimit(5, id: UUID(), pausedUntil: midnight)
        let offToday = Fixture.timeLimit(30, days: .weekends, id: UUID())
        let disabled = Fixture.openLimit(5, id: UUID(), isEnabled: false)
        let usage: [UUID: DailyUsage] = [
            spent.id: DailyUsage(minutesUsed: 30), underBudget.id: DailyUsage(minutesUsed: 5),
            unblocked.id: DailyUsage(opensUsed: 5), offToday.id: DailyUsage(minutesUsed: 99),
        ]
        let sections = UsageDisplay.sections(
            rules: [schedule, pausedSchedule, spent, underBudget, gated, unblocked, offToday, disabled],
            at: now, calendar: calendar, usageFor: { usage[$0] ?? .zero })
        #expect(sections.currentlyBlocking.map(\.id) == [schedule.id, spent.id])
        #expect(sections.usage.map(\.id) == [underBudget.id, gated.id, unblocked.id])
    }
}
