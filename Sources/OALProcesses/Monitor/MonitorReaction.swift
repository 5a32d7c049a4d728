import Foundation
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// The DeviceActivityMonitor extension's reactions (spec §5.5). Every
/// reaction that touches a shield ends in the same `EnforcementDecision`
/// the app's refresh uses, so the background and foreground agree by
/// construction; what differs per callback is only what is recorded first
/// (minutes reached, a session ended).
public struct MonitorReaction {
    private let context: ProcessContext
    private let stores: SharedStores
    private let shields: ShieldController

    public init(context: ProcessContext) throws {
        self.context = context
        stores = try context.stores()
        shields = ShieldController(context: context)
    }

    /// Handles one callback. Names the monitor does not recognise, and the
    /// warnings (`intervalWillStartWarning`, ...), are traced as
    /// `callback.ignored` and otherwise left alone.
    ///
    /// Under the press lock (shared: no Open press runs meanwhile): first
    /// the grants a killed press left pending are resolved, then the
    /// callback's own reaction, then every published rule is reconciled
    /// (`reconcileAll`), so a shield change a killed launch of any process
    /// never wrote, or a time limit's day a lost midnight launch never
    /// armed, is completed by this one (docs/FAULTS.md, finding 7).
    public func handle(_ callback: CallbackKind, activity: String, event: String?) throws {
        var fields = ["callback": callback.rawValue, "activity": activity]
        if let event { fields["event"] = event }
        context.record("callback", fields)
        // OpenAppLock registers no warning time, so iOS sends it no warning.
        // One that comes all the same reports nothing that happened (no
        // edge passed, no threshold reached): traced and left alone, with
        // no lock taken and no store touched.
        if callback.isWarning { return ignore(fields, "the app registers no warning time") }
        try context.pressLock.with(.shared) {
            try PendingGrants.resolve(context: context, stores: stores)
            try react(callback, activity: activity, event: event, fields)
            if !Mutant.on(.monitorOwnRuleOnly), !Mutant.on(.refreshStaleSessions) {
                try reconcileAll(cause: "reconcile:\(callback.rawValue):\(activity)")
            }
        }
    }

    private func react(
        _ callback: CallbackKind, activity: String, event: String?, _ fields: [String: String]
    ) throws {
        guard let name = ActivityName(rawValue: activity) else {
            return ignore(fields, "unknown activity name")
        }
        switch (callback, name) {
        case (.intervalDidStart, .limit), (.intervalDidEnd, .limit):
            // Interval start is the midnight reset: the fresh day's decision
            // re-gates open limits and lifts spent time limits.
            try recompute(name.ruleID, cause: "\(callback.rawValue):\(activity)", fields)
        case (.intervalDidStart, .limitDay):
            try recompute(name.ruleID, cause: "\(callback.rawValue):\(activity)", fields)
        case (.intervalDidEnd, .limitDay(let ruleID, let day)):
            try recompute(ruleID, cause: "\(callback.rawValue):\(activity)", fields)
            try rollOver(ruleID, endedDay: day, activity: activity, fields)
        case (.eventDidReachThreshold, .limit), (.eventDidReachThreshold, .limitDay):
            guard let event, let threshold = EventName(rawValue: event) else {
                return ignore(fields, "unknown event name")
            }
            try recordMinutes(threshold.minutes, ruleID: name.ruleID, namedDay: name.day, fields)
        case (.intervalDidStart, .scheduleWindow), (.intervalDidEnd, .scheduleWindow),
            (.intervalDidStart, .scheduleAfterMidnight), (.intervalDidEnd, .scheduleAfterMidnight):
            try recompute(name.ruleID, cause: "\(callback.rawValue):\(activity)", fields)
        case (.intervalDidEnd, .openSession):
            try endSession(name.ruleID, fields)
        default:
            ignore(fields, "nothing to do for this callback")
        }
    }

    /// Every published rule's store brought in line with the decision from
    /// fresh inputs. A store already right is only read, so this costs one
    /// read per rule when nothing was lost. Then every time limit's current
    /// day is registered if a lost launch never armed it
    /// (`armMissingDays`).
    private func reconcileAll(cause: String) throws {
        let inputs = try EnforcementInputs.read(context: context, stores: stores)
        let rules = try publishedRules()
        for published in rules {
            try apply(published, inputs: inputs, cause: cause, quiet: true)
        }
        // A window or a budget is what changes here, with the app closed.
        if !Mutant.on(.uninstallForegroundOnly) {
            try UninstallProtection(context: context, stores: stores).reconcile(
                rules: rules.map(\.rule), inputs: inputs, cause: cause)
        }
        // The undated activity (an older build's shape) has no day to miss,
        // and a dated one beside it would count the day's usage twice.
        if !Mutant.on(.undatedLimitActivity) {
            try armMissingDays(rules, inputs: inputs, cause: cause)
        }
    }

