import Foundation
import Glibc

/// What a power loss would leave of some directory trees: the state the
/// disk holds, kept beside them as LazyFS keeps it (a file's bytes as of
/// its last `fsync`/`fdatasync`, a directory's entries as of its last
/// `fsync`). Every sync a process makes through `FileDescriptor.sync` or
/// `dataSync` is recorded here while the image is on (`SyncRecorder`);
/// nothing else reaches it, so a `write` or `rename` with no sync after it
/// is lost by `restore`, as the page cache is lost with the power.
///
/// On disk, under `directory`:
/// - `inodes/<inode>`: a file's bytes at its last sync, by inode number,
///   since a sync names an open file, not a path (a temporary synced, then
///   renamed over its target, is the target once the directory is synced);
/// - `dirs/<key>`: a directory's entries at its last sync, one line each,
///   `f|d <inode> <name>`; `key` is its path relative to `base` with `%`
///   and `/` escaped;
/// - `lock`: held exclusively by each record and by `restore`, so the
///   processes of a run (an extension and the app's loop) record in turn.
///
/// The image is the emulator's, not the device's: it is never itself lost.
public struct DurableImage: Sendable {
    public let directory: String
    /// The directory the trees' keys are relative to (a device root).
    public let base: String
    /// The absolute paths of the trees whose syncs are recorded.
    public let trees: [String]

    public init(directory: String, base: String, trees: [String]) {
        self.directory = directory
        self.base = Self.trimmed(base)
        self.trees = trees.map(Self.trimmed)
    }

    /// What `restore` changed: the measure of what the power loss took.
    public struct Loss: Hashable, Sendable, CustomStringConvertible {
        /// Files whose bytes went back to their last sync (or to nothing).
        public var reverted = 0
        /// Entries removed: created or renamed in since the directory's
        /// last sync.
        public var removed = 0
        /// Entries brought back: removed or renamed away since that sync.
        public var restored = 0

        public init(reverted: Int = 0, removed: Int = 0, restored: Int = 0) {
            self.reverted = reverted
            self.removed = removed
            self.restored = restored
        }

        public var isNothing: Bool { reverted == 0 && removed == 0 && restored == 0 }

        public var description: String {
            "\(reverted) file(s) reverted, \(removed) entr(y/ies) removed, \(restored) brought back"
        }
    }

    /// Whether `path` lies in one of the trees.
    public func tracks(_ path: String) -> Bool {
        trees.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// Makes every file and directory of the trees durable as they are
    /// now: the device at boot, after everything was written back.
    public func recordEverything() throws(Errno) {
        try FileSystem.createDirectory(directory)
        try withLock { () throws(Errno) in
            try clear()
            for tree in trees { try recordTree(tree) }
        }
    }

    /// Whether an image was recorded here (a resumed device keeps it).
    public var exists: Bool { (try? FileSystem.status(directory + "/dirs")) != nil }

    /// Records the sync of the open file `descriptor`: its bytes if it is a
    /// regular file in a tree, its entries if it is such a directory.
    public func recordSync(of descriptor: FileDescriptor) throws(Errno) {
        guard let path = Self.path(of: descriptor), tracks(path) else { return }
        let status = try descriptor.status()
        try withLock { () throws(Errno) in
            if status.isDirectory {
                try recordListing(path)
            } else if status.isRegularFile {
                // Read through /proc: the descriptor may be write-only.
                let bytes = try Self.readAll("/proc/self/fd/\(descriptor.rawValue)")
                try store(bytes, inode: status.inode)
            }
        }
    }

    /// Puts the trees back to what the image holds and makes that the new
    /// image: every process was stopped first (the power went), and what
    /// the disk holds is what the next boot finds.
    /// Fails with ENOENT when no image was recorded here: restoring none
    /// would take every file.
    public func restore() throws(Errno) -> Loss {
        guard exists else { throw .noSuchFileOrDirectory }
        var loss = Loss()
        try withLock { () throws(Errno) in
            for tree in trees {
                try restore(tree, into: &loss)
            }
            try clear()
            for tree in trees { try recordTree(tree) }
        }
        return loss
    }

    // MARK: - Recording

    private func recordTree(_ path: String) throws(Errno) {
        guard let status = try FileSystem.linkStatus(path), status.isDirectory else { return }
        try recordListing(path)
        for entry in DirectoryWalk.entries(of: path) ?? [] {
            let child = path + "/" + entry.name
            guard let status = try FileSystem.linkStatus(child) else { continue }
            if status.isDirectory {
                try recordTree(child)
            } else if status.isRegularFile, let bytes = try FileSystem.readFile(child) {
                try store(bytes, inode: status.inode)
            }
        }
    }

    private func recordListing(_ path: String) throws(Errno) {
        var lines: [String] = []
        for entry in (DirectoryWalk.entries(of: path) ?? []).sorted(by: { $0.name < $1.name }) {
            guard let status = try FileSystem.linkStatus(path + "/" + entry.name) else { continue }
            // Links and devices have no place in an App Group; not kept.
            guard status.isDirectory || status.isRegularFile else { continue }
            lines.append("\(status.isDirectory ? "d" : "f") \(status.inode) \(Self.escaped(entry.name))")
        }
        try FileSystem.createDirectory(directory + "/dirs")
        try AtomicFile.replace(
            directory + "/dirs/" + key(of: path), with: Array(lines.map { $0 + "\n" }.joined().utf8), durable: false)
    }

    private func store(_ bytes: [UInt8], inode: UInt64) throws(Errno) {
        try FileSystem.createDirectory(directory + "/inodes")
        try AtomicFile.replace(directory + "/inodes/\(inode)", with: bytes, durable: false)
    }

    // MARK: - Restoring

    /// One durable entry of a directory.
    struct Entry: Hashable {
        var isDirectory: Bool
        var inode: UInt64
        var name: String
    }

    /// The entries `path` had at its last sync; nil when it never had one
    /// (created since the image began: its parent's sync kept the name at
    /// most, never what is in it).
    func listing(of path: String) throws(Errno) -> [Entry]? {
        guard let bytes = try FileSystem.readFile(directory + "/dirs/" + key(of: path)) else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let inode = UInt64(parts[1]) else { return nil }
            return Entry(isDirectory: parts[0] == "d", inode: inode, name: Self.unescaped(String(parts[2])))
        }
    }

