import Glibc

/// An open file descriptor. A plain value: closing is explicit (`close()`),
/// as with the C API it wraps, so owners decide its lifetime.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(rawValue: 0)
    public static let standardOutput = FileDescriptor(rawValue: 1)
    public static let standardError = FileDescriptor(rawValue: 2)

    /// How a file is opened: for reading, writing or both.
    public enum AccessMode: Sendable {
        case readOnly, writeOnly, readWrite
        var flag: Int32 {
            switch self {
            case .readOnly: O_RDONLY
            case .writeOnly: O_WRONLY
            case .readWrite: O_RDWR
            }
        }
    }

    /// Extra `open(2)` flags. `O_CLOEXEC` is always added: our descriptors
    /// never leak into spawned processes.
    public struct OpenOptions: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// `O_CREAT`
        public static let create = OpenOptions(rawValue: O_CREAT)
        /// `O_EXCL` (with `.create`: fail if the file exists)
        public static let exclusiveCreate = OpenOptions(rawValue: O_EXCL)
        /// `O_TRUNC`
        public static let truncate = OpenOptions(rawValue: O_TRUNC)
        /// `O_APPEND`: every write goes to the end of the file, atomically.
        public static let append = OpenOptions(rawValue: O_APPEND)
        /// `O_DIRECTORY`
        public static let directory = OpenOptions(rawValue: O_DIRECTORY)
        /// `O_NOFOLLOW`
        public static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
    }

    /// Opens `path` (`open(2)`, with `O_CLOEXEC`). `permissions` applies only
    /// when the file is created; the process umask can only narrow it.
    public static func open(
        _ path: String, _ mode: AccessMode, options: OpenOptions = [],
        permissions: FilePermissions? = nil
    ) throws(Errno) -> FileDescriptor {
        try _open(path, mode, options: options, permissions: permissions).get()
    }

    internal static func _open(
        _ path: String, _ mode: AccessMode, options: OpenOptions, permissions: FilePermissions?
    ) -> Result<FileDescriptor, Errno> {
        let flags = mode.flag | options.rawValue | O_CLOEXEC
        let perms = permissions?.rawValue ?? 0
        let opened = syscall { Glibc.open(path, flags, perms) }.map(FileDescriptor.init(rawValue:))
        guard options.contains(.create), let permissions, case .success(let fd) = opened else { return opened }
        // The umask can only narrow the mode `open` was given, so a file
        // created under `umask 000` would still be right but one created
        // under `umask 0777` would have no permission at all: set the mode
        // exactly (CONTRACT.md: every file 0600). A file we cannot set is
        // refused rather than used with the wrong mode.
        switch fd.enforce(permissions) {
        case .success: return opened
        case .failure(let error):
            _ = Glibc.close(fd.rawValue)
            return .failure(error)
        }
    }

    /// `fstat(2)` then `fchmod(2)` when the mode is not `permissions`.
    private func enforce(_ permissions: FilePermissions) -> Result<Void, Errno> {
        var st = stat()
        if case .failure(let error) = syscallVoid({ Glibc.fstat(rawValue, &st) }) { return .failure(error) }
        guard st.st_mode & 0o7777 != permissions.rawValue else { return .success(()) }
        return syscallVoid { Glibc.fchmod(rawValue, permissions.rawValue) }
    }

    /// Opens a file this process owns the name of, for writing, so that
    /// nothing planted at `path` is ever written through: a symbolic link
    /// (or any entry that is not a regular file: a FIFO, a device) is
    /// removed and replaced by a new file, as an atomic rename replaces a
    /// link. `.truncate` always starts a new file (the old entry, link or
    /// not, is unlinked, then `O_CREAT|O_EXCL|O_NOFOLLOW`); `.append` keeps
    /// an existing regular file and appends (`O_APPEND|O_NOFOLLOW`), unless
    /// it has a second name (a planted hard link), which is replaced. The
    /// mode is `permissions` exactly, whatever the umask.
    public static func openOwned(
        _ path: String, _ disposition: OwnedDisposition, permissions: FilePermissions = .ownerReadWrite
    ) throws(Errno) -> FileDescriptor {
        var attempts = 0
        while true {
            attempts += 1
            if disposition == .truncate || FileSystem.isPlantedEntry(path) {
                try FileSystem.unlink(path)
            }
            let options: OpenOptions =
                disposition == .truncate ? [.create, .exclusiveCreate, .noFollow] : [.create, .append, .noFollow]
            switch _open(path, .writeOnly, options: options, permissions: permissions) {
            case .success(let fd):
                // A second name (a hard link planted to a file elsewhere):
                // not ours alone, so it is replaced too.
                if disposition == .append, attempts < 8, (try? fd.status().linkCount).map({ $0 > 1 }) == true {
                    try? fd.close()
                    try FileSystem.unlink(path)
                    continue
                }
                return fd
            // Someone put an entry back between the unlink and the open
            // (EEXIST) or a link in its place (ELOOP): go round again.
            case .failure(let error) where (error == .fileExists || error.rawValue == ELOOP) && attempts < 8:
                continue
            case .failure(let error): throw error
            }
        }
    }

    /// How `openOwned` treats an existing regular file.
    public enum OwnedDisposition: Sendable, Hashable {
        case truncate, append
    }

    /// `close(2)`. Not retried on EINTR: on Linux the descriptor is released
    /// either way.
    public func close() throws(Errno) {
        try syscallVoid(retryOnInterrupt: false) { Glibc.close(rawValue) }.get()
    }

    /// `read(2)` into `buffer`; returns the number of bytes read (0 at end).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try syscall { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }.get()
    }

    /// `pread(2)`: reads at `offset` without moving the file position.
    public func read(
        fromAbsoluteOffset offset: Int64, into buffer: UnsafeMutableRawBufferPointer
    ) throws(Errno) -> Int {
        try syscall { Glibc.pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }.get()
    }

    /// Reads `count` bytes from `offset` (`pread(2)` in a loop); fewer only
    /// when the file ends first.
    public func readBytes(fromAbsoluteOffset offset: Int64, count: Int) throws(Errno) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { raw in
                syscall { Glibc.pread(rawValue, raw.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            }
            let n = try result.get()
            if n == 0 { break }
            done += n
        }
        bytes.removeSubrange(done...)
        return bytes
    }

    /// Reads from the current position to end of file (`read(2)` loop).
    public func readToEnd() throws(Errno) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let got = chunk.withUnsafeMutableBytes { raw in
                syscall { Glibc.read(rawValue, raw.baseAddress, raw.count) }
            }
            let n = try got.get()
            if n == 0 { return result }
            result.append(contentsOf: chunk[0..<n])
        }
    }

    /// `write(2)` once; returns how many bytes the kernel took.
    public func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try syscall { Glibc.write(rawValue, buffer.baseAddress, buffer.count) }.get()
    }

    /// `pwrite(2)` once at `offset`.
    public func write(toAbsoluteOffset offset: Int64, _ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try syscall { Glibc.pwrite(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }.get()
    }

    /// Writes all of `bytes` (`write(2)` until done). A regular file takes
    /// the whole buffer in one call unless the disk fills up.
    public func writeAll<C: Collection>(_ bytes: C) throws(Errno) where C.Element == UInt8 {
        let array = Array(bytes)
        var done = 0
        while done < array.count {
            let result = array.withUnsafeBytes { raw in
                syscall { Glibc.write(rawValue, raw.baseAddress! + done, raw.count - done) }
            }
            done += try result.get()
        }
    }

    /// Writes all of `bytes` at `offset` (`pwrite(2)` until done).
    public func writeAll<C: Collection>(toAbsoluteOffset offset: Int64, _ bytes: C) throws(Errno)
    where C.Element == UInt8 {
        let array = Array(bytes)
        var done = 0
        while done < array.count {
            let result = array.withUnsafeBytes { raw in
                syscall {
                    Glibc.pwrite(rawValue, raw.baseAddress! + done, raw.count - done, off_t(offset) + off_t(done))
                }
            }
            done += try result.get()
        }
    }

    /// `fsync(2)`: file data and metadata reach the disk.
    public func sync() throws(Errno) {
        try syscallVoid { Glibc.fsync(rawValue) }.get()
        SyncRecorder.synced(self)
    }

    /// `fdatasync(2)`: file data (and the size) reach the disk.
    public func dataSync() throws(Errno) {
        try syscallVoid { Glibc.fdatasync(rawValue) }.get()
        SyncRecorder.synced(self)
    }

    /// `ftruncate(2)`.
    public func resize(to size: Int64) throws(Errno) {
        try syscallVoid { Glibc.ftruncate(rawValue, off_t(size)) }.get()
    }

    /// Where `seek` counts from (`SEEK_SET`, `SEEK_CUR`, `SEEK_END`).
    public enum SeekOrigin: Sendable {
        case start, current, end
        var raw: Int32 {
            switch self {
            case .start: SEEK_SET
            case .current: SEEK_CUR
            case .end: SEEK_END
            }
        }
    }

    /// `lseek(2)`; returns the new offset.
    @discardableResult
    public func seek(offset: Int64, from origin: SeekOrigin) throws(Errno) -> Int64 {
        Int64(try syscall { Glibc.lseek(rawValue, off_t(offset), origin.raw) }.get())
    }

    /// `fstat(2)`.
    public func status() throws(Errno) -> FileStatus {
        var st = stat()
        try syscallVoid { Glibc.fstat(rawValue, &st) }.get()
        return FileStatus(st)
    }
}

