import Foundation
import Glibc
import Synchronization

/// A request to stop: `SIGINT` (Ctrl-C) or `SIGTERM` (a supervisor, CI).
public enum StopSignal: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case interrupt = 2  // SIGINT
    case terminate = 15  // SIGTERM

    /// The shell's code for a process that ended by this signal: 128 + n
    /// (130 for SIGINT, 143 for SIGTERM).
    public var exitCode: Int32 { 128 + rawValue }

    public var description: String { self == .interrupt ? "SIGINT" : "SIGTERM" }
}

/// Turns SIGINT and SIGTERM into a request the program acts on, instead of
/// the default action that ends the process on the spot and leaves its
/// children running (orphans with PPID 1).
///
/// `install()` sets a `sigaction(2)` handler (with `SA_RESTART`) that only
/// records the signal and writes its number to a self-pipe; that is all a
/// handler may safely do. A watcher thread reads the pipe and forwards the
/// signal to every child `ChildProcess.spawn` has started and not yet
/// reaped (followed by SIGCONT, so a child stopped at a pause point gets it
/// too). The program polls `received` at its safe points, stops what it is
/// doing, reaps its children and exits with `StopSignal.exitCode`. Children
/// are started with the default dispositions, so they stop as usual.
public enum StopSignals {
    /// Installs the handlers; later calls do nothing.
    public static func install() {
        installation.lock()
        defer { installation.unlock() }
        guard !installed else { return }
        installed = true
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        writeEnd = fds[1]
        let readEnd = fds[0]
        for signal in StopSignal.allCases {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = stopSignalHandler
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            _ = sigaction(signal.rawValue, &action, nil)
        }
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let got = syscall { Glibc.read(readEnd, &byte, 1) }
                guard case .success(1) = got else { return }
                ChildRegistry.shared.forward(Int32(byte))
            }
        }
        thread.name = "oal-stop-signals"
        thread.start()
    }

    /// The first stop signal received since `install()`, if any.
    public static var received: StopSignal? {
        StopSignal(rawValue: receivedSignal.load(ordering: .acquiring))
    }

    /// Throws `StopRequested` once a stop signal has been received.
    public static func check() throws(StopRequested) {
        if let signal = received { throw StopRequested(signal: signal) }
    }

    private static let installation = NSLock()
    nonisolated(unsafe) private static var installed = false
}

/// What `StopSignals.check()` throws.
public struct StopRequested: Error, Sendable, CustomStringConvertible {
    public let signal: StopSignal
    public init(signal: StopSignal) { self.signal = signal }
    public var description: String { "stopped by \(signal)" }
}

// Written by the handler (async-signal-safe: a lock-free atomic and
// write(2)); read by any thread.
private let receivedSignal = Atomic<Int32>(0)
// Set once by `install()` before any handler can run.
nonisolated(unsafe) private var writeEnd: Int32 = -1

private func stopSignalHandler(_ signal: Int32) {
    _ = receivedSignal.compareExchange(expected: 0, desired: signal, ordering: .acquiringAndReleasing)
    var byte = UInt8(truncatingIfNeeded: signal)
    let saved = errno
    _ = Glibc.write(writeEnd, &byte, 1)
    errno = saved
}

/// The children started and not yet reaped, so a stop signal reaches each.
final class ChildRegistry: @unchecked Sendable {
    static let shared = ChildRegistry()
    private var pids: Set<pid_t> = []
    private let lock = NSLock()

    func add(_ pid: pid_t) {
        lock.withLock { _ = pids.insert(pid) }
        // A signal that came while the child was being started.
        let signal = receivedSignal.load(ordering: .acquiring)
        if signal != 0 { send(signal, to: pid) }
    }

    /// `waitpid(pid, &status, options | WNOHANG)` under the lock; forgets
    /// `pid` when it reaped the child (its end, not 0 or a stop).
    func reap(_ pid: pid_t, status: inout Int32, options: Int32) -> Result<pid_t, Errno> {
        lock.withLock {
            var local: Int32 = 0
            let result = syscall { waitpid(pid, &local, options | WNOHANG) }
            status = local
            if case .success(let got) = result, got == pid, local & 0xff != 0x7f { pids.remove(pid) }
            return result
        }
    }

    func forward(_ signal: Int32) {
        // Under the lock, so a pid is never signalled after it was reaped.
        lock.withLock {
            for pid in pids { send(signal, to: pid) }
        }
    }

    private func send(_ signal: Int32, to pid: pid_t) {
        try? ProcessSignal.send(signal, to: pid)
        try? ProcessSignal.send(SIGCONT, to: pid)
    }
}
