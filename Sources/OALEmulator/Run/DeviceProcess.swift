import Foundation
import Glibc
import OALPlatform
import OALProcesses
import OALSystem

/// The one place a library starts `oal-device` as a process of its own.
/// Every other run plays in the caller's process through `RunPlayer`; a
/// separate process is the point in exactly two cases:
/// - the device itself is to be killed (`kill-sweep`): a process cannot
///   SIGKILL itself and then judge what its restart resumes;
/// - a run must be stopped at a deadline (`guest mutate --timeout`: a
///   mutant that never ends): only a process of its own can be stopped
///   without stopping the caller.
/// It runs the resolved run's own command line (`RunSpec.runArguments`),
/// so what it plays is what the reproduce line says.
public struct DeviceProcess: Sendable {
    public var run: ResolvedRun
    /// The child's environment (nil: this process's).
    public var environment: [String: String]?
    /// Where its output goes, stdout and stderr together (nil: discarded).
    public var log: String?
    /// Stopped (SIGTERM, then SIGKILL after 10 s) after this many seconds;
    /// nil: none.
    public var timeout: TimeInterval?
    /// Where a guest's mutated copy records the sites it reaches
    /// (`OAL_MUTANT_COVERAGE`): `EngineOptions.mutantCoverageDirectory` of
    /// the run in the child.
    public var mutantCoverage: URL?
    /// Put before the device's own argv for `play` (`SyscallTrap`: the
    /// device under strace, `kill-sweep --syscalls`).
    public var wrapper: [String] = []

    public init(run: ResolvedRun, environment: [String: String]? = nil, log: String? = nil) {
        self.run = run
        self.environment = environment
        self.log = log
    }

    /// How the process ended.
    public enum Ending: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        /// Still going at the deadline, and stopped.
        case timedOut

        /// As a shell reports it: 128 + the signal, 124 for a timeout (as
        /// timeout(1) does).
        public var status: Int32 {
            switch self {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            case .timedOut: 124
            }
        }

        public var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signaled(let signal): "signal \(signal)"
            case .timedOut: "timed out"
            }
        }
    }

    /// `oal-device init --root ROOT --scenario FILE`.
    public func initialize(root: URL) throws(Errno) -> Ending {
        try spawn(["init", "--root", root.path, "--scenario", run.spec.scenario])
    }

    /// `oal-device run --root ROOT FILE ... --quiet`, the run's own options.
    public func play(root: URL) throws(Errno) -> Ending {
        try spawn(
            ["run", "--root", root.path, run.spec.scenario] + run.spec.runArguments + ["--quiet"], wrapper: wrapper)
    }

    private func spawn(_ arguments: [String], wrapper: [String] = []) throws(Errno) -> Ending {
        var variables = environment ?? ProcessInfo.processInfo.environment
        // A mutant the run carries reaches the device and every child.
        if let mutant = run.spec.mutant { variables[MutantVariable.name] = mutant }
        if let mutantCoverage { variables[MutantVariable.coverage] = mutantCoverage.path }
        let argv = wrapper + [run.spec.devicePath] + arguments
        let child = try ChildProcess.spawn(
            argv[0], arguments: Array(argv.dropFirst()), environment: variables, standardOutput: log ?? "/dev/null",
            standardError: log ?? "/dev/null")
        let termination: ChildProcess.Termination
        if let timeout {
            guard let ended = try Self.wait(child, seconds: timeout) else { return .timedOut }
            termination = ended
        } else {
            termination = try child.wait()
        }
        switch termination {
        case .exited(let code): return .exited(code)
        case .signaled(let signal): return .signaled(signal)
        }
    }

    /// Waits up to `seconds`; then stops the run (its own stop handling
    /// ends every process it started) and returns nil.
    static func wait(_ child: ChildProcess, seconds: TimeInterval) throws(Errno) -> ChildProcess.Termination? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let ended = try child.poll() { return ended }
            usleep(50_000)
        }
        try? child.signal(SIGTERM)
        let grace = Date().addingTimeInterval(10)
        while Date() < grace {
            if try child.poll() != nil { return nil }
            usleep(50_000)
        }
        try? child.signal(SIGKILL)
        _ = try? child.wait()
        return nil
    }
}
