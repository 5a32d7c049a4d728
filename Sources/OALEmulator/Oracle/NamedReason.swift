import Foundation
import OALDomain
import OALPlatform

/// Why the shields may differ from the spec model right now: a platform
/// fact the design cannot beat, each with the deadline by which the shields
/// must have converged (docs/ORACLE.md, "Named reasons and their
/// deadlines"). Anything else is a violation.
extension Oracle {
    /// The named reason excusing `rule`'s part in a divergence that began at
    /// `since`, or nil when the deadline has passed or no reason applies.
    func namedReason(for rule: Rule, since: Date) -> String? {
        let refreshed = (facts.lastRefresh ?? .distantPast) >= since
        let today = DayKey(now, calendar: calendar)
        for callback in withheld.values.sorted(by: { $0.activity < $1.activity }) {
            guard OALDomain.ActivityName(rawValue: callback.activity)?.ruleID == rule.id else { continue }
            if callback.kind == CallbackKind.eventDidReachThreshold.rawValue {
                // Only thresholds tell anyone about usage: the app's refresh
                // cannot stand in for them, so they excuse until they are
                // flushed or the day (and its budget) is over.
                if DayKey(callback.edge, calendar: calendar) == today {
                    return "threshold of \(callback.activity) withheld (\(callback.reason)); "
                        + "deadline: its delivery or the end of the day"
                }
            } else if (facts.lastRefresh ?? .distantPast) < callback.edge {
                return "\(callback.kind) of \(callback.activity) not arrived (\(callback.reason)); "
                    + "deadline: its delivery or the app's next refresh"
            }
        }
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
        if !refreshed, spec.refused.contains(rule.id) {
            return "an activity of this rule was refused (excessiveActivities: over DeviceActivity's 20); "
                + "deadline: the app's next refresh"
        }
        return nil
    }

    static let sessionEdgeSlack: TimeInterval = 60

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
