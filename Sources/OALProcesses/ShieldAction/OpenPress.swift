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
/// The whole press runs under the press lock, exclusive (`PressLock`), so
/// presses run one at a time: a second launch for the same tap (a
/// duplicated delivery, docs/FAULTS.md finding 4) looks up after the first
/// is done, finds the shield lifted and spends nothing. Under the lock it
/// first resolves what a killed press left pending and reconciles every
/// published rule, as every launch does (finding 7), then:
///
/// 1. start the one-shot `open-session-<UUID>` activity that re-shields at
///    the session's end (refused: denied, nothing written). Its interval
///    starts at the current minute, so the platform owes its
///    `intervalDidStart` at once: if this press dies, the monitor is
///    launched at the same instant and resolves it;
/// 2. write the pending grant (`open-grants.json`: rule, opens before,
///    expiry), `shield-action.after-intent`;
/// 3. record the session expiry, `shield-action.after-record`;
/// 4. lift the rules' shields, `shield-action.after-lift`;
/// 5. spend one open per rule (check-and-spend under the ledger's lock):
///    the commit point, `shield-action.after-spend`.
///
/// Killed before 5, nothing is spent and the next process undoes the grant
/// (clears the session, re-shields); killed after, the grant stands and
/// the next process only forgets the record (`PendingGrants`). The one
/// step no design can make atomic with a write is the reply to the OS: a
/// press killed after its spend is a paid grant the OS never heard of
/// (docs/FAULTS.md, finding 1).
public struct OpenPress {
    private let context: ProcessContext
    private let stores: SharedStores

    public init(context: ProcessContext) throws {
        self.context = context
        stores = try context.stores()
    }

    /// What every press does before its button's own work, the Close
    /// press's only work: under the press lock, resolve what a killed press
    /// left pending and bring every published rule in line (finding 7: a
    /// launch of the app's code completes a change a killed or starved
    /// launch lost; explore seed 844, a Close press after a monitor's
    /// full disk).
    public func settle() throws {
        guard !Mutant.on(.unrecoverablePress) else { return }
        try context.pressLock.with(.exclusive) {
            try PendingGrants.resolve(context: context, stores: stores)
            try reconcileAll()
        }
    }

    public func press(_ subject: ShieldSubject) throws -> OpenPressResult {
        if Mutant.on(.pressWithoutLock) || Mutant.on(.spendWithoutLock) { return try pressLocked(subject) }
        return try context.pressLock.with(.exclusive) { try pressLocked(subject) }
    }

