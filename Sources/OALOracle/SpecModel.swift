import Foundation
import OALDomain
import OALPlatform
import OALScenario

/// The oracle's own reading of the feature spec (RULES_FEATURE_SPEC §4):
/// should this rule shield at this instant, and does it cover this app or
/// domain? Written apart from `OALDomain`'s decision code on purpose: the
/// app and its extensions run that code, so a judge that reused it would
/// share its bugs. Two implementations of one spec that must agree is the
/// point (docs/ORACLE.md, "Where the truth comes from").
///
/// Only data types come from the domain (a rule as the user saved it);
/// every computation here is written against the calendar directly.
struct SpecModel {
    let calendar: Calendar
    /// Time-zone changes so far: a press counts on the local day of the
    /// zone it was made in, as the user saw it then.
    var travels: [Travel] = []
    /// The oracle's memo of the windows at the instant it judges; a model
    /// built without one searches every time.
    var windows: WindowMemo? = nil

    /// What the device knows of the user's day, per rule: covered seconds
    /// and the open sessions the user was granted.
    struct UserDay {
        /// Seconds the user had a covered app frontmost today.
        var coveredSeconds: TimeInterval
        /// When each granted Open press of the rule happened (any day).
        var grants: [Date]
    }

    /// Spec §4.4: "each press … lifts the shield for up to 15 minutes".
    static let sessionSeconds: TimeInterval = 15 * 60

    /// Whether `rule` shields its apps at `instant`.
    func shields(_ rule: Rule, at instant: Date, day: UserDay) -> Bool {
        guard rule.isEnabled else { return false }
        if pauseHolds(rule, at: instant) { return false }
        switch rule.configuration {
        case .schedule(let config):
            return insideWindow(start: config.startMinutes, end: config.endMinutes, days: rule.days, at: instant)
        case .timeLimit(let config):
            guard onEnabledDay(rule.days, instant) else { return false }
            // §4.4: shielded once the day's cumulative use crosses the budget.
            return day.coveredSeconds + 0.001 >= TimeInterval(config.dailyLimitMinutes) * 60
        case .openLimit:
            guard onEnabledDay(rule.days, instant) else { return false }
            // §4.4: gated all day; a granted open lifts it for its session,
            // a duration: after the clock is set back, a press "later" than
            // now still runs until its 15 minutes are up.
            let live = day.grants.contains { instant < $0.addingTimeInterval(Self.sessionSeconds) }
            return !live
        }
    }

    /// Spec §4.3/§4.4: a Hard Mode rule refuses unblocks, edits, disabling
    /// and deletion while it is actively blocking: inside its window, or
    /// with its day's budget (minutes or opens) spent. An open limit's
    /// proactive gate alone is not "blocking" (it is not in Blocked Apps).
    func hardLocked(_ rule: Rule, at instant: Date, day: UserDay) -> Bool {
        guard rule.hardMode, rule.isEnabled else { return false }
        return blocking(rule, at: instant, day: day)
    }

    /// Spec §4.3: a Hard Mode rule cannot be paused, so a pause it carries
    /// (kept across an edit that turned Hard Mode on) counts for nothing.
    func pauseHolds(_ rule: Rule, at instant: Date) -> Bool {
        guard !rule.hardMode, let until = rule.pausedUntil else { return false }
        return instant < until
    }

    /// Whether the rule is actively blocking (what the screens call active
    /// and Blocked Apps lists): inside its window, or its day's budget
    /// (minutes or opens) spent, and not paused. The open-limit gate alone
    /// is not blocking.
    func blocking(_ rule: Rule, at instant: Date, day: UserDay) -> Bool {
        guard rule.isEnabled, !pauseHolds(rule, at: instant) else { return false }
        switch rule.configuration {
        case .schedule(let config):
            return insideWindow(start: config.startMinutes, end: config.endMinutes, days: rule.days, at: instant)
        case .timeLimit(let config):
            return onEnabledDay(rule.days, instant)
                && day.coveredSeconds + 0.001 >= TimeInterval(config.dailyLimitMinutes) * 60
        case .openLimit(let config):
            let today = SpecDays(calendar: calendar).day(instant)
            let opens = day.grants.filter { $0 <= instant && self.day(of: $0) == today }.count
            return onEnabledDay(rule.days, instant) && opens >= config.maxOpens
        }
    }

