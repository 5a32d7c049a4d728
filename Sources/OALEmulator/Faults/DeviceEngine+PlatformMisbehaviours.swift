import Foundation
import OALDomain
import OALPlatform
import OALStore

/// The platform misbehaviours real apps hit that are not a late or missing
/// callback (docs/FAULTS.md, "Platform misbehaviours"): thresholds fired
/// unreached at the first pickup, a silent daily rate limit, and an
/// app's token changed under a stored selection.
extension DeviceEngine {
    /// `thresholds-at-once`: every threshold of the matching activities in
    /// an interval now, reached or not, delivered together (FB21267341).
    /// Each is marked reached first, so a later real use does not deliver
    /// it again, and the device state is saved before the first launch, so
    /// a device killed among them never redelivers one (those not launched
    /// yet are lost, as iOS redelivers nothing).
    func fireUnreachedThresholds(_ fault: Fault) throws {
        guard case .thresholdsAtOnce(let pattern, _) = fault else { return }
        let match = CallbackMatch(callback: "*", activity: pattern)
        let crossings = state.usage.reachAllUnreached(
            registry: try view.registry(), at: now, catalog: try view.catalog(), calendar: calendar,
            intervals: intervalsInProgress
        ) { match.matches(.eventDidReachThreshold, activity: $0) }
        guard !crossings.isEmpty else {
            faults.record(
                "missed", fault.description, kind: fault.kind, at: now,
                ["reason": "no unreached threshold of an activity matching \(pattern) in an interval in progress"])
            return
        }
        // The oracle learns them before the save that precedes the first
        // launch: a device killed among them resumes an oracle that still
        // excuses the ones delivered.
        for activity in Set(crossings.map(\.activity)) {
            oracle.thresholdFiredUnreached(activity: activity, at: now)
        }
        // In flight with that save, as a stretch of use's thresholds are:
        // they are marked reached, so a device killed among them delivers
        // on restart each one whose process never started.
        let flightBefore = try putInFlight(
            crossings.map {
                DeviceState.InFlight.Callback(kind: $0.kind.rawValue, activity: $0.activity, event: $0.event)
            })
        defer { state.inFlight = flightBefore }
        for crossing in crossings {
            faults.record(
                "fired", fault.description, kind: fault.kind, at: now,
                ["callback": crossing.kind.rawValue, "activity": crossing.activity, "event": crossing.event])
            try deliver(crossing.kind, activity: crossing.activity, event: crossing.event)
        }
    }

    /// `rate-limit N`: true while today's callbacks are under N (and counts
    /// this one); past it, the callback is dropped without a word to the
    /// app (forums thread 733402) and reported to the oracle as withheld,
    /// as any dropped callback.
    func rateLimitAllows(_ kind: CallbackKind, activity: String, event: String?) -> Bool {
        guard var limit = faults.state.rateLimit else { return true }
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        let today = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        if limit.day != today {
            limit.day = today
            limit.delivered = 0
        }
        defer {
            faults.state.rateLimit = limit
            faults.save()
        }
        guard limit.delivered >= limit.perDay else {
            limit.delivered += 1
            return true
        }
        var fields = ["callback": kind.rawValue, "activity": activity, "day": today, "limit": String(limit.perDay)]
        if let event { fields["event"] = event }
        faults.record("dropped", limit.text, kind: "rate-limit", at: now, fields)
        oracle.callbackWithheld(
            activity: activity, kind: kind.rawValue, event: event, edge: now,
            reason: "rate-limited: no callback for the rest of the day after \(limit.perDay) "
                + "(developer forums thread 733402)")
        return false
    }

    /// `token-change APP`: the catalog gives the app a new opaque token, so
    /// the shields and events that hold the old one no longer name it
    /// (forums threads 732845, 756440). The oracle is told the old token,
    /// to report by name what the user's stored selection no longer covers.
    func changeToken(ofAppNamed name: String, _ fault: Fault) throws {
        var catalog = try view.platform.catalog.catalog()
        guard let change = catalog.reissueToken(ofAppNamed: name),
            let app = catalog.app(named: name)
        else {
            faults.record("missed", fault.description, kind: fault.kind, at: now, ["reason": "no app named \(name)"])
            return
        }
        try view.platform.catalog.save(catalog)
        view.catalogCache.forget()
        faults.record(
            "applied", fault.description, kind: fault.kind, at: now,
            ["app": app.name, "bundle": app.bundleIdentifier, "old": change.old.id, "new": change.new.id])
        oracle.tokenChanged(bundle: app.bundleIdentifier, app: app.name, from: change.old, at: now)
    }
}
