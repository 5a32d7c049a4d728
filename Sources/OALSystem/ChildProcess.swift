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
    /// opened as it is. nil leaves the stream inherited. `descriptors`
    /// hands the child more open descriptors by number (child's number:
    /// the parent's descriptor), e.g. a pipe's end as its standard input.
    public static func spawn(
        _ executable: String, arguments: [String], environment: [String: String]? = nil,
        standardOutput: String? = nil, standardError: String? = nil,
        descriptors: [Int32: FileDescriptor] = [:]
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
        for (target, fd) in descriptors.sorted(by: { $0.key < $1.key }) {
            posix_spawn_file_actions_adddup2(&actions, fd.rawValue, target)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envStrings = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let envp = envStrings.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        // The child starts with SIGINT and SIGTERM at their default action
        // and none blocked, whatever this process installed
        // (StopSignals): an extension stops when the device forwards one.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in StopSignal.allCases { sigaddset(&defaults, signal.rawValue) }
        // A device that ignores SIGPIPE (its warm processes' pipes) does not
        // hand that on.
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw Errno(rawValue: rc) }
        ChildRegistry.shared.add(pid)
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
        try ProcessSignal.send(signal, to: pid)
    }

    /// `waitpid(2)`: blocks until the child ends.
    public func wait() throws(Errno) -> Termination {
        let status = try reap(options: 0)
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
        let status = try reap(options: WUNTRACED)
        // WIFSTOPPED: the low byte is 0x7f, the stop signal above it.
        if status & 0xff == 0x7f { return .stopped((status >> 8) & 0xff) }
        return .ended(Self.decode(status))
    }

    /// `waitpid(2)` with `WNOHANG`: nil while the child still runs.
    public func poll() throws(Errno) -> Termination? {
        var status: Int32 = 0
        let got = try ChildRegistry.shared.reap(pid, status: &status, options: 0).get()
        return got == 0 ? nil : Self.decode(status)
    }

    /// Waits (`waitid(2)` with `WNOWAIT`, which leaves the child
    /// unreaped) until the child ends, or stops with `WUNTRACED`, then
    /// collects it with a `waitpid(2)` that cannot block, under the lock of
    /// the registry stop signals are forwarded through: a pid is forgotten
    /// in the same step it is reaped, so it is never signalled once reused.
    private func reap(options: Int32) throws(Errno) -> Int32 {
        var info = siginfo_t()
        let flags = WEXITED | WNOWAIT | (options & WUNTRACED != 0 ? WSTOPPED : 0)
        try syscallVoid { waitid(P_PID, id_t(pid), &info, flags) }.get()
        var status: Int32 = 0
        while true {
            let got = try ChildRegistry.shared.reap(pid, status: &status, options: options).get()
            if got == pid { return status }
            // Not collectable yet (a stop already resumed): wait again.
            try syscallVoid { waitid(P_PID, id_t(pid), &info, flags) }.get()
        }
    }

    static func decode(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(signal)
    }
}
