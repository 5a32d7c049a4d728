import Foundation
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// Resolves the Open presses a killed `oal-shield-action` left half-done
/// (docs/FAULTS.md, finding 1). A press writes its pending grant
/// (`open-grants.json`) before it records a session, lifts a shield or
/// spends; its commit point is the spend. Whichever process runs next under
/// the press lock (`PressLock`: no press is alive) decides each record:
///
/// - **committed** (the ledger holds the open the press was spending: a
///   part's `opensUsed` is past `opensBefore`): the grant stands; an open a
///   multi-rule press did not get to spend is spent (`spendOpen` with
///   budget `opensBefore + 1`, so never twice), its sessions stay;
/// - **not committed**: nothing was spent, so the grant is undone: each
///   session it recorded is cleared (only if it is still that session) and
///   the caller's reconcile re-shields.
///
/// Deterministic: the outcome depends on the stores only, never on which
/// process resolves or when.
public enum PendingGrants {
    /// Resolves every pending grant and forgets it. Returns the rules whose
    /// grant was undone (their shields must be recomputed). Call with the
    /// press lock held.
    @discardableResult
    public static func resolve(context: ProcessContext, stores: SharedStores) throws -> [UUID] {
        guard !(try stores.grants.all()).isEmpty else { return [] }
        var undone: [UUID] = []
        try stores.grants.file.update { document in
            for grant in document?.grants ?? [] {
                guard let day = DayKey(grant.day) else { continue }
                var committed = false
                for part in grant.parts {
                    guard let rule = part.ruleID else { continue }
                    if try stores.ledger.usage(rule: rule, day: day).opensUsed > part.opensBefore { committed = true }
                }
                for part in grant.parts {
                    guard let rule = part.ruleID else { continue }
                    if committed {
                        let result = try stores.ledger.spendOpen(rule: rule, day: day, budget: part.opensBefore + 1)
                        if result.isGranted {
                            context.record(
                                "open.spent",
                                [
                                    "rule": CanonicalUUID.string(rule), "day": day.description,
                                    "opensUsed": "\(result.opensUsed)", "cause": "resolve",
                                ])
                        }
                    } else {
                        if try stores.sessions.clear(rule: rule, ifExpiryIs: part.expiry) {
                            context.record(
                                "session.end",
                                [
                                    "rule": CanonicalUUID.string(rule), "expiry": TraceEvent.timestamp(part.expiry),
                                    "cause": "resolve",
                                ])
                        }
                        undone.append(rule)
                    }
                }
                context.record(
                    "open.resolved",
                    [
                        "press": grant.press, "day": grant.day, "outcome": committed ? "committed" : "undone",
                        "rules": grant.parts.map(\.rule).joined(separator: ","),
                    ])
            }
            document = PendingGrantStore.Document()
        }
        return undone
    }
}
