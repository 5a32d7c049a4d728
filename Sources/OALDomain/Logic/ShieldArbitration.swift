import Foundation

/// Which rules hold a shield over a subject, and whether its Open button
/// may spend anything. The shield-configuration extension (drawing) and
/// the shield-action extension (pressing) both call this, so a button is
/// honoured exactly when it was offered for the same state.
public enum ShieldArbitration {
    /// The candidates whose shield is up at `instant` and covers `subject`,
    /// in their given order.
    public static func holders(
        of subject: ShieldSubject, among candidates: [ShieldCandidate], at instant: Date, calendar: Calendar
    ) -> [ShieldCandidate] {
        candidates.filter { candidate in
            EnforcementDecision.shouldShield(
                rule: candidate.rule, at: instant, calendar: calendar,
                usage: candidate.usage, sessionExpiry: candidate.sessionExpiry)
                && ShieldScope(rule: candidate.rule, selection: candidate.selection).covers(subject)
        }
    }

    /// Open is offered only when every holder is an open-limit rule with
    /// opens left. If any holder is a schedule, a time limit or a spent
    /// open limit, lifting the open-limit shields would leave the app
    /// blocked anyway, and the press would spend an open for nothing; so no
    /// Open at all. No holders (a stale shield) means no Open either.
    ///
    /// When several open-limit rules hold the shield, a press spends one
    /// open in each (one open of the app is an open for every rule counting
    /// it), and the shield shows the rule with the fewest opens left (ties
    /// broken by id, for determinism).
    public static func openGrant(holders: [ShieldCandidate]) -> OpenGrant? {
        guard !holders.isEmpty else { return nil }
        var tightest: (id: UUID, used: Int, max: Int, left: Int)?
        for holder in holders {
            guard let config = holder.rule.configuration.openLimit else { return nil }
            let left = config.opensLeft(after: holder.usage)
            guard left > 0 else { return nil }
            let entry = (id: holder.rule.id, used: holder.usage.opensUsed, max: config.maxOpens, left: left)
            if let current = tightest,
                (current.left, current.id.uuidString) <= (entry.left, entry.id.uuidString)
            {
                continue
            }
            tightest = entry
        }
        guard let tightest else { return nil }
        let ids = holders.map(\.rule.id).sorted { $0.uuidString < $1.uuidString }
        return OpenGrant(ruleIDs: ids, opensUsed: tightest.used, maxOpens: tightest.max)
    }
}
