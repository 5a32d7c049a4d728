import Foundation

extension MonitoringPlan {
    /// The plan for `rules` at `now`: what the app registers.
    ///
    /// Rules that can never act are left out, to save activity slots:
    /// disabled rules and rules with no days. Paused rules stay in, since
    /// the pause ends on its own. Per rule:
    /// - time limit: `rule-<id>-<day>` for the current-or-next enabled day
    ///   (`limitDay(for:onOrAfter:calendar:)`), a non-repeating interval
    ///   spanning that one local day (`limitDayActivity`), with `minutes-1`
    ///   ... `minutes-N` for an N-minute budget, each a cumulative threshold
    ///   of k minutes. The name dates every callback, so a threshold flushed
    ///   late (after midnight) is filed under the day it names. One day at a
    ///   time keeps one slot per rule; the monitor arms the next enabled day
    ///   when a day's interval ends (`nextLimitDay(for:after:calendar:)`),
    ///   and on every callback registers the current day if that launch was
    ///   lost, so the rule goes on while the app stays closed.
    /// - open limit: `rule-<id>`, daily 00:00–23:59, no events.
    /// - same-day window S–E: `sched-<id>` S–E, or nothing if shorter than
    ///   15 minutes (the whole window is then foreground-only).
    /// - crossing window (E <= S): `sched-<id>` S–23:59 carries the start
    ///   edge and `sched2-<id>` 00:00–E the end edge; a half shorter than 15
    ///   minutes is dropped and its edge reported. E = 00:00 has no second
    ///   half: when S is 00:00 too (a window of whole days) the next day's
    ///   `sched-` start wakes the monitor at the end edge anyway; otherwise
    ///   the end edge is reported as `endsAtMidnight`. Each half is judged on
    ///   its own, so a short crossing window can report both edges.
    ///
    /// The schedules repeat daily whatever the rule's days: the monitor
    /// recomputes with `EnforcementDecision` on every callback, which is
    /// where days, pause and the enabled switch are honoured.
    public static func plan(for rules: [Rule], at now: Date, calendar: Calendar) -> MonitoringPlan {
        plan(for: rules) { rule, config in
            limitDay(for: rule, onOrAfter: now, calendar: calendar).map {
                limitDayActivity(ruleID: rule.id, config: config, day: $0, calendar: calendar)
            }
        }
    }

    /// The undated plan: as `plan(for:at:calendar:)`, but a time limit gets
    /// the single repeating `rule-<id>` (daily 00:00–23:59, its events)
    /// that open limits have, the shape before day-keyed activities. Its
    /// foreground-only edges are the same as the dated plan's. The app
    /// registers it only under the `undated-limit-activity` mutant.
    public static func plan(for rules: [Rule]) -> MonitoringPlan {
        plan(for: rules) { rule, config in
            MonitoredActivity(name: .limit(rule.id), schedule: .allDay, events: events(config))
        }
    }

    private static func plan(
        for rules: [Rule], timeLimit: (Rule, TimeLimitConfig) -> MonitoredActivity?
    ) -> MonitoringPlan {
        var activities: [MonitoredActivity] = []
        var foregroundOnly: [ForegroundOnlyEdge] = []
        for rule in rules where rule.isEnabled && !rule.days.isEmpty {
            switch rule.configuration {
            case .timeLimit(let config):
                if let activity = timeLimit(rule, config) { activities.append(activity) }
            case .openLimit:
                activities.append(MonitoredActivity(name: .limit(rule.id), schedule: .allDay))
            case .schedule(let config):
                let (planned, edges) = scheduleActivities(ruleID: rule.id, config: config)
                activities += planned
                foregroundOnly += edges
            }
        }
        activities.sort { $0.name < $1.name }
        foregroundOnly.sort { ($0.ruleID.uuidString, $0.edge.rawValue) < ($1.ruleID.uuidString, $1.edge.rawValue) }
        return MonitoringPlan(activities: activities, foregroundOnly: foregroundOnly)
    }

    private static func events(_ config: TimeLimitConfig) -> [MonitoredEvent] {
        (1...config.dailyLimitMinutes).compactMap { EventName(minutes: $0) }.map(MonitoredEvent.init)
    }

    /// The day whose activity a time-limit rule should hold at `instant`:
    /// today if the rule is on today, else its next enabled day within a
    /// week; nil when it has no days.
    public static func limitDay(for rule: Rule, onOrAfter instant: Date, calendar: Calendar) -> DayKey? {
        for offset in 0..<7 {
            let start = WallClock.startOfDay(offsetBy: offset, from: instant, calendar: calendar)
            if rule.days.includes(start, in: calendar) { return DayKey(start, calendar: calendar) }
        }
        return nil
    }

