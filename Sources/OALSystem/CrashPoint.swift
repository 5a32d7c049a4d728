import Foundation
import Glibc

/// Named places where a fault-injection run may kill the process.
///
/// `CrashPoint.reach("ledger.append.after-lock")` does nothing unless the
/// environment variable `OAL_CRASH_AT` names that point, as `name` (the
/// first time it is reached) or `name#n` (the n-th time, counting from 1, in
/// this process). Then the process sends itself SIGKILL: no cleanup, no
/// buffered output flushed, exactly like the OS killing an extension.
///
/// When `OAL_CRASH_LOG` holds a file path, every reached point's name is
/// appended to it as one line (`O_APPEND`, one `write(2)`), so a sweep can
/// list the points a run passes through.
///
/// Every crash point is also a pause point (`PausePoint`): `reach` first
/// lets `OAL_PAUSE_AT` stop the process there, so the race sweep can run
/// something else in the middle of any store operation.
///
/// The environment is read once; with neither variable set, `reach` is a
/// load and a branch.
public enum CrashPoint {
    /// The environment variable naming the point to crash at.
    public static let crashAtVariable = "OAL_CRASH_AT"
    /// The environment variable naming the reached-points log file.
    public static let logVariable = "OAL_CRASH_LOG"

    /// Marks that this process reached the point `name`.
    @inline(__always)
    public static func reach(_ name: String) {
        PausePoint.reach(name)
        guard let config = configuration, config.reached(name) else { return }
        die()
    }

    /// Like `reach(_:)`, but when this is the reach that kills, runs
    /// `beforeDying` first: a way to leave half-done work behind (a torn
    /// write) exactly as a kill in the middle of it would.
    @inline(__always)
    public static func reach(_ name: String, beforeDying: () -> Void) {
        PausePoint.reach(name)
        guard let config = configuration, config.reached(name) else { return }
        beforeDying()
        die()
    }

    /// Runs `body` with the points it reaches neither logged nor counted
    /// toward `OAL_CRASH_AT`. A process that records, in a file it saves
    /// through its own points, that a kill at one of those points is armed
    /// must have that record on disk before the kill can fire: otherwise
    /// the kill lands in the very save that records it, and the process
    /// started again arms it again and dies at the same point, for ever.
    /// Not counting that save also numbers the points as a run with no kill
    /// armed numbers them, the run a sweep lists them from.
    public static func uncounted<T>(_ body: () throws -> T) rethrows -> T {
        let config = configuration
        config?.suspend()
        defer { config?.resume() }
        return try body()
    }

    private static func die() -> Never {
        try? ProcessSignal.sendToSelf(SIGKILL)
        // SIGKILL cannot be caught; this only runs if delivery is delayed.
        while true { pause() }
    }

    /// Parses an `OAL_CRASH_AT` value: `name` or `name#n` (n ≥ 1).
    public static func parse(_ value: String) -> (name: String, occurrence: Int)? {
        guard !value.isEmpty else { return nil }
        if let hash = value.lastIndex(of: "#") {
            let name = String(value[..<hash])
            guard !name.isEmpty, let n = Int(value[value.index(after: hash)...]), n >= 1 else { return nil }
            return (name, n)
        }
        return (value, 1)
    }

    private static let configuration = PointConfiguration.fromEnvironment(target: crashAtVariable, log: logVariable)
}
