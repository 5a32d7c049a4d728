import Foundation
import OALPlatform
import OALSystem

/// One launch of a free-running run, as the device saw it start and end.
public struct FreeRunningLaunch: Codable, Hashable, Sendable {
    public var launch: Int
    /// The fault target it is (`app`, `monitor`, `shield-action`, ...).
    public var process: String
    public var arguments: [String]
    /// The emulated clock when it was started and when it was reaped.
    public var startedAt: Date
    public var endedAt: Date?
    /// Wall-clock seconds since the run started.
    public var startedWall: Double
    public var endedWall: Double?
    public var status: String?
    /// For each launch still running when this one started (its number):
    /// the pause points it had reached by then, in order
    /// (`OAL_PAUSE_LOG`). This is what maps an overlap onto a lockstep
    /// `preempt` fault.
    public var othersReached: [String: [String]]
}

/// The launches of a free-running run: each one-shot is started when its
/// emulated time comes and waited for on a thread of its own, so several
/// run at once; the engine's thread collects the ended ones (`reap`) and
/// acts on their outcome there, so nothing of the engine is touched from
/// another thread.
final class FreeRunningLaunches: @unchecked Sendable {
    typealias Handler = (Result<LaunchOutcome, EngineError>) throws -> Void

    private let lock = NSLock()
    private var ended: [(launch: Int, result: Result<LaunchOutcome, EngineError>, wall: Double)] = []
    private let startNanoseconds = MonotonicClock.nanoseconds()
    /// Engine thread only from here on.
    private(set) var records: [Int: FreeRunningLaunch] = [:]
    private var handlers: [Int: Handler] = [:]
    private(set) var running: Set<Int> = []
    private(set) var maxConcurrent = 0
    /// The longest launch so far, wall seconds (the lag is derived from it).
    private(set) var longestWall: Double = 0
    let pauseLogs: URL

    init(root: DeviceRoot) {
        pauseLogs = root.logs.appendingPathComponent("pauses", isDirectory: true)
        try? FileSystem.ensurePrivateDirectory(root.logs.path)
        try? FileSystem.ensurePrivateDirectory(pauseLogs.path)
    }

    var wallNow: Double { Double(MonotonicClock.nanoseconds() - startNanoseconds) / 1e9 }

    func pauseLog(_ launch: Int) -> String { pauseLogs.appendingPathComponent("\(launch).log").path }

    /// Starts launch `number` on a thread that waits for it; `handler` runs
    /// on the engine's thread at the `reap` after it ended.
    func start(
        _ kind: ProcessKind, launch number: Int, arguments: [String], plan: LaunchPlan, launcher: ProcessLauncher,
        at time: Date, handler: @escaping Handler
    ) {
        var others: [String: [String]] = [:]
        for other in running { others[String(other)] = reached(other) }
        records[number] = FreeRunningLaunch(
            launch: number, process: FaultTarget(kind: kind)?.rawValue ?? kind.rawValue, arguments: arguments,
            startedAt: time, startedWall: wallNow, othersReached: others)
        handlers[number] = handler
        running.insert(number)
        maxConcurrent = max(maxConcurrent, running.count)
        let box = UncheckedBox(launcher)
        Thread.detachNewThread { [self] in
            let result = Result<LaunchOutcome, EngineError>(catching: { () throws(EngineError) -> LaunchOutcome in
                try box.value.run(kind, launch: number, arguments: arguments, at: time, plan: plan)
            })
            let wall = wallNow
            lock.withLock { ended.append((number, result, wall)) }
        }
    }

    /// Acts on every launch that ended since the last call, in the order
    /// they ended; `clock` is the emulated time now.
    func reap(clock: Date) throws {
        let done = lock.withLock {
            defer { ended.removeAll() }
            return ended
        }
        for (number, result, wall) in done {
            running.remove(number)
            if var record = records[number] {
                record.endedAt = clock
                record.endedWall = wall
                record.status = (try? result.get())?.statusText ?? "failed"
                longestWall = max(longestWall, wall - record.startedWall)
                records[number] = record
            }
            try handlers.removeValue(forKey: number)?(result)
        }
    }

    /// Whether launch `number` has been reaped.
    func isDone(_ number: Int) -> Bool { records[number] != nil && !running.contains(number) }

    /// The pause points launch `number` has reached so far.
    private func reached(_ number: Int) -> [String] {
        guard let data = FileManager.default.contents(atPath: pauseLog(number)) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
