import OALProcesses
import OALSystem

/// Why the engine could not run a scenario at all (as opposed to an
/// expectation failing, which is a result, not an error). Each case maps
/// to an exit code of docs/PROCESSES.md.
public enum EngineError: Error, CustomStringConvertible, Sendable {
    case scenario(ScenarioError)
    case rootMissing(String)
    /// `init` was pointed at a directory that already is a device: a bad
    /// `--root`, refused rather than overwritten.
    case rootExists(String)
    /// Another run holds the root (`RootLock`); `pid` is what it wrote.
    case rootInUse(path: String, pid: Int32?)
    case missingExecutable(name: String, directory: String)
    case spawnFailed(name: String, errno: String)
    case io(String)
    case fixtureNotFound(name: String, searched: [String])
    /// A `--fixture` directory that is no device image (no system/clock.json).
    case notAFixture(String)
    /// SIGINT or SIGTERM: every child was stopped, the run recorded
    /// `run.interrupted`; `oal-device run` again on the root resumes.
    case interrupted(StopSignal)
    /// `--warm` with `--free-running`: a warm process takes one callback
    /// at a time, which only lockstep guarantees.
    case warmFreeRunning
    /// `--forked` with an option it cannot serve; names the option.
    case forkedWith(String)
    /// The root was started with another run (`RootRun`): what differs,
    /// and the command that goes on with the run it holds.
    case rootHoldsAnotherRun(path: String, differing: [String], held: String)
    /// The root's run is finished: nothing is left to play on it.
    case runFinished(path: String, held: String)

    public var description: String {
        switch self {
        case .scenario(let error): error.description
        case .rootMissing(let path): "\(path): no device root here; run `oal-device init --root \(path)` first"
        case .rootExists(let path): "\(path): already a device root; choose a new directory"
        case .rootInUse(let path, let pid):
            "\(path): in use by another oal-device run"
                + (pid.map { " (pid \($0)); wait for it to end, or stop it with kill -INT \($0)" } ?? "")
        case .missingExecutable(let name, let directory):
            "\(name) not found in \(directory); run `swift build` (or set OAL_BIN_DIR)"
        case .spawnFailed(let name, let errno): "could not start \(name): \(errno)"
        case .io(let message): message
        case .fixtureNotFound(let name, let searched):
            "no fixture '\(name)' (looked in \(searched.joined(separator: ", ")))"
        case .notAFixture(let path):
            "\(path): not a fixture (a fixture is a device root image with system/clock.json)"
        case .warmFreeRunning:
            "--warm: not with --free-running (a warm process is handed one callback at a time, in lockstep)"
        case .forkedWith(let option):
            "--forked: not with \(option) (a fork server forks one cold launch at a time, in lockstep)"
        case .rootHoldsAnotherRun(let path, let differing, let held):
            "\(path): this root holds another run (it differs in \(differing.joined(separator: ", "))); "
                + "go on with it: \(held), or play this one on a new root"
        case .runFinished(let path, let held):
            "\(path): the run on this root is finished (`oal-device summary --root \(path)` shows it); "
                + "to play it again: \(held)"
        case .interrupted(let signal):
            "interrupted by \(signal): every process it started was stopped; run it again on the same root to resume"
        }
    }

    /// The documented exit code (docs/PROCESSES.md, "Exit codes").
    public var exitCode: ExitCode {
        switch self {
        case .scenario(let error): error.fileIsMissing ? .notFound : .data
        case .rootMissing: .unavailable
        case .rootInUse: .busy
        case .rootExists, .warmFreeRunning, .forkedWith, .rootHoldsAnotherRun, .runFinished: .usage
        case .missingExecutable, .spawnFailed: .unavailable
        case .io: .ioError
        case .fixtureNotFound, .notAFixture: .notFound
        case .interrupted(let signal): signal == .interrupt ? .interrupted : .terminated
        }
    }
}
