import Glibc

/// An error number reported by a system call (`errno`), with the C library's
/// text for it.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The raw `errno` value.
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's current `errno`.
    public static var current: Errno { Errno(rawValue: errno) }

    /// `strerror(3)` text followed by the symbolic number, e.g.
    /// "No such file or directory (errno 2)".
    public var description: String {
        let text = strerror(rawValue).map { String(cString: $0) } ?? "unknown error"
        return "\(text) (errno \(rawValue))"
    }

    public static let interrupted = Errno(rawValue: EINTR)
    public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    public static let fileExists = Errno(rawValue: EEXIST)
    public static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
    public static let badFileDescriptor = Errno(rawValue: EBADF)
    public static let noSpace = Errno(rawValue: ENOSPC)
    public static let ioError = Errno(rawValue: EIO)
    public static let invalidArgument = Errno(rawValue: EINVAL)
    public static let overflow = Errno(rawValue: EOVERFLOW)
}

// MARK: - The one place EINTR is handled

/// Calls `body` until it does not fail with EINTR. `body` follows the C
/// convention: -1 means failure with the reason in `errno`.
@inline(__always)
internal func syscall<I: FixedWidthInteger>(
    retryOnInterrupt: Bool = true, _ body: () -> I
) -> Result<I, Errno> {
    while true {
        let result = body()
        if result != -1 { return .success(result) }
        let error = Errno.current
        if retryOnInterrupt && error == .interrupted { continue }
        return .failure(error)
    }
}

/// Same as `syscall` for calls whose value is not needed.
@inline(__always)
internal func syscallVoid<I: FixedWidthInteger>(
    retryOnInterrupt: Bool = true, _ body: () -> I
) -> Result<Void, Errno> {
    syscall(retryOnInterrupt: retryOnInterrupt, body).map { _ in () }
}
