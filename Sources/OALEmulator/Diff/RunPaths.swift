import Foundation
import OALDomain
import OALPlatform
import OALShared

/// Which enforcement paths a run exercises (`oal-device run --paths`), for
/// the differential run (docs/ORACLE.md, "Differential run").
///
/// - `both`: the device as it is.
/// - `background`: the app's foreground loop never runs (`open OpenAppLock`
///   is traced as `paths.skip` and ignored). The scenario's `app ...` lines
///   still run once each: they are the user's taps that create rules, and
///   a rule only exists through them (each such command reconciles once,
///   as the app does on every rule change).
/// - `foreground`: no DeviceActivity callback is delivered (edges and
///   thresholds are traced as `deliver.withheld`), and the app behaves as
///   if it were always running its 30-second loop. Modelled without 2,880
///   launches a day: at every whole minute the device compares each rule's
///   store with the decision (in-process, read-only, as the oracle does) and
///   launches `oal-app refresh` only when one differs; a refresh that would
///   change nothing is the only kind skipped. Decisions change only at whole
///   minutes (windows, sessions, midnight), so this is the 30 s loop's result.
public enum RunPaths: String, CaseIterable, Sendable, Codable {
    case both, background, foreground

    public var deliversCallbacks: Bool { self != .foreground }
    public var runsForegroundLoop: Bool { self != .background }
}

extension DeviceEngine {
    /// `--paths foreground`: the next whole minute, when the always-running
    /// loop is due to look. None while OpenAppLock is frontmost: the real
    /// loop ticks then (a check would be skipped by `pathsRefreshIfNeeded`
    /// and, never recorded, fall due again at the same instant forever).
    var pathsTickTime: Date? {
        guard options.paths == .foreground, state.frontmost != Self.openAppLock else { return nil }
        let minute = calendar.dateInterval(of: .minute, for: now)?.start ?? now
        if minute == now, oracle.pathsLastCheck != now { return now }
        return minute.addingTimeInterval(60)
    }

    /// `--paths foreground`: refresh when any rule's store differs from the
    /// decision. Returns false when it did nothing (not this mode).
    func pathsRefreshIfNeeded() throws -> Bool {
        guard options.paths == .foreground, state.frontmost != Self.openAppLock else { return false }
        oracle.pathsLastCheck = now
        guard let view = oracle.readView(engine: self) else { return true }
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
        guard !options.paths.deliversCallbacks else { return false }
        var fields = ["kind": kind.rawValue, "activity": activity, "reason": "paths foreground"]
        if let event { fields["event"] = event }
        trace.record("deliver.withheld", at: now, fields)
        return true
    }

    /// `--paths background`: the app is never brought to the front.
    func pathsSkipsApp() -> Bool {
        guard !options.paths.runsForegroundLoop else { return false }
        trace.record("paths.skip", at: now, ["what": "open OpenAppLock", "reason": "paths background"])
        return true
    }
}
