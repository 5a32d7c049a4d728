import Foundation
import OALDomain
import OALProcesses
import Testing

/// What a refresh or a callback may decide when a store it reads is in a
/// newer format (docs/FAULTS.md, finding 5): a rule whose decision those
/// unknown inputs cannot change is decided; one they can is left as it is.
@Suite struct EnforcementInputsTests {
    static let now = Date(timeIntervalSince1970: 1_796_025_600)  // Monday 2026-11-30 08:00 UTC

    static func calendar() -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    static func rule(_ configuration: RuleConfiguration, enabled: Bool = true, days: DaySet = .everyDay) -> Rule {
        Rule(
            id: UUID(), name: "R", isEnabled: enabled, days: days, pausedUntil: nil, createdAt: now,
            configuration: configuration)
    }

    static func inputs(
        sessionsKnown: Bool = true, usageKnown: Bool = true, sessionActivities: Set<UUID>? = nil
    ) -> EnforcementInputs {
        EnforcementInputs(
            now: now, calendar: calendar(), usage: [:], sessions: [:], sessionsKnown: sessionsKnown,
            usageKnown: usageKnown, sessionActivities: sessionActivities)
    }

    /// Explore seeds 740 and 802: an open limit disabled while the session
    /// store is in a newer format kept its gate, since "sessions unknown"
    /// left every open limit as it was, though a disabled rule shields
    /// nothing whatever its sessions hold.
    @Test func aDisabledOpenLimitIsDecidedWithoutItsSessions() throws {
        let gate = Self.rule(.openLimit(try OpenLimitConfig(maxOpens: 3)), enabled: false)
        #expect(Self.inputs(sessionsKnown: false).canDecide(gate))
        #expect(Self.inputs(usageKnown: false).canDecide(gate))
        let notToday = Self.rule(.openLimit(try OpenLimitConfig(maxOpens: 3)), days: DaySet([.sunday]))
        #expect(Self.inputs(sessionsKnown: false, usageKnown: false).canDecide(notToday))
    }

    /// An enabled open limit's gate is lifted by a live session, which only
    /// the unreadable store knows of: left as it is. With its sessions
    /// known and none live, it gates whatever its opens.
    @Test func anEnabledOpenLimitWaitsForItsSessions() throws {
        let gate = Self.rule(.openLimit(try OpenLimitConfig(maxOpens: 3)))
        #expect(!Self.inputs(sessionsKnown: false).canDecide(gate))
        #expect(Self.inputs(usageKnown: false).canDecide(gate))
        let cap = Self.rule(.timeLimit(try TimeLimitConfig(dailyLimitMinutes: 30)))
        #expect(Self.inputs(sessionsKnown: false).canDecide(cap))
        #expect(!Self.inputs(usageKnown: false).canDecide(cap))
        let window = Self.rule(.schedule(try ScheduleConfig(startMinutes: 0, endMinutes: 600)))
        #expect(Self.inputs(sessionsKnown: false, usageKnown: false).canDecide(window))
    }

    /// Explore seed 802: an open limit enabled again while the session
    /// store is unreadable. A press registers its one-shot session activity
    /// before anything else, so a rule without one has no live session: it
    /// gates. One whose one-shot is registered may be mid-session.
    @Test func anOpenLimitWithoutASessionActivityGatesWithoutItsSessions() throws {
        let gate = Self.rule(.openLimit(try OpenLimitConfig(maxOpens: 3)))
        #expect(Self.inputs(sessionsKnown: false, sessionActivities: []).canDecide(gate))
        #expect(Self.inputs(sessionsKnown: false, sessionActivities: []).decide(gate).shield)
        #expect(!Self.inputs(sessionsKnown: false, sessionActivities: [gate.id]).canDecide(gate))
    }
}
