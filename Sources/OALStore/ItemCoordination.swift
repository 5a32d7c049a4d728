import Foundation
import OALSystem

/// Cross-process exclusion per file path: what iOS's file coordination
/// service gives `NSFileCoordinator` (GuestFoundation's stand-in uses it).
///
/// Every coordinated path has a lock file of its own in `directory`, named
/// by the SHA-256 of the path, so the item itself is never opened to lock
/// it: an atomic replace swaps the item's inode, which would drop a lock
/// taken on the item. Readers share the lock and a writer excludes
/// everyone, as coordinated reads and writes do. `flock(2)` belongs to the
/// open file description, so two coordinations in one process exclude each
/// other too, and a process killed while it holds one releases it.
public struct ItemCoordination: Sendable {
    /// Where the lock files live (`<root>/system/file-coordination` on the
    /// emulated device).
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    /// The lock file that stands for `path` (a standardized absolute path).
    public func lockPath(for path: String) -> String {
        var hasher = SHA256Hasher()
        hasher.update(path)
        return directory.appendingPathComponent(String(hasher.hexDigest().prefix(32)) + ".lock").path
    }

    /// Runs `body` while holding `path`'s lock in `mode`; blocks until
    /// every conflicting holder, in any process, has let go.
    public func withAccess<R>(to path: String, _ mode: LockMode, _ body: () throws -> R) throws -> R {
        try FileSystem.createDirectory(directory.path)
        let lock = try FileLock(path: lockPath(for: path))
        return try lock.withLock(mode, body)
    }
}
