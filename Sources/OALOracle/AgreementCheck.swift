import Foundation
import OALDomain
import OALProcesses
import OALScenario

extension Oracle {
    /// Agreement of the two enforcement paths: the rule's own store equals
    /// what the foreground refresh would write now. The one check that asks
    /// the app's own decision code (`EnforcementInputs.decide`), and the only
    /// place in the oracle that may: it judges whether the background path
    /// did what the foreground path would, not whether either is right.
    /// Every truth check (nothing invented, nothing lost, strictest wins,
    /// sessions, per-app shields) asks the spec model (`SpecModel`,
    /// `SpecDays`) and never sees this decision
    /// (`IndependentOracleTests.theOracleAsksTheAppsDecisionCodeOnlyForAgreement`).
    func checkAgreement(_ published: PublishedRule, in view: OracleView) {
        let rule = published.rule
        let key = CanonicalUUID.string(rule.id)
        let decision: (shield: Bool, reason: String)
        if let guest = view.guestProbe?.decision {
            // A guest's foreground path is its own refresh, run dry by the
            // probe (GuestJudging.swift).
            let shield = guest.shielded.contains(rule.id)
            decision = (shield, "the app's own refresh, asked now")
        } else {
            let appInputs = EnforcementInputs(
                now: view.now, calendar: view.calendar, usage: view.usageToday, sessions: view.sessions)
            let own = appInputs.decide(rule)
            decision = (own.shield, ShieldController.describe(own.reason))
        }
        let shields = view.storeShields(rule.id)
        report.checksRun += 1
        if decision.shield == shields {
            resolved(.agreement, key: key)
            divergenceSince[key] = nil
            expectedEnded(.agreement, key: key)
            return
        }
        let since = divergenceSince[key] ?? now
        divergenceSince[key] = since
        let expected =
            "store rule-\(key) \(decision.shield ? "shielding" : "clear") "
            + "(\(decision.reason))"
        let actual = shields ? "shielding" : "clear"
        if let reason = namedReason(for: rule, since: since) {
            expect(
                .agreement, key: key, ruleID: rule.id, ruleName: rule.name, expected: expected, actual: actual,
                reason: reason)
        } else {
            violate(
                .agreement, ruleID: rule.id, ruleName: rule.name, expected: expected,
                actual: actual + " since \(localText(since))")
        }
    }
}
