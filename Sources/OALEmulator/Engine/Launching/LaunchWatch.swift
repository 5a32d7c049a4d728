import Foundation
import Glibc
import OALSystem

/// Waits for one launch the way iOS watches an extension: samples its
/// resident memory while it runs and, given a limit (`memory-limit`),
/// SIGKILLs it the moment its peak passes the limit, as jetsam does.
///
/// Sampled, not taken from `wait4(2)`: a child started with
/// `posix_spawn(3)` (a vfork) inherits the spawner's peak in its
/// `ru_maxrss` when it execs, so that figure is the device's own peak
/// whenever the device is the bigger process (docs/PERFORMANCE.md,
/// "Memory per launch").
final class LaunchWatch {
    let child: ChildProcess
    /// The armed limit, nil for none.
    let limit: MemoryLimit?
    /// The largest `VmHWM` sampled, in KiB; nil until a sample found the
    /// process running.
    private(set) var peakKiB: Int?
    /// The largest `RssAnon` sampled (its private memory), in KiB.
    private(set) var privateKiB: Int?
    /// Set when the watch killed it for passing the limit.
    private(set) var killedForMemory = false

    /// Between two samples, in ms: growth in the last millisecond before
    /// the process exits is not seen (the figure is a lower bound by at
    /// most that much). The end itself is seen at once (`ProcessEndNotice`),
    /// so the interval costs no launch any wall time.
    static let intervalMilliseconds: Int32 = 1

    /// The child's status file, opened at the first sample and kept.
    private var reader: ProcessMemory.Reader?

    init(child: ChildProcess, limit: MemoryLimit?) {
        self.child = child
        self.limit = limit
    }

    /// Reads the peak so far; SIGKILLs the process when it passed the
    /// limit. True when it did.
    @discardableResult
    func sample() -> Bool {
        guard !killedForMemory else { return false }
        if reader == nil { reader = try? ProcessMemory.Reader(pid: child.pid) }
        guard let sample = try? reader?.sample() else { return false }
        peakKiB = max(peakKiB ?? 0, sample.peakResidentKiB)
        privateKiB = max(privateKiB ?? 0, sample.privateKiB)
        guard let limit else { return false }
        let measured = limit.measure == .private ? sample.privateKiB : sample.peakResidentKiB
        guard measured > limit.kibibytes else { return false }
        try? child.signal(SIGKILL)
        killedForMemory = true
        return true
    }

    /// Samples until the launch ends; with `killAfter`, SIGKILLs it that
    /// much wall time after the start if it still runs (a `kill after-ms`
    /// fault). Polled, so a pid is never signalled after it was reaped.
    func wait(killAfter: TimeInterval? = nil) throws(Errno) -> ChildProcess.Termination {
        let deadline = killAfter.map { Date().addingTimeInterval($0) }
        let end = ProcessEndNotice(pid: child.pid)
        while true {
            if sample() { return try child.wait() }
            if let done = try child.poll() { return done }
            var timeout = Self.intervalMilliseconds
            if let deadline {
                let left = deadline.timeIntervalSinceNow
                if left <= 0 {
                    try? child.signal(SIGKILL)
                    return try child.wait()
                }
                timeout = min(timeout, Int32((left * 1000).rounded(.up)))
            }
            _ = end.wait(milliseconds: timeout)
        }
    }
}