    /// A time limit's day is armed by one launch, the previous day's end at
    /// midnight (`rollOver`); a launch that wrote nothing there (killed, a
    /// full disk) would leave the rule without a threshold for the whole
    /// day while the app stays closed, since nothing else registers it.
    /// Each enabled time limit on one of its days therefore gets its
    /// current day registered when it is missing. Its events carry
    /// `includesPastActivity`, so a late registration still counts the day
    /// from its midnight. Only the current day: a next day is `rollOver`'s,
    /// and the app's plan arms it when today is not one of the rule's days.
    /// A rule holding a later day's activity is left alone: the date moved
    /// back (travel west, a clock set back), so today was already lived in
    /// real time, and its day counted from its midnight would count that
    /// use a second time. Run after the shields, so a kill in this write
    /// loses no shield.
    private func armMissingDays(_ rules: [PublishedRule], inputs: EnforcementInputs, cause: String) throws {
        let wanted = rules.compactMap { published -> (PublishedRule, MonitoredActivity)? in
            let rule = published.rule
            guard rule.isEnabled, let config = rule.configuration.timeLimit,
                MonitoringPlan.limitDay(for: rule, onOrAfter: inputs.now, calendar: inputs.calendar) == inputs.day
            else { return nil }
            let planned = MonitoringPlan.limitDayActivity(
                ruleID: rule.id, config: config, day: inputs.day, calendar: inputs.calendar)
            return (published, planned)
        }
        // Read only when some rule could be missing its day: a callback with
        // no time limit on today touches no registry.
        guard !wanted.isEmpty else { return }
        let center = context.platform.deviceActivity
        let registered = try center.activities()
        var latestDay: [UUID: DayKey] = [:]
        for case .limitDay(let ruleID, let day) in registered.compactMap(ActivityName.init(rawValue:)) {
            latestDay[ruleID] = max(latestDay[ruleID] ?? day, day)
        }
        for (published, planned) in wanted {
            if let latest = latestDay[published.rule.id], latest >= inputs.day { continue }
            let name = planned.name.rawValue
            do {
                try center.startMonitoring(
                    name, during: ActivityConversion.schedule(planned.schedule),
                    events: ActivityConversion.events(planned, selection: published.selection))
                context.record("monitor.start", ["activity": name, "cause": "self-arm", "repair": cause])
            } catch let error as MonitoringError {
                // Past the 20 slots as anywhere else: the rule is enforced in
                // the foreground only until a slot frees and a later
                // reconcile (this one's or the app's) registers it.
                context.record("monitor.refused", ["activity": name, "reason": error.description])
            }
        }
    }

    /// The rules the app published, read from the mirror every time: a
    /// warm process (iOS kept the extension alive) must not act on the
    /// rules of an earlier callback.
    private func publishedRules() throws -> [PublishedRule] {
        guard Mutant.on(.monitorCachesRules) else { return try PublishedRule.loadAll(from: stores, context: context) }
        if let cached = RulesReadOnce.rules { return cached }
        let rules = try PublishedRule.loadAll(from: stores, context: context)
        RulesReadOnce.rules = rules
        return rules
    }

    private func ignore(_ fields: [String: String], _ reason: String) {
        var fields = fields
        fields["reason"] = reason
        context.record("callback.ignored", fields)
    }

    private func published(_ ruleID: UUID, _ fields: [String: String]) throws -> PublishedRule? {
        let rule = try publishedRules().first { $0.rule.id == ruleID }
        if rule == nil { ignore(fields, "no published rule \(CanonicalUUID.string(ruleID))") }
        return rule
    }

    private func recompute(_ ruleID: UUID, cause: String, _ fields: [String: String]) throws {
        guard let published = try published(ruleID, fields) else { return }
        let inputs = try EnforcementInputs.read(context: context, stores: stores)
        try apply(published, inputs: inputs, cause: cause)
    }

