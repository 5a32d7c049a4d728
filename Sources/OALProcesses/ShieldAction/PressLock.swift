import Foundation
import OALStore
import OALSystem

/// `appgroup/open-press.lock` (flock, always empty): an Open press holds it
/// exclusive from before its lookup until it exits, so presses run one at a
/// time and a duplicated launch of one tap finds the shield already lifted.
/// Every other process that writes shields (the monitor, the app's refresh)
/// holds it shared while it resolves pending grants, reads the sessions and
/// writes the stores, so no press acts between its read and its write, and
/// any grant still pending under it was left by a press that died (the
/// kernel dropped its lock). docs/CONTRACT.md, "Pending grants".
///
/// Held once per process: a nested `with` runs under the lock already held.
public final class PressLock: @unchecked Sendable {
    public let path: String
    private let guardLock = NSLock()
    private var lock: FileLock?
    private var held: LockMode?

    init(path: String) { self.path = path }

    /// Runs `body` holding the lock in `mode` (or under the mode already held).
    public func with<R>(_ mode: LockMode, _ body: () throws -> R) throws -> R {
        if guardLock.withLock({ held != nil }) { return try body() }
        guardLock.lock()
        let existing = lock
        guardLock.unlock()
        let file: FileLock
        do throws(Errno) {
            if let existing { file = existing } else { file = try FileLock(path: path) }
            try file.acquire(mode)
        } catch {
            throw StoreError.io(path: path, operation: "lock", errno: error)
        }
        guardLock.withLock {
            lock = file
            held = mode
        }
        defer {
            guardLock.withLock { held = nil }
            try? file.release()
        }
        return try body()
    }
}
