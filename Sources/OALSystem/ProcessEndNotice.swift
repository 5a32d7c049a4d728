import Glibc

/// Wakes a waiter the moment a child ends, or after a timeout: `poll(2)` on
/// a `pidfd_open(2)` descriptor, so a watcher that samples the child while
/// it runs (jetsam, `LaunchWatch`) sees its end at once instead of at its
/// next sample. Without `pidfd_open` (a kernel before 5.3, a C library
/// before 2.36) it sleeps the timeout instead.
public final class ProcessEndNotice {
    private let descriptor: Int32

    public init(pid: pid_t) {
        var opened: Int32 = -1
        if let open = Self.open, case .success(let fd) = syscall({ open(pid, 0) }) { opened = fd }
        descriptor = opened
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    /// Whether the kernel can notify (a pidfd was opened).
    public var notifies: Bool { descriptor >= 0 }

    /// Blocks until the child ends or `milliseconds` pass; true when it has
    /// ended (it still has to be reaped: `ChildProcess.poll`).
    public func wait(milliseconds: Int32) -> Bool {
        guard descriptor >= 0 else {
            usleep(useconds_t(max(0, milliseconds)) * 1000)
            return false
        }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = syscall { poll(&request, 1, milliseconds) }
        if case .success(let count) = ready { return count > 0 }
        return false
    }

    private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32

    /// The C library's `pidfd_open`, looked up once: Swift's Glibc module
    /// does not export it.
    private static let open: PidfdOpen? = {
        guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "pidfd_open") else { return nil }
        return unsafeBitCast(symbol, to: PidfdOpen.self)
    }()
}
