import Foundation
import OALScenario

/// What the device hands the oracle after a step: the data it judges,
/// never the engine itself (as TigerBeetle's checkers are handed data, not
/// the simulator). The oracle learns the rest from the trace and the
/// device's files.
package struct OracleObservation {
    /// The step just handled, as a violation's `after` names it: the
    /// scenario line's text, a callback, `run.end`.
    package var after: String
    package var now: Date
    /// The device's calendar, in the zone it is in now.
    package var calendar: Calendar
    /// False in a `--paths foreground` run: no callback is ever delivered.
    package var callbacksDelivered: Bool
    /// The app in front, by the device's own record of `open` and `leave`.
    package var frontmost: String?
    /// The device's files, read without tracing (its caches are shared).
    package var files: any DeviceFiles

    package init(
        after: String, now: Date, calendar: Calendar, callbacksDelivered: Bool, frontmost: String?,
        files: any DeviceFiles
    ) {
        self.after = after
        self.now = now
        self.calendar = calendar
        self.callbacksDelivered = callbacksDelivered
        self.frontmost = frontmost
        self.files = files
    }
}
