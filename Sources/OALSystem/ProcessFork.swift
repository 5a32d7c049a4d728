import Glibc

/// `fork(2)` and `wait4(2)` for a fork server (`ForkServer` in OALProcesses):
/// a process that has started once and makes every later launch of its
/// executable a copy of itself, so the copy skips `execve`, the dynamic
/// loader and the runtime's first-use work. The one place either is called.
public enum ProcessFork {
    /// Which side of a `fork` this is.
    public enum Side: Sendable, Hashable {
        /// The new process.
        case child
        /// The process that forked, with the child's pid.
        case parent(pid_t)
    }

    /// `fork(2)`. Only a process with one thread may fork and go on
    /// running Swift in the child: a lock another thread held at the fork
    /// stays held in the child for ever. Refused (EDEADLK) otherwise.
    public static func fork() throws(Errno) -> Side {
        guard threadCount() == 1 else { throw Errno(rawValue: EDEADLK) }
        let pid = try syscall { Glibc.fork() }.get()
        return pid == 0 ? .child : .parent(pid)
    }

    /// How a forked child ended, and its peak resident set.
    public struct Ending: Sendable, Hashable {
        public var termination: ChildProcess.Termination
        /// `ru_maxrss` of the child, in KiB. A forked child's, unlike one
        /// started with `posix_spawn(3)`, is its own: it starts from the
        /// pages it shares with the server and grows with what it touches.
        public var peakResidentKiB: Int
    }

    /// `wait4(2)`: blocks until `pid` (a child of this process) ends and
    /// reaps it.
    public static func reap(_ pid: pid_t) throws(Errno) -> Ending {
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let got = syscall { wait4(pid, &status, 0, &usage) }
            switch got {
            case .success: return Ending(termination: ChildProcess.decode(status), peakResidentKiB: usage.ru_maxrss)
            case .failure(let error) where error == Errno(rawValue: EINTR): continue
            case .failure(let error): throw error
            }
        }
    }

    /// The child asks the kernel to SIGKILL it when the server that forked
    /// it dies (`PR_SET_PDEATHSIG`): a callback never outlives the emulated
    /// OS that is waiting for it.
    public static func dieWithParent() {
        _ = Prctl.function?(Prctl.setParentDeathSignal, UInt(SIGKILL), 0, 0, 0)
    }

    /// This process's threads, from `Threads:` in `/proc/self/status`; 0
    /// when it cannot be read (which `fork` refuses as more than one).
    public static func threadCount() -> Int {
        guard let text = try? FileSystem.readFile("/proc/self/status") else { return 0 }
        return text.withUnsafeBufferPointer { ProcessMemory.field(threadsField, in: $0) } ?? 0
    }

    private static let threadsField = Array("Threads:".utf8)
}

/// Glibc's `prctl`, found with `dlsym`: variadic in the header, so not
/// imported; its arguments are all integers, passed as five.
private enum Prctl {
    typealias Function = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    /// `PR_SET_PDEATHSIG` from `<linux/prctl.h>`.
    static let setParentDeathSignal: Int32 = 1
    static let function: Function? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}
