import Foundation
import Glibc
import OALPlatform
import OALSystem

/// A launch stopped at its pause point (`preempt`) while the device runs
/// something else.
final class StoppedLaunch: @unchecked Sendable {
    let child: ChildProcess
    let launch: Int
    let pause: FaultState.ArmedPause
    /// Set once it was resumed early (someone waited for a lock it held)
    /// and has ended.
    var termination: ChildProcess.Termination?

    init(child: ChildProcess, launch: Int, pause: FaultState.ArmedPause) {
        self.child = child
        self.launch = launch
        self.pause = pause
    }

    /// Being resumed early (set under the injector's lock).
    var resuming = false

    /// Still stopped (not resumed early).
    var running: Bool { termination == nil }
}

extension FaultInjector {
    /// How long a resumed launch may take to finish before the device calls
    /// it a deadlock (it waits for a lock the waiter holds).
    static let deadlockSeconds: TimeInterval = 30

    /// Waits for a launch that runs with `OAL_PAUSE_AT`: when it stops at
    /// the point, it is left stopped while the device runs what the fault
    /// interleaves (`interleave`, in this process, so lockstep holds: one
    /// process runs at a time), then resumed with SIGCONT and waited for.
    /// Whoever would wait for a lock it holds meanwhile (an interleaved
    /// launch, the device itself) resumes it first (`resumeStopped`).
    /// `watch` samples its memory where the device looks at it: at the
    /// stop and after it is resumed.
    func waitPreempted(
        _ watch: LaunchWatch, launch: Int, pause: FaultState.ArmedPause, target: FaultTarget, arguments: [String]
    ) throws -> ChildProcess.Termination {
        let child = watch.child
        let status = try child.waitUntilStoppedOrEnded()
        guard case .stopped(let signal) = status else {
            if case .ended(let termination) = status { return termination }
            return try watch.wait()
        }
        // Past its memory limit at the stop: killed there, nothing interleaves.
        if watch.sample() { return try child.wait() }
        state.pausesGiven?[String(launch)] = nil
        record(
            "paused", pause.text, kind: "preempt", at: now,
            [
                "launch": String(launch), "target": pause.target.rawValue, "pid": String(child.pid),
                "point": pause.point, "signal": String(signal),
            ])
        save()
        let stoppedLaunch = StoppedLaunch(child: child, launch: launch, pause: pause)
        stoppedLock.withLock { stopped = stoppedLaunch }
        var ran: String?
        var failure: Error?
        do {
            let resume: () -> Void = { [weak self] in
                self?.resumeStopped(reason: "the device waited for a lock it holds")
            }
            ran = try LockWait.withHandler(resume) { try interleave?(pause.with ?? .step, target, arguments) }
        } catch {
            failure = error
        }
        stoppedLock.withLock { stopped = nil }
        let termination: ChildProcess.Termination
        if let done = stoppedLaunch.termination {
            termination = done
            record(
                "interleaved", pause.text, kind: "preempt", at: now,
                ["launch": String(launch), "target": pause.target.rawValue, "interleaved": ran ?? "nothing was due"])
        } else {
            try? child.signal(SIGCONT)
            record(
                "resumed", pause.text, kind: "preempt", at: now,
                [
                    "launch": String(launch), "target": pause.target.rawValue, "pid": String(child.pid),
                    "interleaved": ran ?? "nothing was due",
                ])
            termination = try watch.wait()
        }
        if let failure { throw EngineError.io("while launch \(launch) was preempted: \(failure)") }
        return termination
    }

    /// Whether a preempted launch is stopped right now (it may hold a lock
    /// any other process of the app would wait for).
    var holdsAStoppedLaunch: Bool { stoppedLock.withLock { stopped != nil } }

    /// Resumes the stopped launch now, because someone would wait for a
    /// lock it holds (as on a phone, where it would have run on), and waits
    /// for it to finish so the waiter gets the lock. Once.
    ///
    /// Re-entrant: tracing takes the trace's lock, whose wait may call the
    /// handler again (the resumed process traces too); a second call while
    /// one resumes returns at once, and its caller blocks on the lock as
    /// usual, which the resumed process releases.
    func resumeStopped(reason: String) {
        let claimed: StoppedLaunch? = stoppedLock.withLock {
            guard let stopped, stopped.running, !stopped.resuming else { return nil }
            stopped.resuming = true
            return stopped
        }
        guard let stopped = claimed else { return }
        // Traced before it runs again, so its own trace lines come after.
        record(
            "resumed", stopped.pause.text, kind: "preempt", at: now,
            [
                "launch": String(stopped.launch), "target": stopped.pause.target.rawValue,
                "pid": String(stopped.child.pid), "reason": reason,
            ])
        try? stopped.child.signal(SIGCONT)
        let deadline = Date().addingTimeInterval(Self.deadlockSeconds)
        while true {
            if let done = try? stopped.child.poll() {
                stopped.termination = done
                return
            }
            if Date() > deadline {
                try? stopped.child.signal(SIGKILL)
                let done = (try? stopped.child.wait()) ?? .signaled(SIGKILL)
                stopped.termination = done
                record(
                    "deadlock", stopped.pause.text, kind: "preempt", at: now,
                    [
                        "launch": String(stopped.launch),
                        "reason": "still running \(Int(Self.deadlockSeconds)) s after it was resumed",
                    ])
                return
            }
            usleep(300)
        }
    }

    /// Waits for a launch started while another is stopped: when it reports
    /// that it would wait for a lock (`notice` is written), the stopped one
    /// is resumed first.
    func waitBesideStopped(_ watch: LaunchWatch, launch: Int, notice: String) throws -> ChildProcess.Termination {
        defer { try? FileManager.default.removeItem(atPath: notice) }
        let child = watch.child
        while true {
            if watch.sample() { return try child.wait() }
            if let done = try child.poll() { return done }
            var info = stat()
            if stat(notice, &info) == 0, info.st_size > 0 {
                resumeStopped(reason: "launch \(launch) waited for a lock it holds")
                return try watch.wait()
            }
            usleep(300)
        }
    }
}
