import Foundation
import OALDomain
import OALPlatform
import OALScenario

/// Why the shields may differ from the spec model right now: a platform
/// fact the design cannot beat, each with the deadline by which the shields
/// must have converged (docs/ORACLE.md, "Named reasons and their
/// deadlines"). Anything else is a violation.
extension Oracle {
    /// The named reason excusing `rule`'s part in a divergence that began at
    /// `since`, or nil when the deadline has passed or no reason applies.
    /// - Parameter usageDamage: whether a usage journal a fault damaged
    ///   excuses it; the checks of the usage itself ask for what the fault
    ///   destroyed instead (`usageDestroyed`), never the whole day.
    func namedReason(for rule: Rule, since: Date, usageDamage: Bool = true) -> String? {
        let refreshed = (facts.lastRefresh ?? .distantPast) >= since
        let today = days.day(now)
        if let reason = authorizationReason() { return reason }
        for callback in withheld.values.sorted(by: { $0.activity < $1.activity }) {
            guard OALDomain.ActivityName(rawValue: callback.activity)?.ruleID == rule.id else { continue }
            if callback.kind == CallbackKind.eventDidReachThreshold.rawValue {
                // Only thresholds tell anyone about usage: the app's refresh
                // cannot stand in for them, so they excuse until they are
                // flushed or the day (and its budget) is over.
                if days.day(callback.edge) == today {
                    return "threshold of \(callback.activity) withheld (\(callback.reason)); "
                        + "deadline: its delivery or the end of the day"
                }
            } else if (facts.lastRefresh ?? .distantPast) < callback.edge {
                return "\(callback.kind) of \(callback.activity) not arrived (\(callback.reason)); "
                    + "deadline: its delivery or the app's next refresh"
            }
        }
        if let reason = unreachedThresholdReason(for: rule, day: today) { return reason }
        if let reason = killReason(for: rule, today: today, since: since) { return reason }
        if usageDamage, let travel = travel(into: today), travelExplains(rule, travel) {
            return travelReason(travel, day: today, shield: true)
        }
        if usageDamage, let reason = usageDamageReason(for: rule, day: today, since: since) { return reason }
        if case .openLimit = rule.configuration,
            (spec.grants[rule.id] ?? []).contains(where: {
                now >= $0.addingTimeInterval(SpecModel.sessionSeconds)
                    && now < $0.addingTimeInterval(SpecModel.sessionSeconds + Self.sessionEdgeSlack)
            })
        {
            // Spec §4.4: "lifts the shield for ~15 minutes"; the one-shot
            // that re-arms it can only end on a whole minute.
            return "an open session's re-shield comes on a whole minute (DeviceActivity's interval edges), "
                + "up to a minute after its ~15 minutes; deadline: 16 minutes after the press"
        }
        if case .openLimit = rule.configuration,
            let expiry = (spec.grants[rule.id] ?? []).map({ $0.addingTimeInterval(SpecModel.sessionSeconds) }).last(
                where: { expiry in
                    now >= expiry
                        && now
                            < Self.firstNamedInstant(atOrAfter: expiry, calendar)
                            .addingTimeInterval(Self.sessionEdgeSlack)
                })
        {
            // Only in the second showing of a repeated hour is the named
            // instant later than the expiry.
            let edge = Self.firstNamedInstant(atOrAfter: expiry, calendar)
            return "an open session ending in the repeated hour of a fall back (\(localText(expiry))) is "
                + "re-shielded when that hour is over: date components name a repeated time's first showing, "
                + "before the press; deadline: a minute after \(localText(edge))"
        }
        if !rule.hardMode, let until = rule.pausedUntil,
            now >= until, now < until.addingTimeInterval(Self.sessionEdgeSlack)
        {
            // Spec §4.3: a pause lasts 15 minutes; the one-shot that re-arms
            // the shield ends on a whole minute, and must end after the pause
            // for the monitor to see it over.
            return "a pause's re-shield comes on a whole minute (DeviceActivity's interval edges), "
                + "up to a minute after the pause ends; deadline: a minute after \(localText(until))"
        }
        if case .openLimit = rule.configuration,
            (spec.unsurePresses[rule.id] ?? []).contains(where: {
                now >= $0 && now < $0.addingTimeInterval(SpecModel.sessionSeconds + Self.sessionEdgeSlack)
            })
        {
            return "an Open press whose outcome never came back (killed) may have granted its session; "
                + "deadline: 16 minutes after the press"
        }
        if !callbacksDelivered {
            if case .timeLimit = rule.configuration {
                return "no DeviceActivity callbacks in this run (paths: foreground): a time limit's usage "
                    + "is only known through its thresholds; deadline: none in this mode"
            }
            if !refreshed {
                return "no DeviceActivity callbacks in this run (paths: foreground); deadline: the app's next refresh"
            }
        }
        if !refreshed, case .schedule(let config) = rule.configuration,
            let edge = Self.foregroundOnlyEdge(start: config.startMinutes, end: config.endMinutes)
        {
            return "foreground-only edge (\(edge)): DeviceActivity cannot carry it, only the app's "
                + "foreground loop; deadline: the app's next refresh"
        }
        if spec.refused.contains(rule.id) {
            if case .timeLimit = rule.configuration {
                // No refresh can stand in: a time limit's usage reaches the
                // app only through the thresholds of its own activity.
                return "an activity of this time limit was refused (excessiveActivities: over DeviceActivity's 20), "
                    + "and only its thresholds carry its usage; deadline: the activity registered"
            }
            if !refreshed {
                return "an activity of this rule was refused (excessiveActivities: over DeviceActivity's 20); "
                    + "deadline: the app's next refresh"
            }
        }
        return nil
    }

