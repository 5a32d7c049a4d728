import Foundation
import Glibc

/// Named places where an interleaving fault may stop the process, so the
/// emulated OS can run another process in the middle of this one.
///
/// `PausePoint.reach("app.refresh.after-read-inputs")` does nothing unless
/// the environment variable `OAL_PAUSE_AT` names that point, as `name` (the
/// first time it is reached) or `name#n` (the n-th time, counting from 1,
/// in this process). Then the process stops itself with `raise(SIGSTOP)`;
/// the launcher sees it stopped (`waitpid` with `WUNTRACED`), runs what the
/// fault interleaves, and sends SIGCONT, after which `reach` returns and the
/// process goes on as if nothing happened.
///
/// The environment is read once; with the variable unset, `reach` is a load
/// and a branch. Pause points are not crash points: they are not listed in
/// `OAL_CRASH_LOG` and `OAL_CRASH_AT` does not name them.
public enum PausePoint {
    /// The environment variable naming the point to pause at.
    public static let pauseAtVariable = "OAL_PAUSE_AT"

    /// Marks that this process reached the point `name`.
    @inline(__always)
    public static func reach(_ name: String) {
        guard let config = configuration else { return }
        config.reached(name)
    }

    private static let configuration: Configuration? = {
        guard let value = ProcessInfo.processInfo.environment[pauseAtVariable],
            let target = CrashPoint.parse(value)
        else { return nil }
        return Configuration(target: target)
    }()

    private final class Configuration: @unchecked Sendable {
        let target: (name: String, occurrence: Int)
        private var count = 0
        private let lock = NSLock()

        init(target: (name: String, occurrence: Int)) { self.target = target }

        func reached(_ name: String) {
            guard target.name == name else { return }
            let hit = lock.withLock {
                count += 1
                return count == target.occurrence
            }
            // Stopped here until the launcher sends SIGCONT.
            if hit { raise(SIGSTOP) }
        }
    }
}
