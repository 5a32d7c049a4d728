import Glibc

/// `flock(2)`, named apart from the `struct flock` it shares a name with.
@inline(__always)
private func flockCall(_ fd: Int32, _ operation: Int32) -> Int32 {
    let result: Int32 = flock(fd, operation)
    return result
}

/// The kind of advisory lock: many readers share, one writer excludes all.
public enum LockMode: Sendable, Hashable {
    /// `LOCK_SH`: any number of holders; excludes `.exclusive`.
    case shared
    /// `LOCK_EX`: a single holder; excludes everyone else.
    case exclusive

    var operation: Int32 {
        switch self {
        case .shared: LOCK_SH
        case .exclusive: LOCK_EX
        }
    }
}

extension FileDescriptor {
    /// `flock(2)`: blocks until the lock in `mode` is held on this open file
    /// description. Taking a different mode converts the lock (not atomically).
    /// When the emulated OS watches for waiters (`LockWait`), a lock held
    /// by someone else is reported before blocking on it.
    public func lock(_ mode: LockMode) throws(Errno) {
        if LockWait.active, !(try tryLock(mode)) { LockWait.willBlock("fd \(rawValue)") }
        try syscallVoid { flockCall(rawValue, mode.operation) }.get()
    }

    /// `flock(2)` with `LOCK_NB`: true when the lock was taken, false when
    /// someone else holds a conflicting one.
    public func tryLock(_ mode: LockMode) throws(Errno) -> Bool {
        switch syscallVoid({ flockCall(rawValue, mode.operation | LOCK_NB) }) {
        case .success: return true
        case .failure(let error) where error == .wouldBlock: return false
        case .failure(let error): throw error
        }
    }

    /// `flock(2)` with `LOCK_UN`.
    public func unlock() throws(Errno) {
        try syscallVoid { flockCall(rawValue, LOCK_UN) }.get()
    }
}

/// An advisory lock on a dedicated lock file beside the data it guards.
///
/// Uses `flock(2)`, so the kernel drops the lock when its holder exits for
/// any reason (SIGKILL included): a dead process never wedges the others.
/// The lock belongs to this object's open file description; two `FileLock`
/// objects on the same path exclude each other even in one process. One
/// object is not re-entrant and not meant to be shared between threads
/// without outside serialisation.
public final class FileLock: @unchecked Sendable {
    public let path: String
    private let descriptor: FileDescriptor

    /// Opens (creating with mode 0600 when absent) the lock file at `path`.
    public init(path: String) throws(Errno) {
        self.path = path
        self.descriptor = try FileDescriptor.open(
            path, .readWrite, options: [.create, .noFollow], permissions: .ownerReadWrite)
    }

    deinit { try? descriptor.close() }

    /// Blocks until the lock is held in `mode`.
    public func acquire(_ mode: LockMode) throws(Errno) { try descriptor.lock(mode) }

    /// Takes the lock in `mode` if nobody holds a conflicting one.
    public func tryAcquire(_ mode: LockMode) throws(Errno) -> Bool { try descriptor.tryLock(mode) }

    /// Releases the lock.
    public func release() throws(Errno) { try descriptor.unlock() }

    /// Runs `body` while holding the lock in `mode`, releasing it on every exit.
    public func withLock<R, E: Error>(_ mode: LockMode, _ body: () throws(E) -> R) throws -> R {
        try acquire(mode)
        defer { try? release() }
        return try body()
    }
}