    static let sessionEdgeSlack: TimeInterval = 60

    /// How much of `rule`'s usage on `day` a fault destroyed in its journal:
    /// the most a usage check may find missing through no fault of the
    /// design.
    func usageDestroyed(_ rule: UUID, day: DayKey) -> (minutes: Int, opens: Int) {
        guard let damage = spec.usageDamaged, damage.day == day.description else { return (0, 0) }
        if damage.refusesWrites { return (Int.max / 2, Int.max / 2) }
        return (damage.lostMinutes[CanonicalUUID.string(rule)] ?? 0, damage.lostOpens[CanonicalUUID.string(rule)] ?? 0)
    }

    /// A fault destroyed `day`'s usage journal (`store truncate|corrupt|
    /// newer-format usage`): the minutes and opens it held are lost to the
    /// design, and iOS delivers none of the day's thresholds again. Only a
    /// rule whose decision needs usage is excused, and only for a
    /// divergence that began with the damage or after it; a schedule still
    /// shields.
    func usageDamageReason(for rule: Rule, day: DayKey, since: Date) -> String? {
        guard let damage = spec.usageDamaged, damage.day == day.description, since >= damage.time,
            rule.configuration.timeLimit != nil || rule.configuration.openLimit != nil
        else { return nil }
        let lost =
            damage.refusesWrites
            ? "it is in a newer format, which this app never overwrites, so the day's usage is lost"
            : "what it held is lost"
        return "the usage journal of \(damage.day) damaged by a fault (\(damage.fault)) at "
            + "\(localText(damage.time)): \(lost), and DeviceActivity never redelivers the thresholds "
            + "that carried it; deadline: the end of the day"
    }
    /// The first instant at or after `instant` whose own wall-clock date
    /// and time name it (`Calendar.date(from:)` gives it back): found by
    /// walking minutes forward, apart from the domain's `WallClock`.
    static func firstNamedInstant(atOrAfter instant: Date, _ calendar: Calendar) -> Date {
        var candidate = instant
        for _ in 0..<(4 * 60) {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: candidate)
            if calendar.date(from: parts) == candidate { return candidate }
            let seconds = calendar.component(.second, from: candidate)
            candidate = candidate.addingTimeInterval(TimeInterval(60 - seconds))
        }
        return candidate
    }

    /// The travel that made `day` overlap another day, or nil:
    /// - forward (`reentered` false): the travel moved the date into `day`,
    ///   which began, in the new zone, before the travel; DeviceActivity
    ///   counts a day's interval from its start (`includesPastActivity`),
    ///   so use filed on `oldDay` before the travel counts on `day` too;
    /// - forward with the date kept (`keptDate`): east, the travel left the
    ///   date as it was, but `day` began earlier in the new zone, on the
    ///   old zone's day before (`reachesBack`), whose use since then
    ///   DeviceActivity counts on `day` too (explore seeds 57 and 230);
    /// - back into `day` (`movedBack`): west, the travel moved the date
    ///   back to `day`, which began in the new zone before `oldDay` did, so
    ///   all of `oldDay`'s use before the travel counts on `day` too (a
    ///   round trip, Los Angeles to New York and back after New York's
    ///   midnight: explore seeds 631, 715);
    /// - back (`reentered` true): the travel moved the date back from
    ///   `day`, which the device then lives again from its start in the new
    ///   zone; DeviceActivity counts that interval from there, so the use
    ///   filed on `day` before the travel is in none of its thresholds.
    func travel(into day: DayKey) -> TravelOverlap? {
        for travel in (spec.travels ?? []).reversed() {
            guard let from = TimeZone(identifier: travel.from), let to = TimeZone(identifier: travel.to) else {
                continue
            }
            var old = calendar
            old.timeZone = from
            var new = calendar
            new.timeZone = to
            let oldDay = SpecDays(calendar: old).day(travel.time)
            let newDay = SpecDays(calendar: new).day(travel.time)
            // Over 24 hours of offset (Pago Pago to Kiritimati just after
            // midnight) the new day began before the old one did; east
            // with the date kept (UTC to Kathmandu at 02:00) too.
            let start = SpecDays(calendar: new).start(travel.time)
            let reachesBack =
                start < SpecDays(calendar: old).start(travel.time) ? SpecDays(calendar: old).day(start) : nil
            if newDay == day, oldDay < day {
                return TravelOverlap(travel: travel, oldDay: oldDay, reentered: false, reachesBack: reachesBack)
            }
            if newDay == day, oldDay > day {
                // West into a day begun before the old day did: all the old
                // day's use before the travel is in the new day's interval.
                return TravelOverlap(travel: travel, oldDay: oldDay, reentered: false, movedBack: true)
            }
            if newDay == day, oldDay == day, reachesBack != nil {
                return TravelOverlap(
                    travel: travel, oldDay: oldDay, reentered: false, reachesBack: reachesBack, keptDate: true)
            }
            if oldDay == day, newDay < day { return TravelOverlap(travel: travel, oldDay: oldDay, reentered: true) }
        }
        return nil
    }

    /// `shield`: the reason excuses a time limit's shield, which the
    /// travel explains only while the budget's verdict turns on the use it
    /// moved (`travelExplains`), so that is its deadline.
    func travelReason(_ found: TravelOverlap, day: DayKey, shield: Bool = false) -> String {
        let travel =
            "time-zone travel at \(localText(found.travel.time)) from \(found.travel.from) to \(found.travel.to)"
        if found.reentered {
            let deadline =
                shield
                ? "the budget spent by the use since \(day) began again, or the end of \(day)" : "the end of \(day)"
            return travel + " moved the date back, so \(day) is lived again from its start: DeviceActivity counts "
                + "it from there, and the use on \(day) before the travel is in none of its thresholds; "
                + "deadline: \(deadline)"
        }
        let deadline =
            shield ? "the budget spent by the use on \(day) alone, or the end of \(day)" : "the end of \(day)"
        if found.movedBack {
            return travel + " moved the date back to \(day), a day that began in the new zone before "
                + "\(found.oldDay) did: DeviceActivity counts its past activity, so use on \(found.oldDay) before the "
                + "travel counts on both days; deadline: \(deadline)"
        }
        if found.keptDate, let before = found.reachesBack {
            return travel + " kept the date \(day), which began earlier in the new zone, on \(before): "
                + "DeviceActivity counts its past activity, so use on \(before) since then counts on both days; "
                + "deadline: \(deadline)"
        }
        return travel + " moved the date to \(day), a day that began before the travel: DeviceActivity counts its "
            + "past activity, so use on \(found.oldDay) before the travel counts on both days; "
            + "deadline: \(deadline)"
    }

    /// Whether the travel that overlaps today explains a divergence of the
    /// time limit `rule`: the spec model counts a covered minute on the
    /// day it was used, DeviceActivity counts the day's interval in the
    /// new zone, and only while the two counts fall on different sides of
    /// the budget can the app's thresholds have told it otherwise. On a day
    /// lived again that is an under-enforcement the minutes filed on it
    /// before the travel account for; on a day moved into, an
    /// over-enforcement the use before the travel accounts for. Anything
    /// else that day, a budget its own use spent included, is the app's.
    func travelExplains(_ rule: Rule, _ found: TravelOverlap) -> Bool {
        guard let entry = userRules.byID[rule.id], entry.rule.configuration.timeLimit != nil,
            rule.configuration.timeLimit != nil, let catalog = lastCatalog
        else { return false }
        let model = specModel
        let day = userDay(entry, catalog: catalog)
        var counted = day
        counted.coveredSeconds = max(
            0, day.coveredSeconds + travelShift(found, of: entry, day: days.day(now), catalog: catalog))
        return model.shields(entry.rule, at: now, day: day) != model.shields(entry.rule, at: now, day: counted)
    }

    /// What DeviceActivity's count of the overlapped day differs from the
    /// spec model's by, in covered seconds: less the use filed on a day
    /// lived again before the travel; at most plus the use before the
    /// travel since the new day's start in the new zone, on a day moved
    /// into (all of the old day's, the bound `usage-not-invented` uses too;
    /// none when the travel kept the date), and at most all of the day
    /// before the old day's when the new day began on it.
    func travelShift(_ found: TravelOverlap, covering covers: (String) -> Bool) -> TimeInterval {
        let filed = secondsFiled(found, covering: covers)
        if found.reentered { return -filed }
        // With the date kept, the use filed before the travel is on the
        // same day, counted by the spec model already.
        return (found.keptDate ? 0 : filed) + (found.reachesBack.map { truth.seconds(on: $0, where: covers) } ?? 0)
    }

    /// Seconds of the apps `covers` accepts filed on the old zone's day
    /// before the travel.
    func secondsFiled(_ found: TravelOverlap, covering covers: (String) -> Bool) -> TimeInterval {
        (found.travel.filed ?? [:]).filter { covers($0.key) }.values.reduce(0, +)
    }

    /// Minutes of `published`'s apps filed on the re-entered day before
    /// the travel: what its thresholds can no longer carry.
    func minutesBefore(_ found: TravelOverlap, covering covers: (String) -> Bool) -> Int {
        Int(secondsFiled(found, covering: covers) / 60)
    }

    /// What a kill leaves that no design can beat (docs/FAULTS.md, "What no
    /// design can beat"), each until its deadline, and only for a
    /// divergence that began with the kill or after it.
    func killReason(for rule: Rule, today: DayKey, since: Date) -> String? {
        guard let kills = spec.kills else { return nil }
        if let press = kills.paidPresses[rule.id]?.last(where: {
            since >= $0 && now < Self.sessionEnd(ofPressAt: $0, calendar)
        }) {
            return "an Open press killed at \(localText(press)) after it spent its open: the grant is committed "
                + "and only its reply never reached the OS, which no write can be atomic with; "
                + "deadline: the session's end, \(localText(Self.sessionEnd(ofPressAt: press, calendar)))"
        }
        for (activity, day) in kills.thresholdsKilled.sorted(by: { $0.key < $1.key })
        where day == today.description && OALDomain.ActivityName(rawValue: activity)?.ruleID == rule.id {
            return "a threshold of \(activity) whose monitor was killed: iOS never redelivers it, and only "
                + "thresholds carry usage; deadline: a later threshold of the activity or the end of the day"
        }
        if let back = spec.clockSetBack, back.excuses(since: since) {
            return "the clock set back to \(localText(back.time))"
                + (back.from.map { " from \(localText($0))" } ?? "")
                + ": DeviceActivity delivers no edge it already delivered, and nothing runs until a process is "
                + "launched; deadline: the end of the next launch of the monitor or the shield action, or the app's "
                + "next refresh, after the divergence began"
        }
        if let killed = kills.extensionKilled, since >= killed.time {
            let how = killed.reason == "jetsam" ? " by jetsam (its memory passed the limit)" : ""
            return
                "\(killed.target) launch \(killed.launch) killed\(how) at \(localText(killed.time)): iOS gives a killed "
                + "extension no redelivery and runs none of the app's code until it launches one of its processes; "
                + "deadline: the end of the next launch of the monitor or the shield action, or the app's next refresh"
        }
        if let full = kills.diskFull, since >= full.time {
            return
                "\(full.target) launch \(full.launch) ran on a full disk (fault disk-full) at \(localText(full.time)): "
                + "none of its writes can land and no other process of the app runs meanwhile; deadline: the end of "
                + "the next launch of the monitor or the shield action with a writable disk, or the app's next refresh"
        }
        if let killed = kills.appKilled, since >= killed.time {
            return "the app (launch \(killed.launch)) killed at \(localText(killed.time)) while changing rules: only "
                + "the app reads its own database; deadline: the app's next refresh"
        }
        return nil
    }

    /// Why a store of a rule the user no longer has may still shield: the
    /// app was killed while changing rules (a delete committed to its
    /// database, the clear of the rule's store not done). Only the app
    /// reads its own database, and its next refresh clears every tracked
    /// store of no rule (docs/ORACLE.md, "Named reasons and their
    /// deadlines"). Nothing else excuses such a store.
    func orphanStoreReason(since: Date) -> String? {
        guard let killed = spec.kills?.appKilled, since >= killed.time else { return nil }
        return "the app (launch \(killed.launch)) killed at \(localText(killed.time)) while changing rules left the "
            + "store of a rule it deleted; deadline: the app's next refresh"
    }

    /// Why a rule's store may cover what its list covered before the
    /// user's last edit: only the app writes a rule's scope from its
    /// database, so a change of rules the app was killed in (the edit
    /// committed, the store not rewritten) or whose store writes iOS
    /// refused (Screen Time access off) leaves the old scope until its next
    /// refresh (`scenarios/regressions/explore-seed-464.scenario`). A
    /// monitor callback or press in between cannot fix it: the mirror they
    /// read is the app's too. Nothing else excuses a wrong scope.
    func staleScopeReason(since: Date) -> String? {
        if let reason = authorizationReason() { return reason }
        guard let killed = spec.kills?.appKilled, since >= killed.time else { return nil }
        return "the app (launch \(killed.launch)) killed at \(localText(killed.time)) while changing rules: the "
            + "edit is in its database, the store still has the old list; deadline: the app's next refresh"
    }

    /// When the session of an Open press at `press` ends: DeviceActivity
    /// schedules name whole minutes, so it starts at the next one.
    static func sessionEnd(ofPressAt press: Date, _ calendar: Calendar) -> Date {
        let minute = calendar.dateInterval(of: .minute, for: press)?.start ?? press
        let start = minute < press ? minute.addingTimeInterval(60) : press
        return start.addingTimeInterval(SpecModel.sessionSeconds)
    }

    /// The platform fact behind foreground-only edges, from the rule's own
    /// window: DeviceActivity refuses intervals under 15 minutes, and a
    /// daily interval cannot end at 24:00. A window crossing midnight is
    /// carried by two intervals (From–23:59 and 00:00–To).
    static func foregroundOnlyEdge(start: Int, end: Int) -> String? {
        let minimum = 15
        if end > start {
            return end - start < minimum ? "a \(end - start)-minute window (under 15 minutes)" : nil
        }
        if 1439 - start < minimum { return "a window start \(1439 - start) minute(s) before midnight" }
        if end == 0 { return start == 0 ? nil : "a window ending at midnight" }
        if end < minimum { return "a window ending \(end) minute(s) after midnight" }
        return nil
    }
}
