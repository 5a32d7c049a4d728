import Foundation
import OALDomain
import OALPlatform

/// Keeps the DeviceActivity registrations in line with the rules
/// (the app's `RuleScheduler`).
///
/// The desired set comes from the domain's `MonitoringPlan`. An activity is
/// started when new, stopped when its rule no longer wants it, and
/// restarted only when its schedule or events changed: a restart starts a
/// new threshold count (its events carry `includesPastActivity`, so the
/// new count includes the usage earlier in the interval, but each restart
/// re-delivers every threshold already met). A refusal
/// from DeviceActivity is traced and the rest carries on; the foreground
/// refresh still enforces whatever could not be registered.
public struct RuleScheduler {
    private let context: ProcessContext
    private var center: DeviceActivityCenter { context.platform.deviceActivity }

    public init(context: ProcessContext) {
        self.context = context
    }

    public struct Summary: Hashable, Sendable {
        public var started: [String] = []
        public var restarted: [String] = []
        public var stopped: [String] = []
        public var refused: [String] = []
    }

    @discardableResult
    public func reconcile(database: AppDatabase, inputs: EnforcementInputs) throws -> Summary {
        var summary = Summary()
        let plan =
            Mutant.on(.undatedLimitActivity)
            ? MonitoringPlan.plan(for: database.rules)
            : MonitoringPlan.plan(for: database.rules, at: inputs.now, calendar: inputs.calendar)
        var desired: [String: (DeviceActivitySchedule, [String: DeviceActivityEvent])] = [:]
        for activity in plan.activities {
            let rule = database.rules.first { $0.id == activity.ruleID }
            let selection = rule.flatMap(database.selection(for:))
            desired[activity.name.rawValue] = (
                ActivityConversion.schedule(activity.schedule),
                ActivityConversion.events(activity, selection: selection)
            )
        }
        let registry = try center.registry()

        // Stop first, so the slots they free count toward the 20-activity cap.
        var stale: [String] = []
        for (name, registration) in registry.activities.sorted(by: { $0.key < $1.key }) {
            switch ActivityName(rawValue: name) {
            case .limit, .limitDay, .scheduleWindow, .scheduleAfterMidnight:
                // A past day's activity (or one the monitor armed for a day
                // the plan no longer wants) is not desired: stopped, so it
                // does not hold one of the 20 slots.
                if desired[name] == nil { stale.append(name) }
            case .openSession(let ruleID):
                // A finished one-shot still holds a slot; one in progress is
                // left alone, since stopping it would end the session early.
                let live = (inputs.sessions[ruleID] ?? .distantPast) > inputs.now
                if !live, registration.interval(at: inputs.now, calendar: inputs.calendar) == nil {
                    stale.append(name)
                }
            case nil:
                break
            }
        }
        if !stale.isEmpty {
            try center.stopMonitoring(stale)
            for name in stale { context.record("monitor.stop", ["activity": name]) }
            summary.stopped = stale
        }

        for name in desired.keys.sorted() {
            guard let (schedule, events) = desired[name] else { continue }
            let existing = registry.activities[name]
            if let existing, existing.schedule == schedule, existing.events == events { continue }
            do {
                try center.startMonitoring(name, during: schedule, events: events)
                context.record(existing == nil ? "monitor.start" : "monitor.restart", ["activity": name])
                if existing == nil { summary.started.append(name) } else { summary.restarted.append(name) }
            } catch let error as MonitoringError {
                var fields = ["activity": name, "reason": error.description]
                if case .intervalTooShort = error { fields["foregroundOnly"] = "true" }
                context.record("monitor.refused", fields)
                summary.refused.append(name)
            }
        }

        // Edges no activity can carry: named in the trace so the oracle
        // counts them as the spec's expected divergence, not a miss.
        for edge in plan.foregroundOnly {
            context.record(
                "monitor.foreground-only",
                ["rule": CanonicalUUID.string(edge.ruleID), "edge": edge.edge.rawValue, "reason": edge.explanation])
        }
        return summary
    }
}
