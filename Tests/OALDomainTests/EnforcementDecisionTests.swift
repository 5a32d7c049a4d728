import Foundation
import OALDomain
import Testing

@Suite struct EnforcementDecisionTests {
    let calendar = Fixture.utc
    let friday10 = Fixture.at("2026-11-27T10:00:00Z")

    func decide(_ rule: Rule, at instant: Date? = nil, usage: DailyUsage = .zero, session: Date? = nil)
        -> EnforcementDecision
    {
        EnforcementDecision.decide(
            rule: rule, at: instant ?? friday10, calendar: calendar, usage: usage, sessionExpiry: session)
    }

    // MARK: schedule

    @Test func scheduleShieldsInsideItsWindowOnly() {
        let rule = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17))
        #expect(
            decide(rule)
                == EnforcementDecision(
                    shield: true, filterAdultContent: false,
                    reason: .windowActive(until: Fixture.at("2026-11-27T17:00:00Z"))))
        #expect(decide(rule, at: Fixture.at("2026-11-27T17:00:00Z")).reason == .outsideWindow)
        #expect(!decide(rule, at: Fixture.at("2026-11-27T17:00:00Z")).shield)
    }

    @Test func scheduleMatchesHandWrittenWindowsAcrossAWeek() {
        // Sweep every 7 minutes for a week over a crossing window on some
        // days, against the windows written out by hand.
        let rule = Fixture.schedule(
            Fixture.minutes(22, 30), Fixture.minutes(1, 15), days: [.monday, .friday, .saturday])
        let windows = [
            ("2026-11-23T22:30:00Z", "2026-11-24T01:15:00Z"),
            ("2026-11-27T22:30:00Z", "2026-11-28T01:15:00Z"),
            ("2026-11-28T22:30:00Z", "2026-11-29T01:15:00Z"),
        ].map { Fixture.at($0.0)..<Fixture.at($0.1) }
        var instant = Fixture.at("2026-11-23T00:00:00Z")
        var shielded = 0
        while instant < Fixture.at("2026-11-30T12:00:00Z") {
            let decision = decide(rule, at: instant)
            #expect(decision.shield == windows.contains { $0.contains(instant) }, "at \(instant)")
            #expect(decision.shield == RuleSchedule.isActive(rule, at: instant, calendar: calendar))
            if decision.shield { shielded += 1 }
            instant = instant.addingTimeInterval(7 * 60)
        }
        #expect(shielded > 60)
    }

    @Test func adultFilterRidesWithAnActiveScheduleOnly() {
        let rule = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17), adult: true)
        #expect(decide(rule).filterAdultContent)
        #expect(!decide(rule, at: Fixture.at("2026-11-27T18:00:00Z")).filterAdultContent)
        let paused = Fixture.schedule(
            Fixture.minutes(9), Fixture.minutes(17), pausedUntil: Fixture.at("2026-11-27T17:00:00Z"), adult: true)
        #expect(!decide(paused).filterAdultContent)
        #expect(
            !EnforcementDecision.shouldFilterAdultContent(
                rule: Fixture.schedule(540, 1020), at: friday10, calendar: calendar))
        #expect(EnforcementDecision.shouldFilterAdultContent(rule: rule, at: friday10, calendar: calendar))
    }

    @Test func scheduleIgnoresSessionsAndUsage() {
        let rule = Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17))
        #expect(
            decide(
                rule, usage: DailyUsage(minutesUsed: 999, opensUsed: 999), session: Fixture.at("2026-11-27T10:10:00Z")
            ).shield)
    }

    // MARK: time limit

    @Test func timeLimitShieldsOnceTheBudgetIsReached() {
        let rule = Fixture.timeLimit(45)
        #expect(
            decide(rule, usage: DailyUsage(minutesUsed: 44))
                == EnforcementDecision(shield: false, filterAdultContent: false, reason: .budgetRemaining))
        #expect(
            decide(rule, usage: DailyUsage(minutesUsed: 45))
                == EnforcementDecision(shield: true, filterAdultContent: false, reason: .budgetSpent))
        // A granted open session belongs to open limits; it lifts nothing here.
        #expect(decide(rule, usage: DailyUsage(minutesUsed: 45), session: Fixture.at("2026-11-27T10:05:00Z")).shield)
    }

    @Test func timeLimitOffDayDisabledPaused() {
        let spent = DailyUsage(minutesUsed: 60)
        #expect(decide(Fixture.timeLimit(45, days: .weekends), usage: spent).reason == .notScheduledToday)
        #expect(decide(Fixture.timeLimit(45, isEnabled: false), usage: spent).reason == .disabled)
        let until = Fixture.at("2026-11-28T00:00:00Z")
        #expect(decide(Fixture.timeLimit(45, pausedUntil: until), usage: spent).reason == .paused(until: until))
        #expect(!decide(Fixture.timeLimit(45, pausedUntil: until), usage: spent).shield)
    }

    // MARK: open limit: the proactive gate

    @Test func openLimitGatesBeforeAnyOpen() {
        let rule = Fixture.openLimit(5)
        #expect(decide(rule) == EnforcementDecision(shield: true, filterAdultContent: false, reason: .openGate))
        #expect(decide(rule, usage: DailyUsage(opensUsed: 4)).reason == .openGate)
        #expect(
            decide(rule, usage: DailyUsage(opensUsed: 5))
                == EnforcementDecision(shield: true, filterAdultContent: false, reason: .budgetSpent))
    }

    @Test func liveSessionLiftsTheGate() {
        let rule = Fixture.openLimit(5)
        let expiry = Fixture.at("2026-11-27T10:15:00Z")
        #expect(
            decide(rule, usage: DailyUsage(opensUsed: 1), session: expiry)
                == EnforcementDecision(
                    shield: false, filterAdultContent: false, reason: .openSessionLive(until: expiry)))
        // Even the session that spent the last open runs its course.
        #expect(!decide(rule, usage: DailyUsage(opensUsed: 5), session: expiry).shield)
    }

    @Test func expiredSessionDoesNotLiftTheGate() {
        let rule = Fixture.openLimit(5)
        // Expiry equal to now is over (expiry > now is live).
        #expect(decide(rule, usage: DailyUsage(opensUsed: 1), session: friday10).shield)
        #expect(decide(rule, usage: DailyUsage(opensUsed: 1), session: Fixture.at("2026-11-27T09:59:59Z")).shield)
    }

    @Test func openLimitGateNeedsEnabledScheduledUnpaused() {
        #expect(decide(Fixture.openLimit(5, days: [.monday])).reason == .notScheduledToday)
        #expect(decide(Fixture.openLimit(5, isEnabled: false)).reason == .disabled)
        let until = Fixture.at("2026-11-28T00:00:00Z")
        #expect(
            decide(Fixture.openLimit(5, pausedUntil: until), usage: DailyUsage(opensUsed: 5)).reason
                == .paused(until: until))
    }

    @Test func sessionAcrossMidnightIsNotCutShortByTheNewDay() {
        let rule = Fixture.openLimit(5)
        let expiry = Fixture.at("2026-11-28T00:10:00Z")
        #expect(!decide(rule, at: Fixture.at("2026-11-28T00:00:00Z"), usage: .zero, session: expiry).shield)
        #expect(decide(rule, at: expiry, usage: .zero, session: expiry).shield)
    }

    @Test func shouldShieldMatchesDecide() {
        let rules = [Fixture.schedule(540, 1020), Fixture.timeLimit(10), Fixture.openLimit(2)]
        for rule in rules {
            for usage in [DailyUsage.zero, DailyUsage(minutesUsed: 10, opensUsed: 2)] {
                #expect(
                    EnforcementDecision.shouldShield(rule: rule, at: friday10, calendar: calendar, usage: usage)
                        == decide(rule, usage: usage).shield)
            }
        }
    }

    // The decision and the derived status must tell the same story: for
    // schedules and time limits the shield is up exactly when the status is
    // active; an open limit is shielded whenever it is active, and more
    // (its gate), unless a session is live.
    @Test func decisionAgreesWithStatusAcrossStates() {
        let instants = [
            "2026-11-27T08:59:00Z", "2026-11-27T09:00:00Z", "2026-11-27T16:59:00Z", "2026-11-27T17:00:00Z",
            "2026-11-28T10:00:00Z", "2026-11-29T23:59:00Z",
        ].map(Fixture.at)
        let pauses: [Date?] = [nil, Fixture.at("2026-11-27T12:00:00Z"), Fixture.at("2026-11-29T00:00:00Z")]
        let usages = [
            DailyUsage.zero, DailyUsage(minutesUsed: 30, opensUsed: 2), DailyUsage(minutesUsed: 31, opensUsed: 3),
        ]
        for days in [DaySet.weekdays, .everyDay, .never] {
            for enabled in [true, false] {
                for pause in pauses {
                    let rules = [
                        Fixture.schedule(540, 1020, days: days, isEnabled: enabled, pausedUntil: pause),
                        Fixture.timeLimit(30, days: days, isEnabled: enabled, pausedUntil: pause),
                        Fixture.openLimit(3, days: days, isEnabled: enabled, pausedUntil: pause),
                    ]
                    for rule in rules {
                        for instant in instants {
                            for usage in usages {
                                let active = rule.status(at: instant, calendar: calendar, usage: usage).isActive
                                let shield = decide(rule, at: instant, usage: usage).shield
                                if rule.kind == .openLimit {
                                    #expect(!active || shield)
                                    let live = instant.addingTimeInterval(60)
                                    #expect(!decide(rule, at: instant, usage: usage, session: live).shield)
                                } else {
                                    #expect(active == shield, "\(rule.kind) at \(instant)")
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
