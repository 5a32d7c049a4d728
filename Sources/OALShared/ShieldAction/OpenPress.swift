import Foundation
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// The outcome of a press of the shield's Open button.
public enum OpenPressResult: Hashable, Sendable {
    case granted(ruleIDs: [UUID], until: Date)
    case denied(reason: String)
}

/// The ShieldAction extension's Open press.
///
/// Steps, each followed by a crash point so a kill can land between any
/// two: start the one-shot `open-session-<UUID>` activity that re-shields
/// at the session's end (refused: the press is denied, nothing spent),
/// spend one open per holding rule (check-and-spend under one lock),
/// record the session expiry, lift the rules' shields. The re-shield is
/// scheduled before anything is spent, so no grant can leave the app
/// unshielded after its session; the session is recorded before the
/// shield lifts so that a kill in between leaves a live session that the
/// next refresh honours (it lifts the shield), never a spent open with the
/// app still locked and nothing to say it was paid for.
public struct OpenPress {
    private let context: ProcessContext
    private let stores: SharedStores

    public init(context: ProcessContext) throws {
        self.context = context
        stores = try context.stores()
    }

    public func press(_ subject: ShieldSubject) throws -> OpenPressResult {
        let lookup = try ShieldLookup.lookUp(subject, context: context, stores: stores)
        guard let grant = ShieldArbitration.openGrant(holders: lookup.holders) else {
            return deny(Self.denial(holders: lookup.holders))
        }
        let inputs = lookup.inputs

        // The re-shield first: the one-shot `open-session-<UUID>` activity
        // whose end wakes the monitor when the session is over. If
        // DeviceActivity refuses it (every slot taken: excessiveActivities),
        // nothing would re-shield the app after the session while the app is
        // closed, so the press is denied before anything is spent or lifted.
        // Whole minutes, rounded up: DeviceActivity schedules name minutes,
        // and the session must never end before the expiry the stores hold.
        let start = Self.nextWholeMinute(inputs.now, calendar: inputs.calendar)
        var plans: [UUID: OpenSessionPlan] = [:]
        for ruleID in grant.ruleIDs {
            let plan = MonitoringPlan.openSession(ruleID: ruleID, startingAt: start, calendar: inputs.calendar)
            let activity = plan.activity
            do {
                try context.platform.deviceActivity.startMonitoring(
                    activity.name.rawValue, during: ActivityConversion.schedule(activity.schedule))
                context.record("monitor.start", ["activity": activity.name.rawValue])
            } catch let error as MonitoringError {
                context.record("monitor.refused", ["activity": activity.name.rawValue, "reason": error.description])
                if Mutant.on(.grantWithoutReshield) { continue }
                return deny("cannot schedule the shield's return after the session (\(error.description))")
            }
            plans[ruleID] = plan
        }
        CrashPoint.reach("shield-action.after-monitor")

        var spent: [UUID] = []
        for ruleID in grant.ruleIDs {
            guard let holder = lookup.holders.first(where: { $0.rule.id == ruleID }),
                let budget = holder.rule.configuration.openLimit?.maxOpens
            else { continue }
            let result =
                Mutant.on(.spendWithoutLock)
                ? try stores.ledger.spendOpenUnlocked(rule: ruleID, day: inputs.day, budget: budget)
                : try stores.ledger.spendOpen(rule: ruleID, day: inputs.day, budget: budget)
            context.record(
                result.isGranted ? "open.spent" : "open.exhausted",
                [
                    "rule": ruleID.uuidString, "day": inputs.day.description, "opensUsed": "\(result.opensUsed)",
                    "maxOpens": "\(budget)",
                ])
            guard result.isGranted else {
                // A concurrent press took the last open between drawing and
                // pressing; the shield stays. The one-shot registered above
                // is left to end on its own (stopping it could end the
                // session of the press that won).
                return deny("no opens left for rule \(ruleID.uuidString)")
            }
            spent.append(ruleID)
        }
        CrashPoint.reach("shield-action.after-spend")

        var sessions: [(UUID, Date)] = []
        for ruleID in spent {
            let expiry =
                plans[ruleID]?.expiry
                ?? MonitoringPlan.openSession(ruleID: ruleID, startingAt: start, calendar: inputs.calendar).expiry
            try stores.sessions.set(rule: ruleID, expiresAt: expiry)
            context.record("session.start", ["rule": ruleID.uuidString, "expiry": TraceEvent.timestamp(expiry)])
            sessions.append((ruleID, expiry))
        }
        CrashPoint.reach("shield-action.after-record")

        let shields = ShieldController(context: context)
        for ruleID in spent {
            try shields.clear(ruleID: ruleID, cause: "open-press", reason: "open-session-live")
        }
        CrashPoint.reach("shield-action.after-lift")

        let until = sessions.map(\.1).min() ?? start
        context.record(
            "open.granted",
            ["rules": spent.map(\.uuidString).joined(separator: ","), "until": TraceEvent.timestamp(until)])
        return .granted(ruleIDs: spent, until: until)
    }

    private func deny(_ reason: String) -> OpenPressResult {
        context.record("open.denied", ["reason": reason])
        return .denied(reason: reason)
    }

    static func denial(holders: [ShieldCandidate]) -> String {
        if holders.isEmpty { return "no rule is shielding this app" }
        if let other = holders.first(where: { $0.rule.configuration.openLimit == nil }) {
            return "shielded by \(other.rule.kind.displayName) rule \(other.rule.id.uuidString), which has no Open"
        }
        return "no opens left today"
    }

    static func nextWholeMinute(_ instant: Date, calendar: Calendar) -> Date {
        let seconds = instant.timeIntervalSince(
            calendar.dateInterval(of: .minute, for: instant)?.start ?? instant)
        return seconds > 0 ? instant.addingTimeInterval(60 - seconds) : instant
    }
}
