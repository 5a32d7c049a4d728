import Foundation
import Glibc
import OALPlatform
import OALSystem

/// The device's side of the foreground-loop hand-shake: publishes what is
/// frontmost, makes sure an `oal-app run` is alive while OpenAppLock is
/// open, and holds the clock until the loop acknowledges each refresh.
final class AppLoopDriver {
    private let root: DeviceRoot
    private let launcher: ProcessLauncher
    /// A loop the supervisor started, passed with `--loop-pid`.
    private let externalPID: Int32?
    /// A loop this device started because none was alive.
    private var ownLoop: ChildProcess?
    /// The pid of the loop this device started, for a kill fault.
    var ownPID: Int32? { ownLoop?.pid }
    private let timeout: TimeInterval
    /// Free-running: the loop ticks on its own this often (emulated s).
    var tickEvery: TimeInterval?

    init(root: DeviceRoot, launcher: ProcessLauncher, externalPID: Int32?, timeout: TimeInterval) {
        self.root = root
        self.launcher = launcher
        self.externalPID = externalPID
        self.timeout = timeout
    }

    func publish(
        frontmost: String?, session: Int, tick: Date?, tap: ScreenTap? = nil, intent: IntentRequest? = nil
    ) throws {
        var state = ForegroundState(
            frontmost: frontmost, session: session, tick: tick.map(TraceEvent.timestamp), tickEvery: tickEvery)
        state.tap = tap
        state.intent = intent
        try ForegroundHandshake(root: root).publish(state)
    }

    /// Waits (wall time) for the loop to acknowledge the intent run `id`;
    /// its acknowledgement, or nil when none came (the loop died or hung).
    func awaitIntent(_ id: Int) -> LoopAcknowledgement? {
        awaitAcknowledgement { $0.intentRan == id }.map(\.acknowledgement)
    }

    /// Waits (wall time) for the loop to acknowledge the tap `id`; what the
    /// app said it did, or nil when no acknowledgement came.
    func awaitTap(_ id: Int) -> String? {
        awaitAcknowledgement { $0.tapped == id }.map { $0.acknowledgement.tapResult ?? "" }
    }

    /// Polls the hand-shake (wall time, backing off from 0.1 to 1 ms) for
    /// an acknowledgement that `matches`; nil when the loop died, a stop
    /// signal came, or none came before the timeout. The deadline comes
    /// back with it for a caller that waits on after it. The device has
    /// nothing else to do meanwhile, and a loop answers within a few
    /// milliseconds: a longer pause was time the whole run waited (backing
    /// off to 5 ms, about 2 ms per tick).
    private func awaitAcknowledgement(
        matching matches: (LoopAcknowledgement) -> Bool
    ) -> (acknowledgement: LoopAcknowledgement, deadline: Date)? {
        let deadline = Date().addingTimeInterval(timeout)
        var pause: useconds_t = 100
        while Date() < deadline {
            if StopSignals.received != nil { return nil }
            if let ack = ForegroundHandshake(root: root).acknowledgement(), matches(ack) { return (ack, deadline) }
            if !loopAlive { return nil }
            usleep(pause)
            pause = min(pause * 2, 1_000)
        }
        return nil
    }

    /// Whether some loop process is alive, by pid, as iOS knows its apps.
    var loopAlive: Bool {
        if ownLoopAlive() { return true }
        if let externalPID, Self.alive(externalPID) { return true }
        if let pid = ForegroundHandshake(root: root).acknowledgement()?.pid, Self.alive(pid) { return true }
        return false
    }

    /// Launches `oal-app run` when no loop is alive; returns its launch
    /// number when it did. `starting` runs once the launch's faults are
    /// armed and before the spawn: a line traced after it would race the
    /// loop's first lines.
    func ensureLoop(launch: () -> Int, starting: (Int) -> Void) throws(EngineError) -> (launch: Int, pid: Int32)? {
        guard !loopAlive else { return nil }
        let number = launch()
        let path = try launcher.executable("oal-app")
        let (environment, wrapper) = launcher.planned(launch: number, target: .appLoop)
        starting(number)
        let log = root.logs.appendingPathComponent("app-loop.\(number).log").path
        do {
            // strace before the executable for a kill at a system call.
            let child = try ChildProcess.spawn(
                wrapper.first ?? path,
                arguments: wrapper.dropFirst() + (wrapper.isEmpty ? [] : [path]) + ["--root", root.url.path, "run"],
                environment: environment, standardOutput: log, standardError: log)
            ownLoop = child
            return (number, child.pid)
        } catch {
            throw .spawnFailed(name: "oal-app run", errno: "\(error)")
        }
    }

    /// Reaps our own loop once it has ended, so its pid is never mistaken
    /// for a live one.
    private func ownLoopAlive() -> Bool {
        guard let ownLoop else { return false }
        if case .success(nil) = Result(catching: { try ownLoop.poll() }) { return true }
        self.ownLoop = nil
        return false
    }

    /// Waits (wall time) for the loop to acknowledge `session` at or after
    /// `tick`. False when no acknowledgement came: the loop is dead or stuck.
    func awaitAck(session: Int, tick: Date) -> Bool {
        guard
            let (ack, deadline) = awaitAcknowledgement(matching: {
                $0.session == session && ($0.refreshed.map { $0 >= tick } ?? false)
            }), let refreshed = ack.refreshed
        else { return false }
        awaitTraceLine(refreshedAt: refreshed, until: deadline)
        return true
    }

    /// The loop may trace its acknowledgement just after writing it; the
    /// device waits for that line so its own next line never races it and
    /// the trace stays the same from run to run.
    private func awaitTraceLine(refreshedAt: Date, until deadline: Date) {
        let needle = "\"refreshedAt\":\"\(TraceEvent.timestamp(refreshedAt))\""
        while Date() < deadline {
            if Self.traceTail(root.trace.path).contains(needle) { return }
            usleep(500)
        }
    }

    private static func traceTail(_ path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 4096 ? size - 4096 : 0)
        return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
    }

    /// Stops the loop this device started (never the supervisor's).
    func stopOwnLoop() {
        guard let ownLoop, ownLoopAlive() else { return }
        try? ownLoop.signal(SIGTERM)
        for _ in 0..<200 {
            if !ownLoopAlive() { return }
            usleep(10_000)
        }
        try? ownLoop.signal(SIGKILL)
        _ = try? ownLoop.wait()
        self.ownLoop = nil
    }

    static func alive(_ pid: Int32) -> Bool {
        ProcessSignal.isAlive(pid)
    }

    /// Whether `pid` is a foreground loop (`--root ROOT run`, the
    /// emulator's app or a guest's) on `root`, not a process that reused
    /// the pid of one that ended.
    static func runsLoop(_ pid: Int32, root: DeviceRoot) -> Bool {
        guard let arguments = ProcessCommandLine.arguments(of: pid), arguments.last == "run",
            let flag = arguments.firstIndex(of: "--root"), flag + 1 < arguments.count
        else { return false }
        return URL(fileURLWithPath: arguments[flag + 1]).standardized.path == root.url.standardized.path
    }
}
