import Foundation
import OALPlatform

/// What a free-running engine keeps besides the lockstep state: the
/// running clock's anchor, the launches in flight, and how late the
/// device itself ran.
final class FreeRunState {
    let options: FreeRunningOptions
    let launches: FreeRunningLaunches
    /// The wall-clock instant the clock document was last anchored at,
    /// and the emulated instant it said then.
    var anchorWall = Date()
    var anchorEmulated = Date()
    /// The most the device's own time ran behind the clock (emulated s):
    /// how late it started what was due.
    var lateness: TimeInterval = 0
    /// The user's last tap in the app, which the next one waits for.
    var lastTap: Int?

    init(options: FreeRunningOptions, root: DeviceRoot) {
        self.options = options
        launches = FreeRunningLaunches(root: root)
    }

    /// The emulated instant now, as every process computes it.
    var clockNow: Date { anchorEmulated.addingTimeInterval(Date().timeIntervalSince(anchorWall) * options.speed) }

    /// The wall-clock instant the clock says `time`.
    func wall(at time: Date) -> Date {
        anchorWall.addingTimeInterval(time.timeIntervalSince(anchorEmulated) / options.speed)
    }
}
