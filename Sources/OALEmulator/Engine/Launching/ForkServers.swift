import Foundation
import Glibc
import OALPlatform
import OALProcesses
import OALSystem

/// One extension's fork server (`ForkServer` on its side): each launch
/// sent is forked into a process of its own, which runs that callback and
/// exits.
final class ForkServerProcess {
    let kind: ProcessKind
    /// Where the server's own output goes (`logs/capture/fork-KIND.log`).
    let log: String
    private let channel: ServerChannel

    var server: ChildProcess { channel.child }

    init(kind: ProcessKind, executable: String, environment: [String: String], log: String) throws(Errno) {
        channel = try ServerChannel(executable: executable, flag: ForkServer.flag, environment: environment, log: log)
        self.kind = kind
        self.log = log
    }

    /// How one forked launch went. `pid` is nil when the server refused
    /// the request and forked no child.
    struct Outcome {
        var pid: Int32?
        var termination: ChildProcess.Termination
        var peakKiB: Int?
        /// False when the server itself is gone.
        var serverAlive: Bool
    }

    /// The server ended without forking the launch sent: an executable
    /// without `--fork-server` (a guest built before it existed) exits with
    /// a usage error at once.
    struct Died: Error, CustomStringConvertible {
        var kind: ProcessKind
        var termination: ChildProcess.Termination
        var log: String

        var description: String {
            "its fork server (--fork-server) \(termination) before forking a launch; see \(log)"
        }
    }

    /// Sends one launch and waits until its process has ended.
    func launch(_ request: WarmCallback.Request) throws -> Outcome {
        guard try channel.send(request), let started = channel.reply(ForkServer.Started.self) else {
            throw Died(kind: kind, termination: try channel.close(), log: log)
        }
        // A request the server refused comes back as `Ended` with no child.
        guard started.pid > 0 else {
            return Outcome(pid: nil, termination: .exited(ExitCode.internalError.rawValue), serverAlive: true)
        }
        guard let ended = channel.reply(ForkServer.Ended.self), ended.pid == started.pid else {
            return try lost(pid: started.pid)
        }
        return Outcome(pid: ended.pid, termination: ended.termination, peakKiB: ended.peakKiB, serverAlive: true)
    }

    /// The server died with a child running: the child died with it
    /// (`ProcessFork.dieWithParent`), so the launch ended by SIGKILL.
    private func lost(pid: Int32?) throws(Errno) -> Outcome {
        _ = try channel.close()
        return Outcome(pid: pid, termination: .signaled(SIGKILL), serverAlive: false)
    }

    func retire() { _ = try? channel.close() }
}

/// `oal-device run --forked`: a fork server per extension kind, started at
/// the kind's first plain launch and kept for the run. A launch with a
/// fault plan (a kill, a pause, a memory limit) is still started with
/// `posix_spawn`, as every launch is without `--forked`.
final class ForkServers {
    private var live: [ProcessKind: ForkServerProcess] = [:]

    /// The live server of `kind`, started with `start` when there is none.
    func server(_ kind: ProcessKind, start: () throws(Errno) -> ForkServerProcess) throws(Errno) -> ForkServerProcess {
        if let server = live[kind] { return server }
        let started = try start()
        live[kind] = started
        return started
    }

    /// Forgets a server that died.
    func lost(_ kind: ProcessKind) { live[kind] = nil }

    /// At the end of a run (or when it stops): every server's input closed
    /// and the server reaped.
    func retireAll() {
        for kind in live.keys.sorted(by: { $0.rawValue < $1.rawValue }) { live.removeValue(forKey: kind)?.retire() }
    }
}
