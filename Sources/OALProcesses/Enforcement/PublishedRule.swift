import Foundation
import OALDomain
import OALPlatform
import OALStore

/// A rule as the extensions know it: decoded from the app's snapshot, with
/// the selection its list resolved to when the app published it.
public struct PublishedRule: Hashable, Sendable {
    public var rule: Rule
    public var selection: AppSelection?

    public init(rule: Rule, selection: AppSelection?) {
        self.rule = rule
        self.selection = selection
    }

    /// Every snapshot that decodes. One that does not is traced
    /// (`snapshot.invalid`, naming the rule and field) and left out, so one
    /// bad entry cannot stop the extension from enforcing the others.
    public static func loadAll(from stores: SharedStores, context: ProcessContext) throws -> [PublishedRule] {
        var result: [PublishedRule] = []
        for snapshot in try stores.snapshots.all() {
            do {
                let (rule, selection) = try snapshot.decoded()
                result.append(PublishedRule(rule: rule, selection: selection))
            } catch {
                context.record(
                    "snapshot.invalid", ["rule": CanonicalUUID.string(snapshot.id), "reason": error.description])
            }
        }
        return result
    }
}

/// What every enforcement decision needs beside the rule: the instant, the
/// calendar, the day's usage and the granted sessions, read once.
public struct EnforcementInputs: Sendable {
    public var now: Date
    public var calendar: Calendar
    public var day: DayKey
    public var usage: [UUID: DailyUsage]
    public var sessions: [UUID: Date]
    /// False when the session store could not be read because a newer app
    /// version wrote it (docs/FAULTS.md, finding 5): no open-limit decision
    /// can then be trusted, every other rule's can.
    public var sessionsKnown: Bool
    /// False when today's usage journal could not be read because a newer
    /// app version wrote it: no time or open limit can be decided, a
    /// schedule can (it needs no usage), so one damaged document never
    /// stops an unrelated window from shielding.
    public var usageKnown: Bool
    /// With the sessions unknown: the rules whose one-shot session activity
    /// (`open-session-<UUID>`) DeviceActivity still has registered, nil if
    /// that could not be read either. A press registers its one-shot before
    /// it records or lifts anything, and is denied when it cannot, so a rule
    /// without one has no live session: its gate needs no session store
    /// (explore seed 802, an open limit enabled again).
    public var sessionActivities: Set<UUID>?

    public init(
        now: Date, calendar: Calendar, usage: [UUID: DailyUsage], sessions: [UUID: Date], sessionsKnown: Bool = true,
        usageKnown: Bool = true, sessionActivities: Set<UUID>? = nil
    ) {
        self.now = now
        self.calendar = calendar
        day = DayKey(now, calendar: calendar)
        self.usage = usage
        self.sessions = sessions
        self.sessionsKnown = sessionsKnown
        self.usageKnown = usageKnown
        self.sessionActivities = sessionActivities
    }

    /// Reads the clock, today's ledger and the session store. A session
    /// store of a newer format (never overwritten, docs/CONTRACT.md) is not
    /// a reason to stop enforcing the rules that do not need it: the inputs
    /// say the sessions are unknown instead, and open-limit rules are left
    /// as they are (`canDecide`).
    public static func read(context: ProcessContext, stores: SharedStores) throws -> EnforcementInputs {
        let clock = try context.clock()
        let calendar = try clock.calendar()
        let day = DayKey(clock.now, calendar: calendar)
        var sessions: [UUID: Date] = [:]
        var known = true
        var sessionActivities: Set<UUID>?
        do {
            sessions = try stores.sessions.all()
        } catch StoreError.newerFormat(let path, let found, let supported)
            where !Mutant.on(.newerSessionsStopEnforcement)
        {
            known = false
            sessionActivities = (try? context.platform.deviceActivity.activities()).map { names in
                Set(
                    names.compactMap { name -> UUID? in
                        guard case .openSession(let id) = ActivityName(rawValue: name) else { return nil }
                        return id
                    })
            }
            context.record(
                "sessions.unknown",
                ["path": path, "found": "\(found)", "known": "\(supported)", "effect": "open limits left as they are"])
        }
        var usage: [UUID: DailyUsage] = [:]
        var usageKnown = true
        do {
            usage = try stores.ledger.usage(day: day)
        } catch StoreError.newerFormat(let path, let found, let supported) where !Mutant.on(.newerUsageStopsEnforcement)
        {
            usageKnown = false
            context.record(
                "usage.unknown",
                [
                    "path": path, "found": "\(found)", "known": "\(supported)",
                    "effect": "time and open limits left as they are",
                ])
        }
        return EnforcementInputs(
            now: clock.now, calendar: calendar, usage: usage, sessions: sessions, sessionsKnown: known,
            usageKnown: usageKnown, sessionActivities: sessionActivities)
    }

    /// Whether `rule`'s decision can be made from these inputs: whatever
    /// the unknown ones hold (no session or one still running; no use or a
    /// budget spent), the decision is the same. A disabled, paused or
    /// unscheduled limit is off without them, so a newer-format store
    /// never keeps the shield of a rule the user turned off (explore seeds
    /// 740 and 802); an enabled open limit whose one-shot session activity
    /// is still registered (`sessionActivities`) is left as it is.
    public func canDecide(_ rule: Rule) -> Bool {
        guard !(sessionsKnown && usageKnown) else { return true }
        let mayBeLive = sessionActivities?.contains(rule.id) ?? true
        let sessionChoices: [Date?] =
            sessionsKnown ? [sessions[rule.id]] : mayBeLive ? [nil, .distantFuture] : [nil]
        let spent = DailyUsage(minutesUsed: Int(Int32.max), opensUsed: Int(Int32.max))
        let usageChoices: [DailyUsage] = usageKnown ? [usage(of: rule.id)] : [.zero, spent]
        let outcomes = Set(
            sessionChoices.flatMap { session in
                usageChoices.map { usage in
                    let decision = EnforcementDecision.decide(
                        rule: rule, at: now, calendar: calendar, usage: usage, sessionExpiry: session)
                    return [decision.shield, decision.filterAdultContent]
                }
            })
        return outcomes.count == 1
    }

    public func usage(of ruleID: UUID) -> DailyUsage { usage[ruleID] ?? .zero }

    /// The one decision both paths use, fed from these inputs.
    public func decide(_ rule: Rule) -> EnforcementDecision {
        var (rule, usage) = (rule, usage(of: rule.id))
        if Mutant.on(.decisionIgnoresDays), rule.kind == .schedule { rule.days = .everyDay }
        if Mutant.on(.decisionLateBudget) { usage.minutesUsed = max(usage.minutesUsed - 5, 0) }
        return EnforcementDecision.decide(
            rule: rule, at: now, calendar: calendar, usage: usage, sessionExpiry: sessions[rule.id])
    }

    public func candidate(_ published: PublishedRule) -> ShieldCandidate {
        ShieldCandidate(
            rule: published.rule, selection: published.selection, usage: usage(of: published.rule.id),
            sessionExpiry: sessions[published.rule.id])
    }
}
