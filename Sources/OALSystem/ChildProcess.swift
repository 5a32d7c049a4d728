import Foundation
import Glibc

/// A process started with `posix_spawn(3)`, waited for with `waitpid(2)`.
/// Used to launch the emulated extensions and, in tests, store probes.
public struct ChildProcess: Sendable, Hashable {
    public let pid: pid_t

    /// How a child ended.
    public enum Termination: Sendable, Hashable, CustomStringConvertible {
        /// `exit(code)`.
        case exited(Int32)
        /// Killed by signal number.
        case signaled(Int32)

        public var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// Starts `executable` with `arguments` (not including argv[0]).
    /// `environment` replaces the child's environment when given.
    /// `standardOutput`/`standardError` are file paths, opened here by the
    /// parent with `FileDescriptor.openOwned(.truncate)`: a new 0600 file
    /// that replaces whatever was at the path (a planted symbolic link is
    /// removed, never written through). The same path for both gives the
    /// child one shared descriptor. A character device (`/dev/null`) is
    /// opened as it is. nil leaves the stream inherited.
    public static func spawn(
        _ executable: String, arguments: [String], environment: [String: String]? = nil,
        standardOutput: String? = nil, standardError: String? = nil
    ) throws(Errno) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var opened: [FileDescriptor] = []
        defer { for fd in opened { try? fd.close() } }
        var byPath: [String: FileDescriptor] = [:]
        for (target, path) in [(Int32(1), standardOutput), (Int32(2), standardError)] {
            guard let path else { continue }
            let fd: FileDescriptor
            if let existing = byPath[path] {
                fd = existing
            } else {
                fd = try openOutput(path)
                opened.append(fd)
                byPath[path] = fd
            }
            // The descriptor is O_CLOEXEC in the parent; dup2 in the child
            // gives it a copy without the flag.
            posix_spawn_file_actions_adddup2(&actions, fd.rawValue, target)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envStrings = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let envp = envStrings.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard rc == 0 else { throw Errno(rawValue: rc) }
        return ChildProcess(pid: pid)
    }

    private static func openOutput(_ path: String) throws(Errno) -> FileDescriptor {
        if let status = try FileSystem.linkStatus(path), status.isCharacterDevice {
            return try FileDescriptor.open(path, .writeOnly)
        }
        return try FileDescriptor.openOwned(path, .truncate)
    }

    /// `kill(2)`: sends `signal` (SIGKILL by default).
    public func signal(_ signal: Int32 = SIGKILL) throws(Errno) {
        try syscallVoid { Glibc.kill(pid, signal) }.get()
    }

    /// `waitpid(2)`: blocks until the child ends.
    public func wait() throws(Errno) -> Termination {
        var status: Int32 = 0
        _ = try syscall { waitpid(pid, &status, 0) }.get()
        return Self.decode(status)
    }

    /// What `waitUntilStoppedOrEnded` saw.
    public enum WaitStatus: Sendable, Hashable {
        case ended(Termination)
        /// Stopped by the signal (SIGSTOP); still alive, waiting for SIGCONT.
        case stopped(Int32)
    }

    /// `waitpid(2)` with `WUNTRACED`: blocks until the child ends or stops.
    public func waitUntilStoppedOrEnded() throws(Errno) -> WaitStatus {
        var status: Int32 = 0
        _ = try syscall { waitpid(pid, &status, WUNTRACED) }.get()
        // WIFSTOPPED: the low byte is 0x7f, the stop signal above it.
        if status & 0xff == 0x7f { return .stopped((status >> 8) & 0xff) }
        return .ended(Self.decode(status))
    }

    /// `waitpid(2)` with `WNOHANG`: nil while the child still runs.
    public func poll() throws(Errno) -> Termination? {
        var status: Int32 = 0
        let got = try syscall { waitpid(pid, &status, WNOHANG) }.get()
        return got == 0 ? nil : Self.decode(status)
    }

    static func decode(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(signal)
    }
}
