import Foundation

/// What the device hands the oracle after a step: the data it judges,
/// never the engine itself (as TigerBeetle's checkers are handed data, not
/// the simulator). The oracle learns the rest from the trace and the
/// device's files.
struct OracleObservation {
    /// The step just handled, as a violation's `after` names it: the
    /// scenario line's text, a callback, `run.end`.
    var after: String
    var now: Date
    /// The device's calendar, in the zone it is in now.
    var calendar: Calendar
    /// False in a `--paths foreground` run: no callback is ever delivered.
    var callbacksDelivered: Bool
    /// The app in front, by the device's own record of `open` and `leave`.
    var frontmost: String?
    /// The device's files, read without tracing (its caches are shared).
    var files: DeviceView
}
