import Foundation
import OALDomain
import OALPlatform

/// Whether DeviceActivity monitors what a rule needs to be enforced while
/// the app is closed: the activities the domain's `MonitoringPlan` wants for
/// it, compared with the names the emulated `DeviceActivityCenter` reports
/// (`activities()`, as the real API offers). A rule with a missing activity
/// is enforced only by the app's foreground refresh; the screens and the
/// rule commands say so (docs/PROCESSES.md, "Background enforcement").
public enum BackgroundEnforcement: Hashable, Sendable {
    /// Every activity the rule needs is monitored.
    case monitored
    /// The rule needs no activity (disabled, no days, or only windows
    /// shorter than DeviceActivity's minimum, which are foreground-only).
    case none
    /// Some of its activities are not monitored: `missing`, sorted. `full`
    /// when DeviceActivity already monitors its limit of activities
    /// (`excessiveActivities`); `wanted` is what the whole plan needs.
    case refused(missing: [String], full: Bool, wanted: Int)

    /// The `backgroundEnforcement` value of the JSON outputs.
    public var text: String {
        switch self {
        case .monitored: return "monitored"
        case .none: return "none"
        case .refused(let missing, let full, let wanted):
            let names = missing.joined(separator: ", ")
            if full {
                return
                    "refused: excessiveActivities (the rules need \(wanted) activities, DeviceActivity monitors at most \(MonitoringPlan.maximumActivities)): \(names) not monitored"
            }
            return "refused: \(names) not monitored"
        }
    }

    public var isRefused: Bool {
        if case .refused = self { return true }
        return false
    }

    /// The state of every rule of `database`, given the registered names,
    /// against the plan the app registers at `now` (a time limit needs its
    /// day's `rule-<UUID>-<day>`).
    public static func states(
        of database: AppDatabase, registered: [String], at now: Date, calendar: Calendar
    ) -> [UUID: BackgroundEnforcement] {
        let plan =
            Mutant.on(.undatedLimitActivity)
            ? MonitoringPlan.plan(for: database.rules)
            : MonitoringPlan.plan(for: database.rules, at: now, calendar: calendar)
        let names = Set(registered)
        var states: [UUID: BackgroundEnforcement] = [:]
        for rule in database.rules {
            let wanted = plan.activities.filter { $0.ruleID == rule.id }.map(\.name.rawValue)
            let missing = wanted.filter { !names.contains($0) }.sorted()
            if wanted.isEmpty || Mutant.on(.silentActivityRefusal) {
                states[rule.id] = wanted.isEmpty ? BackgroundEnforcement.none : .monitored
            } else if missing.isEmpty {
                states[rule.id] = .monitored
            } else {
                states[rule.id] = .refused(
                    missing: missing, full: names.count >= MonitoringPlan.maximumActivities,
                    wanted: plan.activities.count)
            }
        }
        return states
    }

    /// Reads the registrations through the app's DeviceActivityCenter.
    public static func states(of database: AppDatabase, context: ProcessContext) throws -> [UUID: BackgroundEnforcement]
    {
        let clock = try context.clock()
        return states(
            of: database, registered: try context.platform.deviceActivity.activities(), at: clock.now,
            calendar: try clock.calendar())
    }
}

/// One rule the app does not enforce in the background, as `home --json`,
/// `rule add --json` and `rule edit --json` list it.
struct BackgroundWarning: Encodable {
    var id: String
    var name: String
    var backgroundEnforcement: String

    /// The rules of `database` whose state is refused, in the app's order.
    static func list(_ database: AppDatabase, _ states: [UUID: BackgroundEnforcement]) -> [BackgroundWarning] {
        database.rules.compactMap { rule in
            guard let state = states[rule.id], state.isRefused else { return nil }
            return BackgroundWarning(
                id: CanonicalUUID.string(rule.id), name: rule.name, backgroundEnforcement: state.text)
        }
    }

    /// The stderr line of `rule add` / `rule edit`.
    var line: String {
        "warning: rule \(name) is not enforced in the background (only while the app is open): \(backgroundEnforcement)"
    }
}
