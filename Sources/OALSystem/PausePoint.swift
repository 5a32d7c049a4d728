import Foundation
import Glibc

/// Named places where an interleaving fault may stop the process, so the
/// emulated OS can run another process in the middle of this one.
///
/// `PausePoint.reach("app.refresh.after-read-inputs")` does nothing unless
/// the environment variable `OAL_PAUSE_AT` names that point, as `name` (the
/// first time it is reached) or `name#n` (the n-th time, counting from 1,
/// in this process). Then the process stops itself with `raise(SIGSTOP)`;
/// the launcher sees it stopped (`waitpid` with `WUNTRACED`), runs what the
/// fault interleaves, and sends SIGCONT, after which `reach` returns and the
/// process goes on as if nothing happened.
///
/// Every crash point is a pause point too (`CrashPoint.reach` calls this
/// first); a few places are pause points only. When `OAL_PAUSE_LOG` holds a
/// file path, every reached pause point's name is appended to it as one
/// line (`O_APPEND`, one `write(2)`): the race sweep's listing.
///
/// The environment is read once; with neither variable set, `reach` is a
/// load and a branch.
public enum PausePoint {
    /// The environment variable naming the point to pause at.
    public static let pauseAtVariable = "OAL_PAUSE_AT"
    /// The environment variable naming the reached-pause-points log file.
    public static let logVariable = "OAL_PAUSE_LOG"

    /// Marks that this process reached the point `name`.
    @inline(__always)
    public static func reach(_ name: String) {
        // Stopped here until the launcher sends SIGCONT.
        guard let config = configuration, config.reached(name) else { return }
        try? ProcessSignal.sendToSelf(SIGSTOP)
    }

    private static let configuration = PointConfiguration.fromEnvironment(target: pauseAtVariable, log: logVariable)
}

/// What a process does when a lock it asks for is held by someone else,
/// so the emulated OS can tell a process waiting for a stopped one
/// (`preempt`) from one that runs.
///
/// Off unless configured: `FileDescriptor.lock` (every store lock) then blocks at once, as
/// before. When `OAL_LOCK_WAIT_NOTICE` holds a file path (a child launched
/// while another is stopped), a would-block acquisition first appends
/// `pid fd N` to that file, then blocks. In the emulated OS's own
/// process a handler is installed per thread (`withHandler`): it runs
/// before the thread blocks, and resumes the stopped process.
public enum LockWait {
    /// The environment variable naming the notice file.
    public static let noticeVariable = "OAL_LOCK_WAIT_NOTICE"

    private static let notice: FileDescriptor? = {
        guard let path = ProcessEnvironment.value(noticeVariable), !path.isEmpty else { return nil }
        return try? FileDescriptor.open(path, .writeOnly, options: [.create, .append], permissions: .ownerReadWrite)
    }()

    private static let handlerKey = "oal.lock-wait.handler"

    private final class Handler {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Runs `body` with `handler` called (on this thread) before any lock
    /// acquisition of this thread would block.
    public static func withHandler<R>(_ handler: @escaping () -> Void, _ body: () throws -> R) rethrows -> R {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[handlerKey]
        dictionary[handlerKey] = Handler(handler)
        installed.withLock { $0 += 1 }
        defer {
            dictionary[handlerKey] = previous
            installed.withLock { $0 -= 1 }
        }
        return try body()
    }

    /// How many `withHandler` calls are running in this process, on any
    /// thread. While none is (every launched process, always), a lock
    /// acquisition does not look in its thread's dictionary: that lookup
    /// boxes the key, and cost a forked callback about a tenth of a
    /// millisecond over its store locks.
    private static let installed = LockedValue<Int>(0)

    private static var handler: Handler? {
        guard installed.withLock({ $0 }) > 0 else { return nil }
        return Thread.current.threadDictionary[handlerKey] as? Handler
    }

    /// Whether acquisitions should first try without blocking.
    static var active: Bool { notice != nil || handler != nil }

    /// Called when the lock `what` is held by someone else, right
    /// before blocking on it.
    static func willBlock(_ what: String) {
        if let notice {
            _ = try? notice.writeAll(Array("\(getpid()) \(what)\n".utf8))
        }
        handler?.body()
    }
}