    private func pressLocked(_ subject: ShieldSubject) throws -> OpenPressResult {
        if !Mutant.on(.unrecoverablePress) {
            try PendingGrants.resolve(context: context, stores: stores)
            try reconcileAll()
        }
        let lookup = try ShieldLookup.lookUp(subject, context: context, stores: stores)
        guard let grant = ShieldArbitration.openGrant(holders: lookup.holders) else {
            return deny(Self.denial(holders: lookup.holders))
        }
        if Mutant.on(.pressWithoutLock) { usleep(300_000) }  // a slow launch: its duplicate looks up meanwhile
        let inputs = lookup.inputs
        guard inputs.sessionsKnown else {
            return deny("the session store has a newer format; no session can be recorded")
        }
        guard inputs.usageKnown else {
            return deny("today's usage journal has a newer format; no open can be spent")
        }

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
            var plan = MonitoringPlan.openSession(ruleID: ruleID, startingAt: start, calendar: inputs.calendar)
            if !Mutant.on(.unrecoverablePress) {
                // Started at the current minute: in progress, so its start
                // is delivered at once (the wake-up of a press killed below).
                plan.activity.schedule.intervalStart = Self.activityTime(
                    Self.wholeMinute(inputs.now, calendar: inputs.calendar), calendar: inputs.calendar)
            }
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

        var parts: [(rule: UUID, budget: Int, expiry: Date)] = []
        for ruleID in grant.ruleIDs {
            guard let holder = lookup.holders.first(where: { $0.rule.id == ruleID }),
                let budget = holder.rule.configuration.openLimit?.maxOpens
            else { continue }
            let expiry =
                plans[ruleID]?.expiry
                ?? MonitoringPlan.openSession(ruleID: ruleID, startingAt: start, calendar: inputs.calendar).expiry
            parts.append((ruleID, budget, expiry))
        }
        if Mutant.on(.unrecoverablePress) || Mutant.on(.spendWithoutLock) {
            return try spendThenLift(parts, inputs: inputs, start: start)
        }

        for part in parts where inputs.usage(of: part.rule).opensUsed >= part.budget {
            context.record(
                "open.exhausted",
                [
                    "rule": CanonicalUUID.string(part.rule), "day": inputs.day.description,
                    "opensUsed": "\(inputs.usage(of: part.rule).opensUsed)", "maxOpens": "\(part.budget)",
                ])
            return deny("no opens left for rule \(CanonicalUUID.string(part.rule))")
        }
        try stores.grants.add(
            PendingGrantStore.Grant(
                press: Self.pressName(), day: inputs.day.description,
                parts: parts.map {
                    PendingGrantStore.Part(
                        rule: $0.rule, opensBefore: inputs.usage(of: $0.rule).opensUsed, expiry: $0.expiry)
                }))
        CrashPoint.reach("shield-action.after-intent")

        for part in parts {
            try stores.sessions.set(rule: part.rule, expiresAt: part.expiry)
            context.record(
                "session.start", ["rule": CanonicalUUID.string(part.rule), "expiry": TraceEvent.timestamp(part.expiry)])
        }
        CrashPoint.reach("shield-action.after-record")

        let shields = ShieldController(context: context)
        for part in parts {
            try shields.clear(ruleID: part.rule, cause: "open-press", reason: "open-session-live")
        }
        CrashPoint.reach("shield-action.after-lift")

        for part in parts {
            let result = try stores.ledger.spendOpen(rule: part.rule, day: inputs.day, budget: part.budget)
            context.record(
                result.isGranted ? "open.spent" : "open.exhausted",
                [
                    "rule": CanonicalUUID.string(part.rule), "day": inputs.day.description,
                    "opensUsed": "\(result.opensUsed)", "maxOpens": "\(part.budget)",
                ])
            guard result.isGranted || part.rule != parts.first?.rule else { continue }
            if !result.isGranted {
                // Only a press outside the lock could have taken it; undo
                // this one as a killed press would be undone.
                try PendingGrants.resolve(context: context, stores: stores)
                try reconcileAll()
                return deny("no opens left for rule \(CanonicalUUID.string(part.rule))")
            }
        }
        CrashPoint.reach("shield-action.after-spend")
        try reconcileUninstallProtection(
            PublishedRule.loadAll(from: stores, context: context),
            inputs: EnforcementInputs.read(context: context, stores: stores))
        return granted(parts.map(\.rule), parts.map(\.expiry), start: start)
    }