    /// The local day `instant` was in, in the zone the device was in then.
    func day(of instant: Date) -> DayKey {
        guard !travels.isEmpty else { return SpecDays(calendar: calendar).day(instant) }
        var then = calendar
        then.timeZone = Travel.zone(at: instant, travels: travels, now: calendar.timeZone)
        return SpecDays(calendar: then).day(instant)
    }

    // MARK: - Edges (status labels)

    /// When the rule's current block ends: a schedule's window end, a
    /// spent limit's next midnight.
    func blockEnd(_ rule: Rule, at instant: Date) -> Date? {
        switch rule.configuration {
        case .schedule(let config):
            return windowEnd(start: config.startMinutes, end: config.endMinutes, days: rule.days, at: instant)
        case .timeLimit, .openLimit:
            return nextMidnight(after: instant)
        }
    }

    /// When the rule next starts to apply: a schedule's next window start
    /// on an enabled day; for a limit rule, which applies all of an
    /// enabled day, the midnight that begins the next enabled day after
    /// today.
    func nextStart(_ rule: Rule, after instant: Date) -> Date? {
        guard let windows else { return findNextStart(rule, after: instant) }
        let schedule = rule.configuration.schedule
        let key = WindowMemo.Key(start: schedule?.startMinutes ?? -1, end: schedule?.endMinutes ?? -1, days: rule.days)
        return windows.nextStart(key, after: instant, calendar: calendar) { findNextStart(rule, after: instant) }
    }

    private func findNextStart(_ rule: Rule, after instant: Date) -> Date? {
        // Each day from its first instant, found from the day before's end:
        // a day added to a start a spring forward moved off midnight keeps
        // that hour, past the next day's midnight.
        let days = SpecDays(calendar: calendar)
        var day = days.start(instant)
        for offset in 0...8 {
            if offset > 0 { day = days.startOfNextDay(after: day) }
            guard onEnabledDay(rule.days, day) else { continue }
            switch rule.configuration {
            case .schedule(let config):
                // A window the spring forward swallows whole (both edges in
                // the skipped hour fall on its end) blocks nothing: no
                // start to count to.
                guard let start = wallTime(config.startMinutes, on: day), start > instant,
                    let end = windowClose(config, opening: day), end > start
                else { continue }
                return start
            case .timeLimit, .openLimit:
                if offset > 0 { return day }
            }
        }
        return nil
    }

    /// The end of the window `config` opens on `day`: the same day's wall
    /// time, or the next day's when it crosses midnight (To ≤ From).
    func windowClose(_ config: ScheduleConfig, opening day: Date) -> Date? {
        if config.endMinutes > config.startMinutes { return wallTime(config.endMinutes, on: day) }
        return calendar.date(byAdding: .day, value: 1, to: day).flatMap { wallTime(config.endMinutes, on: $0) }
    }

    /// The next local midnight after `instant`: the first instant of the
    /// next day (not a day added to today's start, which a skipped
    /// midnight puts at 01:00).
    func nextMidnight(after instant: Date) -> Date? {
        SpecDays(calendar: calendar).startOfNextDay(after: instant)
    }

    /// The end of the window that contains `instant`, if one does.
    func windowEnd(start: Int, end: Int, days: DaySet, at instant: Date) -> Date? {
        window(start: start, end: end, days: days, containing: instant)?.end
    }

