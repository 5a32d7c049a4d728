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
        guard let config = configuration else { return }
        config.reached(name)
    }

    /// Like `reach(_:)`, but when this is the reach that kills, runs
    /// `beforeDying` first: a way to leave half-done work behind (a torn
    /// write) exactly as a kill in the middle of it would.
    @inline(__always)
    public static func reach(_ name: String, beforeDying: () -> Void) {
        PausePoint.reach(name)
        guard let config = configuration else { return }
        config.reached(name, beforeDying: beforeDying)
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

    private static let configuration: Configuration? = {
        let env = ProcessInfo.processInfo.environment
        let target = env[crashAtVariable].flatMap(parse)
        let logPath = env[logVariable].flatMap { $0.isEmpty ? nil : $0 }
        if target == nil && logPath == nil { return nil }
        return Configuration(target: target, logPath: logPath)
    }()

    private final class Configuration: @unchecked Sendable {
        let target: (name: String, occurrence: Int)?
        let log: FileDescriptor?
        private var count = 0
        private let lock = NSLock()

        init(target: (name: String, occurrence: Int)?, logPath: String?) {
            self.target = target
            self.log = logPath.flatMap {
                try? FileDescriptor.openOwned($0, .append)
            }
        }

        func reached(_ name: String, beforeDying: () -> Void = {}) {
            if let log {
                _ = try? log.writeAll(Array((name + "\n").utf8))
            }
            guard let target, target.name == name else { return }
            let hit = lock.withLock {
                count += 1
                return count == target.occurrence
            }
            if hit {
                beforeDying()
                try? ProcessSignal.sendToSelf(SIGKILL)
                // SIGKILL cannot be caught; this only runs if delivery is delayed.
                while true { pause() }
            }
        }
    }
}
