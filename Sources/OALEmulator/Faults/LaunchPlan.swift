import Foundation
import Glibc
import OALPlatform
import OALStore
import OALSystem

/// How one launch is changed by the armed faults.
struct LaunchPlan: Sendable {
    var environment: [String: String] = [:]
    /// Prefix of the argv (`/bin/sh -c SCRIPT`), the executable follows.
    var wrapper: [String] = []
    var killAfter: TimeInterval?
    /// The launch runs with `OAL_PAUSE_AT`: wait for it to stop.
    var pause: FaultState.ArmedPause?
    /// Another launch is stopped: this one reports a lock it would wait
    /// for in this file (`OAL_LOCK_WAIT_NOTICE`), and the device resumes
    /// the stopped one (Races/).
    var lockWaitNotice: String?
    /// The launch is killed while it runs once its peak passes this
    /// (`memory-limit`, `LaunchWatch`).
    var memoryLimit: MemoryLimit?
    /// The launch cannot grow any file (`disk-full`): its standard output,
    /// which stands for its reply to iOS (XPC, not a file), goes through a
    /// pipe the device drains (`OutputDrain`).
    var replyThroughPipe = false
    var notes: [String] = []

    /// Nothing of a fault applies to the launch: no variable of its own
    /// set (an empty one only clears an inherited value), no wrapper, no
    /// timed kill, stop or memory watch. Only such a launch may go to a
    /// warm process (`WarmProcesses`): a fault plan needs a process of its
    /// own, started with its environment.
    var isPlain: Bool {
        environment.values.allSatisfy(\.isEmpty) && wrapper.isEmpty && killAfter == nil && pause == nil
            && lockWaitNotice == nil && memoryLimit == nil && !replyThroughPipe && notes.isEmpty
    }
}
