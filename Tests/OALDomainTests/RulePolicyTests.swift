import Foundation
import OALDomain
import Testing

@Suite struct RulePolicyTests {
    let calendar = Fixture.utc
    let inWindow = Fixture.at("2026-11-27T10:00:00Z")
    let outOfWindow = Fixture.at("2026-11-27T18:00:00Z")
    let midnight = Fixture.at("2026-11-28T00:00:00Z")

    func gates(_ rule: Rule, at instant: Date, usage: DailyUsage = .zero) -> [Bool] {
        [
            RulePolicy.canEdit(rule, at: instant, calendar: calendar, usage: usage),
            RulePolicy.canDisable(rule, at: instant, calendar: calendar, usage: usage),
            RulePolicy.canDelete(rule, at: instant, calendar: calendar, usage: usage),
            RulePolicy.canUnblock(rule, at: instant, calendar: calendar, usage: usage),
        ]
    }

    @Test func hardModeScheduleInWindowLocksEverything() {
        let rule = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17), hardMode: true)
        #expect(RulePolicy.isActivelyBlocking(rule, at: inWindow, calendar: calendar))
        #expect(RulePolicy.isHardLocked(rule, at: inWindow, calendar: calendar))
        #expect(gates(rule, at: inWindow) == [false, false, false, false])
        #expect(throws: UnblockRefusal.hardLocked(ruleID: rule.id)) {
            try RulePolicy.softUnblock(rule, at: inWindow, calendar: calendar)
        }
    }

    @Test func hardModeOutsideWindowIsEditable() {
        let rule = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17), hardMode: true)
        #expect(!RulePolicy.isHardLocked(rule, at: outOfWindow, calendar: calendar))
        // Nothing to unblock outside the window.
        #expect(gates(rule, at: outOfWindow) == [true, true, true, false])
    }

    @Test func softRuleInWindowCanBeUnblockedUntilWindowEnd() throws {
        let rule = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17))
        #expect(!RulePolicy.isHardLocked(rule, at: inWindow, calendar: calendar))
        #expect(gates(rule, at: inWindow) == [true, true, true, true])
        let until = try RulePolicy.softUnblock(rule, at: inWindow, calendar: calendar)
        #expect(until == Fixture.at("2026-11-27T17:00:00Z"))
        let paused = try RulePolicy.unblocked(rule, at: inWindow, calendar: calendar)
        #expect(paused.pausedUntil == until)
        #expect(!RulePolicy.isActivelyBlocking(paused, at: inWindow, calendar: calendar))
        // The next window re-arms.
        #expect(RulePolicy.isActivelyBlocking(paused, at: Fixture.at("2026-11-28T09:00:00Z"), calendar: calendar))
    }

    @Test func crossingWindowUnblockEndsAtWindowEndNextMorning() throws {
        let rule = Fixture.schedule(Fixture.minutes(22), Fixture.minutes(6))
        let until = try RulePolicy.softUnblock(rule, at: Fixture.at("2026-11-27T23:00:00Z"), calendar: calendar)
        #expect(until == Fixture.at("2026-11-28T06:00:00Z"))
    }

    @Test func hardLimitRuleLocksOnlyOnceSpent() {
        let rule = Fixture.timeLimit(30, hardMode: true)
        #expect(!RulePolicy.isHardLocked(rule, at: inWindow, calendar: calendar, usage: DailyUsage(minutesUsed: 29)))
        #expect(gates(rule, at: inWindow, usage: DailyUsage(minutesUsed: 29)) == [true, true, true, false])
        #expect(RulePolicy.isHardLocked(rule, at: inWindow, calendar: calendar, usage: DailyUsage(minutesUsed: 30)))
        #expect(gates(rule, at: inWindow, usage: DailyUsage(minutesUsed: 30)) == [false, false, false, false])
    }

    // The proactive gate shields an open-limit rule with opens left, but
    // that is not a block: Hard Mode does not lock it.
    @Test func openLimitGateIsNotAHardLock() {
        let rule = Fixture.openLimit(5, hardMode: true)
        let usage = DailyUsage(opensUsed: 2)
        #expect(EnforcementDecision.shouldShield(rule: rule, at: inWindow, calendar: calendar, usage: usage))
        #expect(!RulePolicy.isHardLocked(rule, at: inWindow, calendar: calendar, usage: usage))
        #expect(RulePolicy.isHardLocked(rule, at: inWindow, calendar: calendar, usage: DailyUsage(opensUsed: 5)))
    }

    @Test func softLimitUnblockPausesUntilMidnight() throws {
        let rule = Fixture.openLimit(3)
        let until = try RulePolicy.softUnblock(rule, at: inWindow, calendar: calendar, usage: DailyUsage(opensUsed: 3))
        #expect(until == midnight)
        #expect(throws: UnblockRefusal.notBlocking(ruleID: rule.id)) {
            try RulePolicy.softUnblock(rule, at: inWindow, calendar: calendar, usage: DailyUsage(opensUsed: 1))
        }
    }

    @Test func disabledHardRuleIsNotLocked() {
        let rule = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17), hardMode: true, isEnabled: false)
        #expect(!RulePolicy.isHardLocked(rule, at: inWindow, calendar: calendar))
        #expect(gates(rule, at: inWindow) == [true, true, true, false])
    }

    @Test func appListsReadOnlyWhileAnyHardRuleBlocks() {
        let soft = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17), id: Fixture.ruleA)
        let hardLimit = Fixture.timeLimit(30, id: Fixture.ruleB, hardMode: true)
        let spent: (UUID) -> DailyUsage = { $0 == Fixture.ruleB ? DailyUsage(minutesUsed: 30) : .zero }
        let fresh: (UUID) -> DailyUsage = { _ in .zero }
        #expect(
            RulePolicy.areAppListsReadOnly(rules: [soft, hardLimit], at: inWindow, calendar: calendar, usageFor: spent))
        #expect(
            !RulePolicy.areAppListsReadOnly(
                rules: [soft, hardLimit], at: inWindow, calendar: calendar, usageFor: fresh))
        // A soft rule blocking alone never locks the lists.
        #expect(!RulePolicy.areAppListsReadOnly(rules: [soft], at: inWindow, calendar: calendar, usageFor: fresh))
    }

    @Test func uninstallProtectionNeedsSettingAndHardLock() {
        let hard = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17), hardMode: true)
        let soft = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17))
        let usage: (UUID) -> DailyUsage = { _ in .zero }
        #expect(
            RulePolicy.shouldDenyAppRemoval(
                rules: [hard], enabled: true, usageFor: usage, at: inWindow, calendar: calendar))
        #expect(
            !RulePolicy.shouldDenyAppRemoval(
                rules: [hard], enabled: false, usageFor: usage, at: inWindow, calendar: calendar))
        #expect(
            !RulePolicy.shouldDenyAppRemoval(
                rules: [hard], enabled: true, usageFor: usage, at: outOfWindow, calendar: calendar))
        #expect(
            !RulePolicy.shouldDenyAppRemoval(
                rules: [soft], enabled: true, usageFor: usage, at: inWindow, calendar: calendar))
        #expect(
            !RulePolicy.shouldDenyAppRemoval(
                rules: [], enabled: true, usageFor: usage, at: inWindow, calendar: calendar))
    }
}
