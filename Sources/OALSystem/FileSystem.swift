import Foundation
import Glibc

/// `stat(2)`, named apart from the `struct stat` it shares a name with.
@inline(__always)
private func statCall(_ path: String, _ buffer: inout stat) -> Int32 {
    let result: Int32 = stat(path, &buffer)
    return result
}

/// `lstat(2)`, named apart from the `struct stat` it shares a name with.
@inline(__always)
private func lstatCall(_ path: String, _ buffer: inout stat) -> Int32 {
    let result: Int32 = lstat(path, &buffer)
    return result
}

/// Path-level system calls the stores need, each a thin wrapper.
public enum FileSystem {
    /// `lstat(2)`: like `status` but a symbolic link is reported as itself.
    public static func linkStatus(_ path: String) throws(Errno) -> FileStatus? {
        var st = stat()
        switch syscallVoid({ lstatCall(path, &st) }) {
        case .success: return FileStatus(st)
        case .failure(let e) where e == .noSuchFileOrDirectory: return nil
        case .failure(let e): throw e
        }
    }

    /// Whether `path` names something other than a regular file or a
    /// directory (a symbolic link, a FIFO, a device): never ours to write.
    static func isPlantedEntry(_ path: String) -> Bool {
        guard let status = try? linkStatus(path) else { return false }
        return !status.isRegularFile && !status.isDirectory
    }

    /// `umask(2)` to 077 for the rest of the process (and the children it
    /// starts): nothing it creates is readable by anyone else, whatever the
    /// caller's umask (docs/CONTRACT.md). Modes are still set exactly where
    /// files and directories are created, so a umask that would remove the
    /// owner's own bits cannot either.
    public static func restrictPermissionMask() {
        _ = Glibc.umask(0o077)
    }

    /// A directory of this process at `path`, 0700 (or `permissions`)
    /// exactly: created with its parents when missing; a symbolic link or
    /// other non-directory in its place is removed first, so nothing is
    /// ever created through a link planted out of the root.
    public static func ensurePrivateDirectory(
        _ path: String, permissions: FilePermissions = .ownerReadWriteExecute
    ) throws(Errno) {
        if let status = try linkStatus(path) {
            if status.isDirectory {
                if status.permissions != permissions { try setPermissions(path, permissions) }
                return
            }
            try unlink(path)
        }
        try createDirectory(path, permissions: permissions)
    }

    /// `stat(2)`, or nil when nothing exists at `path`.
    public static func status(_ path: String) throws(Errno) -> FileStatus? {
        var st = stat()
        switch syscallVoid({ statCall(path, &st) }) {
        case .success: return FileStatus(st)
        case .failure(let e) where e == .noSuchFileOrDirectory: return nil
        case .failure(let e): throw e
        }
    }