    /// The first enabled day of `rule` after `day`, within a week: what the
    /// monitor arms when `day`'s interval ends.
    public static func nextLimitDay(for rule: Rule, after day: DayKey, calendar: Calendar) -> DayKey? {
        guard let start = day.start(in: calendar) else { return nil }
        return limitDay(
            for: rule, onOrAfter: WallClock.startOfDay(offsetBy: 1, from: start, calendar: calendar),
            calendar: calendar)
    }

    /// `rule-<id>-<day>`: one non-repeating interval from the start of
    /// `day` to the start of the next day (23, 24 or 25 hours), with the
    /// budget's threshold events.
    public static func limitDayActivity(ruleID: UUID, config: TimeLimitConfig, day: DayKey, calendar: Calendar)
        -> MonitoredActivity
    {
        let start = day.start(in: calendar).map { WallClock.startOfDay($0, calendar: calendar) } ?? .distantPast
        let end = WallClock.startOfDay(offsetBy: 1, from: start, calendar: calendar)
        func time(_ instant: Date) -> ActivityTime {
            let clock = WallClock.timeOfDay(instant, calendar: calendar)
            return ActivityTime(day: DayKey(instant, calendar: calendar), hour: clock.hour, minute: clock.minute)
        }
        return MonitoredActivity(
            name: .limitDay(ruleID, day),
            schedule: ActivitySchedule(intervalStart: time(start), intervalEnd: time(end), repeats: false),
            events: events(config))
    }

    private static let lastMinuteOfDay = ScheduleConfig.minutesPerDay - 1

    private static func scheduleActivities(
        ruleID: UUID, config: ScheduleConfig
    ) -> ([MonitoredActivity], [ForegroundOnlyEdge]) {
        let start = config.startMinutes
        let end = config.endMinutes
        func daily(_ name: ActivityName, _ from: Int, _ to: Int) -> MonitoredActivity {
            MonitoredActivity(
                name: name,
                schedule: ActivitySchedule(
                    intervalStart: ActivityTime(minutesPastMidnight: from),
                    intervalEnd: ActivityTime(minutesPastMidnight: to), repeats: true))
        }
        if !config.crossesMidnight {
            let length = end - start
            guard length >= minimumIntervalMinutes else {
                return (
                    [],
                    [ForegroundOnlyEdge(ruleID: ruleID, edge: .wholeWindow, reason: .intervalTooShort(minutes: length))]
                )
            }
            return ([daily(.scheduleWindow(ruleID), start, end)], [])
        }
        var activities: [MonitoredActivity] = []
        var edges: [ForegroundOnlyEdge] = []
        let firstHalf = lastMinuteOfDay - start
        if firstHalf >= minimumIntervalMinutes {
            activities.append(daily(.scheduleWindow(ruleID), start, lastMinuteOfDay))
        } else {
            edges.append(
                ForegroundOnlyEdge(ruleID: ruleID, edge: .start, reason: .intervalTooShort(minutes: firstHalf)))
        }
        if end == 0 {
            if start != 0 {
                edges.append(ForegroundOnlyEdge(ruleID: ruleID, edge: .end, reason: .endsAtMidnight))
            }
        } else if end >= minimumIntervalMinutes {
            activities.append(daily(.scheduleAfterMidnight(ruleID), 0, end))
        } else {
            edges.append(ForegroundOnlyEdge(ruleID: ruleID, edge: .end, reason: .intervalTooShort(minutes: end)))
        }
        return (activities, edges)
    }

    /// The one-shot activity for an open granted at `start`, and its expiry.
    ///
    /// A session is a duration, not a wall-clock window: it lasts
    /// `openSessionMinutes` of real time even across a DST change, so the
    /// expiry is `start` plus that many seconds; the interval's components
    /// are the local date and time of both ends. An expiry in the second
    /// showing of a fall back's repeated hour has no components of its own
    /// (they name the first showing, before the press): the one-shot ends
    /// when the repeated hour does, the first wall time after it.
    public static func openSession(ruleID: UUID, startingAt start: Date, calendar: Calendar) -> OpenSessionPlan {
        let expiry = start.addingTimeInterval(TimeInterval(openSessionMinutes * 60))
        func time(_ instant: Date) -> ActivityTime {
            let clock = WallClock.timeOfDay(instant, calendar: calendar)
            return ActivityTime(
                day: DayKey(instant, calendar: calendar), hour: clock.hour, minute: clock.minute, second: clock.second)
        }
        let activity = MonitoredActivity(
            name: .openSession(ruleID),
            schedule: ActivitySchedule(
                intervalStart: time(start),
                intervalEnd: time(WallClock.namedInstant(atOrAfter: expiry, calendar: calendar)), repeats: false))
        return OpenSessionPlan(activity: activity, expiry: expiry)
    }
}
