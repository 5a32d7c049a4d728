import Foundation
import OALDomain
import OALPlatform

/// An app's token the platform replaced (`token-change`): every token it
/// had before, oldest first, and when it last changed.
struct TokenChange: Codable, Equatable, Sendable {
    var app: String
    var retired: [ApplicationToken]
    var time: Date
    /// The app's seconds in front on the day of `time`, before it: the use
    /// judged by the token it had then (`coveredSeconds`). Nil in a state
    /// saved before it was kept: all of that day's use is judged so.
    var usedBefore: TimeInterval? = nil
}

/// What the oracle is told of the platform misbehaviours no design can
/// beat (docs/FAULTS.md, "Platform misbehaviours"), and the reasons it
/// gives them. A dropped or rate-limited callback is `callbackWithheld`.
extension Oracle {
    /// A threshold of `activity` was delivered at `instant` though its use
    /// was not reached (`thresholds-at-once`, FB21267341). Only thresholds
    /// tell an app about usage, so the app cannot tell these from real
    /// use: what they make it record and shield is excused for that day.
    public func thresholdFiredUnreached(activity: String, at instant: Date) {
        spec.unreachedThresholds = (spec.unreachedThresholds ?? [:]).merging([activity: instant]) { $1 }
    }

    /// The app `bundle` got a new token at `instant`; `old` is the one it
    /// had (`token-change`, forums threads 732845, 756440).
    public func tokenChanged(bundle: String, app: String, from old: ApplicationToken, at instant: Date) {
        var changes = spec.tokenChanges ?? [:]
        var change = changes[bundle] ?? TokenChange(app: app, retired: [], time: instant)
        change.retired.append(old)
        change.time = instant
        if let since = truth.since, instant >= since { truth.advance(to: instant, calendar: calendar) }
        change.usedBefore = truth.seconds[bundle]?[days.day(instant)] ?? 0
        changes[bundle] = change
        spec.tokenChanges = changes
    }

    /// Seconds on `day` the user spent in the apps `covers` accepts, each
    /// use judged by the token its app had at the time: the use before a
    /// `token-change` by the last retired token (a rule whose stored
    /// selection named it then covered it then, and DeviceActivity counted
    /// it), the use after by the new one. Found by the swarm: judging a
    /// day's earlier use by the new token called real minutes invented.
    func coveredSeconds(
        on day: DayKey, catalog: InstalledAppCatalog, covers: (InstalledApp) -> Bool
    ) -> TimeInterval {
        var total: TimeInterval = 0
        let apps = apps(byBundleIn: catalog)
        for (bundle, perDay) in truth.seconds {
            guard let used = perDay[day], let app = apps[bundle] else { continue }
            guard let change = spec.tokenChanges?[bundle], let old = change.retired.last else {
                if covers(app) { total += used }
                continue
            }
            var before = app
            before.token = old
            let changeDay = days.day(change.time)
            let earlier = day < changeDay ? used : day == changeDay ? min(used, change.usedBefore ?? used) : 0
            if covers(before) { total += earlier }
            if covers(app) { total += used - earlier }
        }
        return total
    }

    /// Why `rule`'s usage and shields on `day` may be more than the real
    /// use: thresholds of its activities fired unreached that day.
    func unreachedThresholdReason(for rule: Rule, day: DayKey) -> String? {
        guard
            let (activity, time) = (spec.unreachedThresholds ?? [:]).sorted(by: { $0.key < $1.key }).first(where: {
                OALDomain.ActivityName(rawValue: $0.key)?.ruleID == rule.id && days.day($0.value) == day
            })
        else { return nil }
        return "every threshold of \(activity) fired at once, unreached, at \(localText(time)) "
            + "(iOS 26.2, FB21267341): the app learns usage only from thresholds and cannot tell these "
            + "from real use; deadline: the end of the day"
    }

    /// An app whose token changed: where the user's stored selection named
    /// it by a retired token, the rule no longer covers it, and the spec
    /// model (which follows the platform's tokens) no longer expects the
    /// shield. The difference from what the user picked is reported by name
    /// as an expected divergence: no design can shield an app by a token
    /// the platform no longer gives it, and only the user picking it again
    /// ends it.
    func noteChangedToken(
        _ app: InstalledApp, active: [UserRules.Entry], holders: [UserRules.Entry], stores: [String]
    ) {
        guard let change = spec.tokenChanges?[app.bundleIdentifier] else { return }
        let key = "token|\(app.name)"
        func picked(_ entry: UserRules.Entry) -> Bool {
            let now = SpecModel.covers(mode: entry.mode, selection: entry.selection, app: app)
            guard let selection = entry.selection, !selection.applications.contains(app.token),
                let old = change.retired.last(where: { selection.applications.contains($0) })
            else { return now }
            var before = app
            before.token = old
            return SpecModel.covers(mode: entry.mode, selection: entry.selection, app: before)
        }
        let intended = active.filter(picked)
        // Only where the change alone separates the user's pick from the
        // model, and the stores agree with the model (else the model's own
        // check reports it).
        guard intended.isEmpty != holders.isEmpty, holders.isEmpty == stores.isEmpty else {
            expectedEnded(.underEnforced, key: key)
            expectedEnded(.overEnforced, key: key)
            return
        }
        let under = !intended.isEmpty
        let rules = (under ? intended : holders).map(\.rule)
        let names = rules.map(\.name).joined(separator: ", ")
        expect(
            under ? .underEnforced : .overEnforced, key: key, ruleID: rules.first?.id, ruleName: rules.first?.name,
            expected: under
                ? "\(app.name) shielded (rule \(names) picked it and blocks it now)"
                : "\(app.name) not shielded (rule \(names) picked it as allowed)",
            actual: under ? "no store shields it" : "shielded",
            reason: "the ApplicationToken of \(app.name) changed at \(localText(change.time)) (developer forums "
                + "threads 732845, 756440): rule \(names)'s stored selection holds a token the platform no longer "
                + "gives the app, so no design can name it; deadline: none, until the user picks it again")
    }
}