    /// `mkdir(2)` for `path` and any missing parents, each with
    /// `permissions` (0700 by default). An existing directory is fine.
    /// `durable`: the parent of each directory it makes is synced after,
    /// so a power loss keeps the new names.
    public static func createDirectory(
        _ path: String, permissions: FilePermissions = .ownerReadWriteExecute, durable: Bool = false
    ) throws(Errno) {
        // Every process start ensures its containers: nearly always there
        // already, and one stat says so where the walk below costs a mkdir
        // and a stat per component (issue 36). Any error walks, for the
        // walk's own error.
        if (try? status(path))??.isDirectory == true { return }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            switch syscallVoid({ Glibc.mkdir(prefix, permissions.rawValue) }) {
            case .success:
                // The umask may have narrowed the mode: set it exactly.
                try setPermissions(prefix, permissions)
                if durable { try syncDirectory(directoryName(of: prefix)) }
            case .failure(let e) where e == .fileExists:
                guard try status(prefix)?.isDirectory == true else { throw Errno(rawValue: ENOTDIR) }
            case .failure(let e): throw e
            }
            prefix += "/"
        }
    }

    /// `rename(2)`: atomically replaces `destination` with `source`.
    public static func rename(_ source: String, to destination: String) throws(Errno) {
        try syscallVoid { Glibc.rename(source, destination) }.get()
    }

    /// `renameat2(2)` with `RENAME_EXCHANGE`: the two names swap files in
    /// one step. Glibc's header hides it behind `_GNU_SOURCE`, so it is
    /// looked up once by name; `ENOSYS` where this libc has none.
    public static func exchange(_ first: String, _ second: String) throws(Errno) {
        guard let renameat2 = RenameAt2.function else { throw Errno(rawValue: ENOSYS) }
        try syscallVoid { renameat2(AT_FDCWD, first, AT_FDCWD, second, RenameAt2.exchange) }.get()
    }

    /// `link(2)`: a second name for a file; fails with EEXIST rather than
    /// replacing anything.
    public static func link(_ existing: String, to newPath: String) throws(Errno) {
        try syscallVoid { Glibc.link(existing, newPath) }.get()
    }

    /// `unlink(2)`; a missing file is not an error when `ignoreMissing`.
    public static func unlink(_ path: String, ignoreMissing: Bool = true) throws(Errno) {
        switch syscallVoid({ Glibc.unlink(path) }) {
        case .success: return
        case .failure(let e) where ignoreMissing && e == .noSuchFileOrDirectory: return
        case .failure(let e): throw e
        }
    }

    /// `chmod(2)`.
    public static func setPermissions(_ path: String, _ permissions: FilePermissions) throws(Errno) {
        try syscallVoid { Glibc.chmod(path, permissions.rawValue) }.get()
    }

    /// Opens the directory `path` and `fsync(2)`s it, so entries created,
    /// renamed or removed in it survive a power loss.
    public static func syncDirectory(_ path: String) throws(Errno) {
        let fd = try FileDescriptor.open(path, .readOnly, options: [.directory])
        defer { try? fd.close() }
        try fd.sync()
    }

    /// Reads the whole file at `path`, or nil when it does not exist.
    public static func readFile(_ path: String) throws(Errno) -> [UInt8]? {
        let fd: FileDescriptor
        switch FileDescriptor._open(path, .readOnly, options: [], permissions: nil) {
        case .success(let opened): fd = opened
        case .failure(let e) where e == .noSuchFileOrDirectory: return nil
        case .failure(let e): throw e
        }
        defer { try? fd.close() }
        return try fd.readToEnd()
    }

    /// `realpath(3)`: the absolute path with every `.`, `..` and symbolic
    /// link resolved, or nil when `path` does not exist.
    public static func resolvedPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The directory part of `path` ("." when there is none).
    public static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    public static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}

/// Glibc's `renameat2`, found with `dlsym` (not in the imported header).
private enum RenameAt2 {
    typealias Function = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
    static let exchange: UInt32 = 1 << 1
    static let function: Function? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}

/// Replaces a file's whole content so that readers see the old bytes or the
/// new bytes, never a mixture: write a uniquely named temporary file in the
/// same directory, then `rename(2)` it over the target.
public enum AtomicFile {
    /// Points in `replace` where a caller may inject a crash.
    public struct Hooks: Sendable {
        public var beforeRename: @Sendable () -> Void
        public var afterRename: @Sendable () -> Void
        public init(
            beforeRename: @escaping @Sendable () -> Void = {}, afterRename: @escaping @Sendable () -> Void = {}
        ) {
            self.beforeRename = beforeRename
            self.afterRename = afterRename
        }
    }

    /// Writes `bytes` to `path` atomically with mode `permissions` (0600).
    /// `durable`: `fsync(2)` the file before the rename and its directory
    /// after, so the new content survives a power loss once this returns.
    /// A crash leaves at most a stray `.<name>.tmp-*` file, never a torn target.
    public static func replace(
        _ path: String, with bytes: [UInt8], durable: Bool,
        permissions: FilePermissions = .ownerReadWrite, hooks: Hooks = Hooks()
    ) throws(Errno) {
        let directory = FileSystem.directoryName(of: path)
        let temp = directory + "/." + FileSystem.baseName(of: path) + ".tmp-" + uniqueSuffix()
        let fd = try FileDescriptor.open(
            temp, .writeOnly, options: [.create, .exclusiveCreate, .noFollow], permissions: permissions)
        do {
            try fd.writeAll(bytes)
            if durable { try fd.sync() }
            try fd.close()
        } catch {
            try? fd.close()
            try? FileSystem.unlink(temp)
            throw error
        }
        hooks.beforeRename()
        do {
            try FileSystem.rename(temp, to: path)
        } catch {
            try? FileSystem.unlink(temp)
            throw error
        }
        hooks.afterRename()
        if durable { try FileSystem.syncDirectory(directory) }
    }