/// The parts of `struct stat` the stores use.
public struct FileStatus: Hashable, Sendable {
    public let size: Int64
    public let inode: UInt64
    public let device: UInt64
    public let permissions: FilePermissions
    public let isDirectory: Bool
    /// `S_ISREG`.
    public let isRegularFile: Bool
    /// `S_ISLNK` (only `lstat` can see one).
    public let isSymbolicLink: Bool
    /// `S_ISCHR` (`/dev/null`).
    public let isCharacterDevice: Bool
    /// `st_nlink`: 0 once the file has no name left (removed, or renamed over).
    public let linkCount: UInt64
    /// `st_mtim` and `st_ctim`, in nanoseconds since 1970 (the file
    /// system's clock, `CLOCK_REALTIME`, at its timestamp granularity).
    public let modifiedNanoseconds: Int64
    public let changedNanoseconds: Int64

    init(_ st: stat) {
        size = Int64(st.st_size)
        inode = UInt64(st.st_ino)
        device = UInt64(st.st_dev)
        permissions = FilePermissions(rawValue: st.st_mode & 0o7777)
        isDirectory = (st.st_mode & S_IFMT) == S_IFDIR
        isRegularFile = (st.st_mode & S_IFMT) == S_IFREG
        isSymbolicLink = (st.st_mode & S_IFMT) == S_IFLNK
        isCharacterDevice = (st.st_mode & S_IFMT) == S_IFCHR
        linkCount = UInt64(st.st_nlink)
        modifiedNanoseconds = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        changedNanoseconds = Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec)
    }
}

/// Unix permission bits (`mode_t`).
public struct FilePermissions: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: mode_t
    public init(rawValue: mode_t) { self.rawValue = rawValue }
    public static let ownerRead = FilePermissions(rawValue: 0o400)
    public static let ownerWrite = FilePermissions(rawValue: 0o200)
    public static let ownerExecute = FilePermissions(rawValue: 0o100)
    /// 0600: the mode of every App Group file.
    public static let ownerReadWrite: FilePermissions = [.ownerRead, .ownerWrite]
    /// 0700: the mode of every App Group directory.
    public static let ownerReadWriteExecute: FilePermissions = [.ownerRead, .ownerWrite, .ownerExecute]
    public var description: String { "0" + String(rawValue, radix: 8) }
}
