import Foundation
import Glibc
import OALPlatform
import OALProcesses
import OALSystem

/// One live extension process in warm mode (`WarmServer` on its side):
/// callbacks go to it as request lines on its standard input, and come
/// back as reply lines on its descriptor 3.
final class WarmProcess {
    let kind: ProcessKind
    private let channel: ServerChannel
    private let memory: ProcessMemory.Reader?
    /// The emulated time of its last callback.
    var lastUsed: Date
    private(set) var served = 0

    var child: ChildProcess { channel.child }

    /// Starts `executable --serve`; its own output outside a callback (a
    /// failure before the first request) goes to `log`.
    init(kind: ProcessKind, executable: String, environment: [String: String], log: String, at time: Date)
        throws(Errno)
    {
        channel = try ServerChannel(executable: executable, flag: WarmServer.flag, environment: environment, log: log)
        self.kind = kind
        memory = try? ProcessMemory.Reader(pid: channel.child.pid)
        lastUsed = time
    }

    /// Sends one callback and waits for it to be handled. Returns how it
    /// ended: the reply's exit code, or, when the process died during it
    /// (a crash, a signal), the process's own termination.
    func serve(_ request: WarmCallback.Request, at time: Date) throws(Errno) -> (ChildProcess.Termination, alive: Bool)
    {
        served += 1
        lastUsed = time
        if try channel.send(request), let reply = channel.reply(WarmCallback.Reply.self) {
            return (.exited(reply.code), true)
        }
        return (try channel.close(), false)
    }

    /// Its memory now: the peak is its whole life's (`VmHWM`), which is
    /// what iOS holds a warm extension to.
    func sample() -> ProcessMemory.Sample? { try? memory?.sample() }

    /// Ends it the way an idle warm extension ends: its input closes and it
    /// exits. Returns its termination.
    @discardableResult
    func retire() -> ChildProcess.Termination? { try? channel.close() }
}

/// The live warm processes, at most one per extension kind (iOS runs one
/// process per extension), and the seeded choice of which callback finds
/// its process still alive (`WarmOptions`).
final class WarmProcesses {
    let options: WarmOptions
    private var live: [ProcessKind: WarmProcess] = [:]

    init(options: WarmOptions) {
        self.options = options
    }

    /// The process that receives launch `launch` of `kind` at `time`, if
    /// one stays alive for it; a process the draw or its idleness retires
    /// is retired here, and `retired` is told.
    func reusable(
        _ kind: ProcessKind, launch: Int, at time: Date, retired: (WarmProcess, WarmOptions.Retirement) -> Void
    ) -> WarmProcess? {
        guard let process = live[kind] else { return nil }
        // Reaped here if it ended since its last callback, so the callback
        // goes to a new process rather than to a dead pipe.
        let died: Bool
        do throws(Errno) {
            died = try process.child.poll() != nil
        } catch {
            died = true
        }
        guard let reason = died ? .died : options.retirement(lastUsed: process.lastUsed, launch: launch, at: time)
        else { return process }
        retire(kind, reason, retired: retired)
        return nil
    }

    func adopt(_ process: WarmProcess) { live[process.kind] = process }

    /// Forgets a process that died during a callback.
    func lost(_ kind: ProcessKind) { live[kind] = nil }

    func retire(
        _ kind: ProcessKind, _ reason: WarmOptions.Retirement,
        retired: (WarmProcess, WarmOptions.Retirement) -> Void = { _, _ in }
    ) {
        guard let process = live.removeValue(forKey: kind) else { return }
        process.retire()
        retired(process, reason)
    }

    /// At the end of a run (or when it stops): every process retired.
    func retireAll(retired: (WarmProcess, WarmOptions.Retirement) -> Void = { _, _ in }) {
        for kind in live.keys.sorted(by: { $0.rawValue < $1.rawValue }) { retire(kind, .runEnd, retired: retired) }
    }
}
