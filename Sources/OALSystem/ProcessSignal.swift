import Glibc

/// Signals to processes: the one place `kill(2)` is called, so every
/// signal the emulator sends (kills, stops, continues, the probe for a live
/// pid) carries its errno in an error, as the rest of OALSystem does.
public enum ProcessSignal {
    /// `kill(2)`: sends `signal` to `pid`.
    public static func send(_ signal: Int32, to pid: pid_t) throws(Errno) {
        try syscallVoid { Glibc.kill(pid, signal) }.get()
    }

    /// `signal` to this process itself (a crash point's SIGKILL, a pause
    /// point's SIGSTOP): delivered before `kill(2)` returns.
    public static func sendToSelf(_ signal: Int32) throws(Errno) {
        try send(signal, to: getpid())
    }

    /// Whether `pid` names a live process (signal 0: nothing is sent; a
    /// process of another user still exists).
    public static func isAlive(_ pid: pid_t) -> Bool {
        guard pid > 0 else { return false }
        do throws(Errno) {
            try send(0, to: pid)
            return true
        } catch {
            return error == Errno(rawValue: EPERM)
        }
    }

    /// Sets `signal` to be ignored in this process (`signal(2)` with
    /// `SIG_IGN`): SIGPIPE, so a write to a pipe whose reader died fails
    /// with EPIPE instead of killing the writer. Spawned children start
    /// with it at its default again (`ChildProcess.spawn`).
    public static func ignore(_ signal: Int32) {
        _ = Glibc.signal(signal, SIG_IGN)
    }
}