    /// `unrecoverable-press`: the old order, spend → record → lift, with
    /// nothing that resolves a kill in between.
    private func spendThenLift(
        _ parts: [(rule: UUID, budget: Int, expiry: Date)], inputs: EnforcementInputs, start: Date
    ) throws -> OpenPressResult {
        var spent: [(rule: UUID, budget: Int, expiry: Date)] = []
        for part in parts {
            let result =
                Mutant.on(.spendWithoutLock)
                ? try stores.ledger.spendOpenUnlocked(rule: part.rule, day: inputs.day, budget: part.budget)
                : try stores.ledger.spendOpen(rule: part.rule, day: inputs.day, budget: part.budget)
            context.record(
                result.isGranted ? "open.spent" : "open.exhausted",
                [
                    "rule": CanonicalUUID.string(part.rule), "day": inputs.day.description,
                    "opensUsed": "\(result.opensUsed)", "maxOpens": "\(part.budget)",
                ])
            guard result.isGranted else { return deny("no opens left for rule \(CanonicalUUID.string(part.rule))") }
            spent.append(part)
        }
        CrashPoint.reach("shield-action.after-spend")
        for part in spent {
            try stores.sessions.set(rule: part.rule, expiresAt: part.expiry)
            context.record(
                "session.start", ["rule": CanonicalUUID.string(part.rule), "expiry": TraceEvent.timestamp(part.expiry)])
        }
        CrashPoint.reach("shield-action.after-record")
        let shields = ShieldController(context: context)
        for part in spent {
            try shields.clear(ruleID: part.rule, cause: "open-press", reason: "open-session-live")
        }
        CrashPoint.reach("shield-action.after-lift")
        return granted(spent.map(\.rule), spent.map(\.expiry), start: start)
    }

    private func granted(_ rules: [UUID], _ expiries: [Date], start: Date) -> OpenPressResult {
        let until = expiries.min() ?? start
        context.record(
            "open.granted",
            ["rules": rules.map(CanonicalUUID.string).joined(separator: ","), "until": TraceEvent.timestamp(until)])
        return .granted(ruleIDs: rules, until: until)
    }

    /// Every published rule brought in line with fresh inputs, as every
    /// launch does (a killed launch's lost shield change is completed).
    private func reconcileAll() throws {
        let inputs = try EnforcementInputs.read(context: context, stores: stores)
        let shields = ShieldController(context: context)
        let rules = try PublishedRule.loadAll(from: stores, context: context)
        for published in rules where inputs.canDecide(published.rule) {
            try shields.apply(
                rule: published.rule, selection: published.selection, decision: inputs.decide(published.rule),
                cause: "reconcile:open-press")
        }
        try reconcileUninstallProtection(rules, inputs: inputs)
    }

    /// A spent last open can start a Hard Mode block: removal is denied
    /// from the press on, with the app closed.
    private func reconcileUninstallProtection(_ rules: [PublishedRule], inputs: EnforcementInputs) throws {
        guard !Mutant.on(.uninstallForegroundOnly) else { return }
        try UninstallProtection(context: context, stores: stores).reconcile(
            rules: rules.map(\.rule), inputs: inputs, cause: "open-press")
    }

    /// This press's name in its pending grant: the emulated OS's launch
    /// number when there is one (the trace joins them), else the pid.
    static func pressName() -> String {
        ProcessEnvironment.value(TraceLog.launchVariable).map { "launch \($0)" }
            ?? "pid \(getpid())"
    }

    private func deny(_ reason: String) -> OpenPressResult {
        context.record("open.denied", ["reason": reason])
        return .denied(reason: reason)
    }

    static func denial(holders: [ShieldCandidate]) -> String {
        if holders.isEmpty { return "no rule is shielding this app" }
        if let other = holders.first(where: { $0.rule.configuration.openLimit == nil }) {
            return
                "shielded by \(other.rule.kind.displayName) rule \(CanonicalUUID.string(other.rule.id)), which has no Open"
        }
        return "no opens left today"
    }

    static func wholeMinute(_ instant: Date, calendar: Calendar) -> Date {
        calendar.dateInterval(of: .minute, for: instant)?.start ?? instant
    }

    static func activityTime(_ instant: Date, calendar: Calendar) -> ActivityTime {
        let clock = WallClock.timeOfDay(instant, calendar: calendar)
        return ActivityTime(
            day: DayKey(instant, calendar: calendar), hour: clock.hour, minute: clock.minute, second: clock.second)
    }

    static func nextWholeMinute(_ instant: Date, calendar: Calendar) -> Date {
        let seconds = instant.timeIntervalSince(
            calendar.dateInterval(of: .minute, for: instant)?.start ?? instant)
        return seconds > 0 ? instant.addingTimeInterval(60 - seconds) : instant
    }
}