    private func apply(
        _ published: PublishedRule, inputs: EnforcementInputs, cause: String, quiet: Bool = false,
        sessionOver: Bool = false
    ) throws {
        // Sessions unknown (a newer-format store): an open limit they could
        // lift is left as it is, except at its own session's end, when
        // shielding is right.
        guard inputs.canDecide(published.rule) || sessionOver else {
            if !quiet {
                context.record(
                    "decision.skipped", ["rule": CanonicalUUID.string(published.rule.id), "reason": "sessions unknown"])
            }
            return
        }
        let decision =
            Mutant.on(.monitorIgnoresSessions)
            ? EnforcementDecision.decide(
                rule: published.rule, at: inputs.now, calendar: inputs.calendar,
                usage: inputs.usage(of: published.rule.id)) : inputs.decide(published.rule)
        if quiet {
            // The reconcile traces only what it changes.
            try shields.apply(rule: published.rule, selection: published.selection, decision: decision, cause: cause)
            return
        }
        context.record(
            "decision",
            [
                "rule": CanonicalUUID.string(published.rule.id), "shield": decision.shield ? "true" : "false",
                "reason": ShieldController.describe(decision.reason), "cause": cause,
            ])
        try shields.apply(rule: published.rule, selection: published.selection, decision: decision, cause: cause)
    }

    /// `minutes-<k>`: the rule's apps have been used k minutes in the
    /// interval. Minutes only move up in the ledger, so a re-delivered or
    /// out-of-order event can never lower the count.
    ///
    /// A day-keyed activity (`rule-<UUID>-<day>`) names the day: the
    /// minutes are filed under it whenever the callback arrives, so a batch
    /// flushed after midnight lands on the day it was used, never on today.
    /// The minutes of the longest local day (25 hours, a DST fall-back).
    static let maximumMinutesInADay = 25 * 60

    private func recordMinutes(_ minutes: Int, ruleID: UUID, namedDay: DayKey?, _ fields: [String: String]) throws {
        guard let published = try published(ruleID, fields) else { return }
        guard published.rule.configuration.timeLimit != nil else {
            return ignore(fields, "threshold event for a rule that is not a time limit")
        }
        // No day has more than 25 hours (a day that falls back from DST), so
        // a larger threshold can never be reached: DeviceActivity would never
        // deliver it, and trusting it would record a usage no one spent (and
        // `minutes * 60` below would overflow).
        guard minutes <= Self.maximumMinutesInADay else {
            return ignore(fields, "threshold of \(minutes) minutes, more minutes than a day has")
        }
        let clock = try context.clock()
        let calendar = try clock.calendar()
        let today = DayKey(clock.now, calendar: calendar)
        let day: DayKey
        if let namedDay {
            guard namedDay <= today else { return ignore(fields, "threshold of day \(namedDay), after today") }
            day = namedDay
        } else {
            // An undated `rule-<UUID>` (registered by an older build, or the
            // `undated-limit-activity` mutant) names no day, so the day is
            // guessed: k minutes of use cannot fit in less than k minutes of
            // today, so such an event belongs to the day before. A batch
            // flushed later than k minutes after midnight is still filed
            // under today (docs/FAULTS.md, finding 3).
            let sinceMidnight = clock.now.timeIntervalSince(WallClock.startOfDay(clock.now, calendar: calendar))
            day =
                sinceMidnight < TimeInterval(minutes * 60)
                ? DayKey(
                    WallClock.startOfDay(offsetBy: -1, from: clock.now, calendar: calendar), calendar: calendar)
                : today
        }
        let after =
            Mutant.on(.monitorSkipsMinutes)
            ? try stores.ledger.usage(rule: ruleID, day: day)
            : try stores.ledger.recordMinutes(
                minutes + (Mutant.on(.monitorInventsMinutes) ? 5 : 0), rule: ruleID, day: day)
        context.record(
            "usage.minutes",
            [
                "rule": CanonicalUUID.string(ruleID), "day": day.description, "minutes": "\(minutes)",
                "minutesUsed": "\(after.minutesUsed)",
            ])
        // Minutes recorded, shield not yet decided: a kill here leaves the
        // ledger ahead of the shield until the next callback or refresh.
        CrashPoint.reach("monitor.after-record-minutes")
        let inputs = try EnforcementInputs.read(context: context, stores: stores)
        try apply(published, inputs: inputs, cause: "eventDidReachThreshold:\(fields["event"] ?? "")")
    }