    private func restore(_ path: String, into loss: inout Loss) throws(Errno) {
        let durable = try listing(of: path) ?? []
        let names = Set(durable.map(\.name))
        for entry in DirectoryWalk.entries(of: path) ?? [] where !names.contains(entry.name) {
            try FileSystem.removeTree(path + "/" + entry.name)
            loss.removed += 1
        }
        for entry in durable {
            let child = path + "/" + entry.name
            let live = try FileSystem.linkStatus(child)
            if entry.isDirectory {
                if live?.isDirectory != true {
                    if live != nil { try FileSystem.removeTree(child) }
                    try FileSystem.createDirectory(child)
                    loss.restored += 1
                }
                try restore(child, into: &loss)
                continue
            }
            // Bytes never synced since the file was created are lost: the
            // name survives (its directory was synced), empty.
            let kept = try FileSystem.readFile(directory + "/inodes/\(entry.inode)") ?? []
            if let live, live.isRegularFile, try FileSystem.readFile(child) == kept { continue }
            if live == nil { loss.restored += 1 } else { loss.reverted += 1 }
            if live?.isDirectory == true { try FileSystem.removeTree(child) }
            try AtomicFile.replace(child, with: kept, durable: false)
        }
    }

    // MARK: - Helpers

    private func withLock<R>(_ body: () throws(Errno) -> R) throws(Errno) -> R {
        try FileSystem.createDirectory(directory)
        let lock = try FileLock(path: directory + "/lock")
        try lock.acquire(.exclusive)
        defer { try? lock.release() }
        return try body()
    }

    private func clear() throws(Errno) {
        try FileSystem.removeTree(directory + "/dirs")
        try FileSystem.removeTree(directory + "/inodes")
    }

    func key(of path: String) -> String {
        let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
        return Self.escaped(relative).replacingOccurrences(of: "/", with: "%2F")
    }

    /// `%` and a line break written as `%25` and `%0A`: a name on one line.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%25", with: "%")
    }

    /// The path an open descriptor names, from `/proc/self/fd`; nil for a
    /// file no name reaches any more.
    static func path(of descriptor: FileDescriptor) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor.rawValue)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.hasSuffix(" (deleted)") ? nil : path
    }

    private static func readAll(_ path: String) throws(Errno) -> [UInt8] {
        try FileSystem.readFile(path) ?? []
    }

    private static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