    /// `replace` for a file one process alone writes, at every step: the
    /// new bytes go into a spare file kept beside it (`.<name>.spare`,
    /// overwritten in place), which then swaps names with the target
    /// (`FileSystem.exchange`), so the spare holds the old bytes for next
    /// time. Readers see the old bytes or the new, never a mixture, exactly
    /// as with `replace`, and a crash leaves the target whole.
    ///
    /// Why: creating a temporary file, renaming it over the target and
    /// freeing the replaced one cost ext4 an inode, a flush of the new data
    /// (its rename-over-a-file rule) and an eviction per save, about a
    /// tenth of a simulated week's CPU for the device's three state files.
    /// An exchange of two existing files does none of it. Falls back to
    /// `replace` when the target does not exist yet, the file system cannot
    /// exchange, or the spare is not a plain file of its own.
    public static func replaceThroughSpare(
        _ path: String, with bytes: [UInt8], durable: Bool,
        permissions: FilePermissions = .ownerReadWrite, hooks: Hooks = Hooks()
    ) throws(Errno) {
        let directory = FileSystem.directoryName(of: path)
        let spare = sparePath(of: path)
        guard (try? FileSystem.linkStatus(path))?.isRegularFile == true,
            let fd = try? FileDescriptor.open(
                spare, .writeOnly, options: [.create, .noFollow], permissions: permissions)
        else { return try replace(path, with: bytes, durable: durable, permissions: permissions, hooks: hooks) }
        // A spare that is a second name of some other file is not written
        // through: removed, and the plain replace used.
        guard let status = try? fd.status(), status.isRegularFile, status.linkCount == 1 else {
            try? fd.close()
            try? FileSystem.unlink(spare)
            return try replace(path, with: bytes, durable: durable, permissions: permissions, hooks: hooks)
        }
        do {
            try fd.writeAll(toAbsoluteOffset: 0, bytes)
            try fd.resize(to: Int64(bytes.count))
            if durable { try fd.sync() }
            try fd.close()
        } catch {
            try? fd.close()
            try? FileSystem.unlink(spare)
            throw error
        }
        hooks.beforeRename()
        do {
            try FileSystem.exchange(spare, path)
        } catch {
            // Cannot exchange here (EINVAL, ENOSYS): the spare is renamed
            // over the target instead, as `replace` does.
            do { try FileSystem.rename(spare, to: path) } catch {
                try? FileSystem.unlink(spare)
                throw error
            }
        }
        hooks.afterRename()
        if durable { try FileSystem.syncDirectory(directory) }
    }

    /// `.<name>.spare` beside `path` (`replaceThroughSpare`).
    public static func sparePath(of path: String) -> String {
        FileSystem.directoryName(of: path) + "/." + FileSystem.baseName(of: path) + ".spare"
    }

    /// Deletes the temporary files that writers of `path` killed between
    /// creating and renaming them left behind, and returns how many.
    ///
    /// Call it only while holding the lock that serialises every writer of
    /// `path`: then no live writer can own such a file, so each one found
    /// is garbage and nothing in flight is touched.
    @discardableResult
    public static func removeStrayTemporaries(of path: String) throws(Errno) -> Int {
        let directory = FileSystem.directoryName(of: path)
        let prefix = "." + FileSystem.baseName(of: path) + ".tmp-"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw Errno.current
        }
        var removed = 0
        for entry in entries where entry.hasPrefix(prefix) {
            try FileSystem.unlink(directory + "/" + entry)
            removed += 1
        }
        return removed
    }

    /// pid + a per-process counter + random bits: unique across processes.
    static func uniqueSuffix() -> String {
        let n = counter.next()
        return "\(getpid())-\(n)-\(String(UInt32.random(in: .min ... .max), radix: 36))"
    }

    private static let counter = Counter()
}

/// A thread-safe increasing counter.
final class Counter: @unchecked Sendable {
    private var value: UInt64 = 0
    private let lock = NSLock()
    func next() -> UInt64 {
        lock.withLock {
            value += 1
            return value
        }
    }
}

extension FileSystem {
    /// Removes `path` and, if it is a directory, everything under it
    /// (links are removed, never followed). A missing path is not an error.
    public static func removeTree(_ path: String) throws(Errno) {
        guard let status = try linkStatus(path) else { return }
        if status.isDirectory {
            for entry in DirectoryWalk.entries(of: path) ?? [] {
                try removeTree(path + "/" + entry.name)
            }
            try syscallVoid { Glibc.rmdir(path) }.get()
        } else {
            try unlink(path)
        }
    }
}
