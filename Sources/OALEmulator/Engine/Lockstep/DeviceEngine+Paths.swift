import Foundation
import OALDomain
import OALPlatform
import OALProcesses

extension DeviceEngine {
    /// `--paths foreground`: the next whole minute, when the always-running
    /// loop is due to look. None while OpenAppLock is frontmost: the real
    /// loop ticks then (a check would be skipped by `pathsRefreshIfNeeded`
    /// and, never recorded, fall due again at the same instant forever).
    var pathsTickTime: Date? {
        guard run.spec.paths == .foreground, state.frontmost != Self.openAppLock else { return nil }
        let minute = calendar.dateInterval(of: .minute, for: now)?.start ?? now
        if minute == now, oracle.pathsLastCheck != now { return now }
        return minute.addingTimeInterval(60)
    }

    /// `--paths foreground`: refresh when any rule's store differs from the
    /// decision. Returns false when it did nothing (not this mode).
    func pathsRefreshIfNeeded() throws -> Bool {
        guard run.spec.paths == .foreground, state.frontmost != Self.openAppLock else { return false }
        oracle.pathsLastCheck = now
        guard let view = oracle.readView(observation) else { return true }
        // The loop this mode stands in for decides with the app's own code
        // (the device's doing, not the oracle's).
        let app = EnforcementInputs(
            now: view.now, calendar: view.calendar, usage: view.usageToday, sessions: view.sessions)
        let stale = view.published.contains { app.decide($0.rule).shield != view.storeShields($0.rule.id) }
        if stale {
            let outcome = try launch(.app, ["refresh"])
            trace.record("paths.refresh", at: now, ["launch": String(outcome.launch), "status": outcome.statusText])
        }
        return true
    }

    /// `--paths foreground`: a callback the device withholds.
    func pathsWithhold(_ kind: CallbackKind, activity: String, event: String?) -> Bool {
        guard !run.spec.paths.deliversCallbacks else { return false }
        var fields = ["kind": kind.rawValue, "activity": activity, "reason": "paths foreground"]
        if let event { fields["event"] = event }
        trace.record("deliver.withheld", at: now, fields)
        return true
    }

    /// `--paths background`: the app is never brought to the front.
    func pathsSkipsApp() -> Bool {
        guard !run.spec.paths.runsForegroundLoop else { return false }
        trace.record("paths.skip", at: now, ["what": "open OpenAppLock", "reason": "paths background"])
        return true
    }
}
