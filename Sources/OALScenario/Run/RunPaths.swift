import Foundation
import OALDomain
import OALPlatform

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
