import Glibc

/// A `pipe(2)` whose ends are `FD_CLOEXEC`: a one-way channel. Like
/// every descriptor here, neither leaks into a spawned process unless it is
/// handed over by number (`ChildProcess.spawn(descriptors:)`).
public struct AnonymousPipe: Sendable {
    public let readEnd: FileDescriptor
    public let writeEnd: FileDescriptor

    public init() throws(Errno) {
        var fds: [Int32] = [-1, -1]
        try syscallVoid { pipe(&fds) }.get()
        readEnd = FileDescriptor(rawValue: fds[0])
        writeEnd = FileDescriptor(rawValue: fds[1])
        // pipe2 is not in the Glibc module: the flag is set at once after,
        // which is safe where one thread spawns (the lockstep device).
        for fd in fds {
            let set = syscall { fcntl(fd, F_SETFD, FD_CLOEXEC) }
            if case .failure(let error) = set {
                for end in fds { close(end) }
                throw error
            }
        }
    }
}

extension FileDescriptor {
    /// `dup2(2)`: makes `target` a copy of this descriptor (without
    /// `O_CLOEXEC`), closing what `target` was first.
    public func duplicate(as target: FileDescriptor) throws(Errno) {
        try syscallVoid { dup2(rawValue, target.rawValue) }.get()
    }

    /// `poll(2)` for input on this descriptor: true when it is readable or
    /// its other end closed, false when `milliseconds` passed first.
    public func waitReadable(milliseconds: Int32) throws(Errno) -> Bool {
        var entry = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        let ready = try syscall { poll(&entry, 1, milliseconds) }.get()
        return ready > 0
    }
}