    /// The instant a minute of the day shows on the wall clock of `day`
    /// (its start), so a window's edges keep their wall time across a
    /// daylight-saving change; a wall time the change skips is the first
    /// instant after it.
    func wallTime(_ minuteOfDay: Int, on day: Date) -> Date? {
        calendar.date(
            bySettingHour: minuteOfDay / 60, minute: minuteOfDay % 60, second: 0, of: day,
            matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
    }

    /// Spec §3.4/§4.2: Block Adult Content engages the web filter while a
    /// schedule rule's window is active (never for limit rules).
    func filtersAdultContent(_ rule: Rule, at instant: Date, day: UserDay) -> Bool {
        guard case .schedule(let config) = rule.configuration, config.blockAdultContent else { return false }
        return shields(rule, at: instant, day: day)
    }

    /// The rule's window as the user set it: From on an enabled day until
    /// To, the same day or (To ≤ From) the next. A window that crosses
    /// midnight belongs to the day it starts on.
    func insideWindow(start: Int, end: Int, days: DaySet, at instant: Date) -> Bool {
        window(start: start, end: end, days: days, containing: instant) != nil
    }

    /// The window (its first and last instant, end excluded) of an enabled
    /// day that holds `instant`: the one that starts today, or yesterday's
    /// when it crosses midnight (To ≤ From). Its edges are wall times put on
    /// their day by `wallTime`, so on a fall-back day each is its first
    /// occurrence (DOMAIN.md) and the repeated hour is inside a window
    /// exactly when its instants are, whatever the wall clock reads twice.
    func window(start: Int, end: Int, days: DaySet, containing instant: Date) -> (start: Date, end: Date)? {
        let candidates =
            windows?.candidates(.init(start: start, end: end, days: days), at: instant, calendar: calendar) {
                candidateWindows(start: start, end: end, days: days, today: $0)
            } ?? candidateWindows(start: start, end: end, days: days, today: calendar.startOfDay(for: instant))
        return candidates.first { $0.start <= instant && instant < $0.end }
    }

    /// The windows that could hold an instant of the day that starts at
    /// `today`: today's, then yesterday's (it may cross midnight), each
    /// only on an enabled day and with edges the calendar can place.
    func candidateWindows(start: Int, end: Int, days: DaySet, today: Date) -> [(start: Date, end: Date)] {
        var found: [(start: Date, end: Date)] = []
        for offset in [0, -1] {
            guard let day = offset == 0 ? today : calendar.date(byAdding: .day, value: offset, to: today),
                onEnabledDay(days, day), let opens = wallTime(start, on: day)
            else { continue }
            let closes: Date?
            if end > start {
                closes = wallTime(end, on: day)
            } else {
                // Ends on the next day (at its start when To is midnight).
                closes = calendar.date(byAdding: .day, value: 1, to: day).flatMap { wallTime(end, on: $0) }
            }
            if let closes { found.append((opens, closes)) }
        }
        return found
    }

    func onEnabledDay(_ days: DaySet, _ instant: Date) -> Bool {
        let weekday = calendar.component(.weekday, from: instant)
        return days.dayNumbers.contains(weekday)
    }

    // MARK: - Coverage

    /// Whether a rule with `selection` in `mode` covers `app`. No list (or
    /// an empty one) covers nothing in either mode; the app itself is never
    /// covered (a Screen Time app cannot shield itself).
    static func covers(mode: SelectionMode, selection: AppSelection?, app: InstalledApp) -> Bool {
        guard let selection, !selection.isEmpty, app.bundleIdentifier != InstalledAppCatalog.openAppLockBundleIdentifier
        else { return false }
        let listed = selection.applications.contains(app.token) || selection.categories.contains(app.category)
        return mode == .block ? listed : !listed
    }

    static func covers(mode: SelectionMode, selection: AppSelection?, domain: WebDomainToken) -> Bool {
        guard let selection, !selection.isEmpty else { return false }
        let listed = selection.webDomains.contains(domain)
        return mode == .block ? listed : !listed
    }

    /// Time and open limits are always Block (spec §1, per-kind options).
    static func mode(of rule: Rule) -> SelectionMode {
        if case .schedule(let config) = rule.configuration { return config.selectionMode }
        return .block
    }
}