    /// A time limit's day ended (its interval reached the next midnight):
    /// stop that day's activity, which would otherwise hold a slot, and arm
    /// the rule's next enabled day, so the limit goes on while the app stays
    /// closed ("self-arm"). An `intervalDidEnd` owed because the app stopped
    /// the activity mid-day (rule disabled, edited, deleted) is not a day's
    /// end: nothing is armed. A day the app (or an earlier callback) already
    /// armed is left alone, so its threshold count is not restarted.
    private func rollOver(_ ruleID: UUID, endedDay: DayKey, activity: String, _ fields: [String: String]) throws {
        let clock = try context.clock()
        let calendar = try clock.calendar()
        guard let dayStart = endedDay.start(in: calendar),
            clock.now >= WallClock.startOfDay(offsetBy: 1, from: dayStart, calendar: calendar)
        else { return }
        let center = context.platform.deviceActivity
        let registered = try center.activities()
        if registered.contains(activity) {
            try center.stopMonitoring([activity])
            context.record("monitor.stop", ["activity": activity, "cause": "day-ended"])
        }
        guard
            let published = try publishedRules().first(where: {
                $0.rule.id == ruleID
            }),
            published.rule.isEnabled, let config = published.rule.configuration.timeLimit,
            let next = MonitoringPlan.nextLimitDay(for: published.rule, after: endedDay, calendar: calendar)
        else { return }
        let planned = MonitoringPlan.limitDayActivity(ruleID: ruleID, config: config, day: next, calendar: calendar)
        let name = planned.name.rawValue
        guard !registered.contains(name) else { return }
        do {
            try center.startMonitoring(
                name, during: ActivityConversion.schedule(planned.schedule),
                events: ActivityConversion.events(planned, selection: published.selection))
            context.record("monitor.start", ["activity": name, "cause": "self-arm"])
        } catch let error as MonitoringError {
            // The next reconcile, the monitor's or the app's, registers it
            // once a slot frees; the day's usage is still counted then
            // (includesPastActivity).
            context.record("monitor.refused", ["activity": name, "reason": error.description])
        }
    }

    /// The one-shot session ended: forget the session it stood for (never a
    /// newer one granted meanwhile, whose expiry is later) and re-shield as
    /// the decision says.
    private func endSession(_ ruleID: UUID, _ fields: [String: String]) throws {
        let now = try context.now()
        let inputs = try EnforcementInputs.read(context: context, stores: stores)
        guard inputs.sessionsKnown else {
            // A newer app's session store: the session this one-shot stood
            // for is over by definition, so the rule shields as without one.
            guard let published = try published(ruleID, fields) else { return }
            return try apply(
                published, inputs: inputs, cause: "intervalDidEnd:\(fields["activity"] ?? "")", sessionOver: true)
        }
        if let expiry = try stores.sessions.expiry(rule: ruleID), expiry > now, !Mutant.on(.sessionEndsWithTravel) {
            // Ended before its expiry: only travel moves a one-shot's end
            // (its components are wall-clock times; the app never stops a
            // live one). The session is 15 minutes of real time, so its
            // re-shield is armed again on the new wall clock.
            if try rearmSession(ruleID, expiry: expiry) { return }
        }
        if let expiry = try stores.sessions.expiry(rule: ruleID), expiry <= now {
            if try stores.sessions.clear(rule: ruleID, ifExpiryIs: expiry) {
                context.record(
                    "session.end", ["rule": CanonicalUUID.string(ruleID), "expiry": TraceEvent.timestamp(expiry)])
            }
            // Session forgotten, shield not yet back.
            CrashPoint.reach("monitor.after-session-clear")
        }
        try recompute(ruleID, cause: "intervalDidEnd:\(fields["activity"] ?? "")", fields)
    }
}

extension MonitorReaction {
    /// The one-shot for the rest of a session: the same 15-minute interval
    /// ending at `expiry`, in the current zone's wall clock, so it is in
    /// progress now (its start comes at once) and ends at the expiry. False
    /// when DeviceActivity refuses it: the session then ends now, since
    /// nothing else would re-shield the app while it is closed.
    fileprivate func rearmSession(_ ruleID: UUID, expiry: Date) throws -> Bool {
        let calendar = try context.clock().calendar()
        let start = expiry.addingTimeInterval(-TimeInterval(MonitoringPlan.openSessionMinutes * 60))
        let activity = MonitoringPlan.openSession(ruleID: ruleID, startingAt: start, calendar: calendar).activity
        do {
            try context.platform.deviceActivity.startMonitoring(
                activity.name.rawValue, during: ActivityConversion.schedule(activity.schedule))
            context.record("monitor.start", ["activity": activity.name.rawValue, "cause": "session-rearmed"])
            return true
        } catch let error as MonitoringError {
            context.record("monitor.refused", ["activity": activity.name.rawValue, "reason": error.description])
            if try stores.sessions.clear(rule: ruleID, ifExpiryIs: expiry) {
                context.record(
                    "session.end", ["rule": CanonicalUUID.string(ruleID), "expiry": TraceEvent.timestamp(expiry)])
            }
            return false
        }
    }
}

/// `monitor-caches-rules`: the rules of the process's first callback, kept
/// for its life. One process serves one callback at a time (the lockstep
/// device, or iOS's serial delivery), so the static is never raced.
private enum RulesReadOnce {
    nonisolated(unsafe) static var rules: [PublishedRule]?
}
