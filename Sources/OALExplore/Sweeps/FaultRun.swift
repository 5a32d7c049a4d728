import Foundation
import Glibc
import OALEmulator
import OALOracle
import OALPlatform
import OALProcesses
import OALScenario
import OALSystem

/// One scenario run on a fresh device root with some faults, judged by the
/// oracle: the unit the crash-point sweep and the seed swarm repeat.
public struct FaultRun: Sendable {
    /// What the run plays, resolved; its reproduce line is `run.command`.
    /// A failure to resolve (a site's fault that does not parse) is the
    /// run's verdict, as `stopped`.
    public var resolved: Result<ResolvedRun, ResolveFailure>
    public var root: DeviceRoot
    /// Records snapshots (a listing run) or starts from one (a point whose
    /// faults are all armed at the start); nil: from the first line.
    public var snapshots: SnapshotMode?
    /// A listing run's logs of the crash or pause points each launch
    /// reached: how the run is watched, not what it does.
    public var crashLogDirectory: URL?
    public var pauseLogDirectory: URL?
    /// A syscall sweep's listing run: every launch under strace, logged here.
    public var syscallLogDirectory: URL?

    public init(
        run: ResolvedRun, root: DeviceRoot, snapshots: SnapshotMode? = nil, crashLogDirectory: URL? = nil,
        pauseLogDirectory: URL? = nil
    ) {
        self.init(
            resolving: .success(run), root: root, snapshots: snapshots, crashLogDirectory: crashLogDirectory,
            pauseLogDirectory: pauseLogDirectory)
    }

    /// A run whose resolution may have failed: its verdict is then `stopped`
    /// with the reason, and reproduced by `spec`'s command.
    public init(
        resolving run: Result<ResolvedRun, ResolveFailure>, root: DeviceRoot, snapshots: SnapshotMode? = nil,
        crashLogDirectory: URL? = nil, pauseLogDirectory: URL? = nil
    ) {
        resolved = run
        self.root = root
        self.snapshots = snapshots
        self.crashLogDirectory = crashLogDirectory
        self.pauseLogDirectory = pauseLogDirectory
    }

    /// What one run found.
    public struct Verdict: Sendable {
        /// How a run ended, as TigerBeetle's simulator separates crash,
        /// liveness and correctness; each has its own exit code in `sweep`
        /// and `swarm` (docs/PROCESSES.md).
        public enum Kind: String, Sendable, Hashable, Comparable, CaseIterable {
            case passed
            /// Correctness: the run completed and the oracle found a violation.
            case violation
            /// Liveness: the run stopped before its end (the engine gave up:
            /// an executable missing, a store it could not read, ...).
            case stopped
            /// A launched process crashed: ended by a signal the fault did
            /// not send (SIGILL of a trap, SIGSEGV, SIGABRT; the injected
            /// kills are SIGKILL) or exited 70 (internal error).
            case crash

            /// Worse is greater: crash > stopped > violation > passed.
            public static func < (lhs: Kind, rhs: Kind) -> Bool {
                allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
            }
        }

        public var kind: Kind {
            if !crashes.isEmpty { return .crash }
            if error != nil { return .stopped }
            return violations.isEmpty ? .passed : .violation
        }

        /// The run completed, no process crashed and the oracle found no
        /// violation. Failed expectations alone do not fail a faulted run:
        /// a fault is allowed to change what the user sees (a killed press
        /// grants nothing); the oracle judges whether the design kept its
        /// promises.
        public var passed: Bool { kind == .passed }
        public var violations: [Violation]
        public var expectationFailures: [String]
        public var error: String?
        /// Launches that crashed (`launch N: STATUS`), from the trace.
        public var crashes: [String] = []
        /// The stop signal that ended the run, if one did (the sweep stops).
        public var interrupted: StopSignal?
        /// The `fault` trace lines of the run (`action` `kind` `fault`).
        public var faultEvents: [[String: String]]
        public var reproduce: String
        /// The run's HTML report (docs/REPORT.md), when it got far enough
        /// to draw one.
        public var report: String?
        /// Wall time of the run, for JUnit.
        public var seconds: Double = 0
        /// A guest's known findings the run met (`ID [check] rule "NAME"
        /// from TIME: SUMMARY`, docs/GUEST.md "Findings"): divergences the
        /// oracle did not count as violations, so a run with only these
        /// passes.
        public var knownFindings: [String] = []

        /// The first line that says why it failed.
        public var reason: String {
            if let crash = crashes.first {
                return "a process crashed: \(crash)" + (crashes.count > 1 ? " (and \(crashes.count - 1) more)" : "")
            }
            if let error { return "the run stopped: \(error)" }
            if let first = violations.first { return first.description }
            return "passed"
        }
    }

    /// Why a run could not be resolved, and the spec it was resolved from.
    public struct ResolveFailure: Error, Sendable {
        public var spec: RunSpec
        public var reason: String

        public init(spec: RunSpec, reason: String) {
            self.spec = spec
            self.reason = reason
        }
    }

    /// `spec` resolved here (a test's or a shrink candidate's own file).
    public init(
        spec: RunSpec, root: DeviceRoot, snapshots: SnapshotMode? = nil, crashLogDirectory: URL? = nil,
        pauseLogDirectory: URL? = nil
    ) {
        self.init(
            resolving: Self.resolving(spec: spec, reason: "") { try ResolvedRun.resolve(spec) }, root: root,
            snapshots: snapshots, crashLogDirectory: crashLogDirectory,
            pauseLogDirectory: pauseLogDirectory)
    }

    /// What `resolve` made of `spec`, or why it could not: a failure
    /// that a run reports as stopped, its reason after `reason` (the site
    /// that could not be added, or nothing).
    public static func resolving(
        spec: RunSpec, reason prefix: String, _ resolve: () throws -> ResolvedRun
    ) -> Result<ResolvedRun, ResolveFailure> {
        do {
            return .success(try resolve())
        } catch {
            return .failure(ResolveFailure(spec: spec, reason: prefix + "\(error)"))
        }
    }

    public func run() -> Verdict {
        let started = Date()
        var verdict = judge()
        verdict.seconds = Date().timeIntervalSince(started)
        return verdict
    }

    private func judge() -> Verdict {
        let playing: ResolvedRun
        switch resolved {
        case .failure(let failure):
            return Verdict(
                violations: [], expectationFailures: [], error: failure.reason, faultEvents: [],
                reproduce: failure.spec.command)
        case .success(let run): playing = run
        }
        let reproduce = playing.command
        do {
            var options = EngineOptions(root: root)
            options.crashLogDirectory = crashLogDirectory
            options.pauseLogDirectory = pauseLogDirectory
            options.syscallLogDirectory = syscallLogDirectory
            options.snapshots = snapshots
            let result: RunResult
            if let snapshot = snapshots?.start {
                try snapshot.restore(into: root)
                result = try RunPlayer.play(playing, options: options)
            } else {
                result = try RunPlayer.playOnNewRoot(playing, options: options)
            }
            var verdict = Verdict(
                violations: result.violations, expectationFailures: result.failures, error: nil,
                crashes: Self.crashes(root), faultEvents: Self.faultEvents(root), reproduce: reproduce,
                report: Self.report(root))
            verdict.knownFindings = result.oracle.knownFindings ?? []
            return verdict
        } catch {
            var interrupted: StopSignal?
            if case EngineError.interrupted(let signal) = error { interrupted = signal }
            return Verdict(
                violations: [], expectationFailures: [], error: "\(error)", crashes: Self.crashes(root),
                interrupted: interrupted, faultEvents: Self.faultEvents(root), reproduce: reproduce,
                report: Self.report(root))
        }
    }

    /// The launches the device saw end by a crash: a `status` of `signal N`
    /// other than SIGKILL (every injected kill) and the stop signals, or
    /// exit 70.
    static func crashes(_ root: DeviceRoot) -> [String] {
        guard let lines = try? TraceLog.read(root.trace) else { return [] }
        let benign: Set<String> = ["signal \(SIGKILL)", "signal \(SIGTERM)", "signal \(SIGINT)"]
        return lines.compactMap { try? $0.get() }.compactMap { event -> String? in
            guard event.process == .device, let status = event.fields["status"] else { return nil }
            guard status == "70" || (status.hasPrefix("signal ") && !benign.contains(status)) else { return nil }
            let launch = event.fields["launch"] ?? "?"
            return "launch \(launch) (\(event.event) at \(event.time)) ended with \(status)"
        }
    }

    static func report(_ root: DeviceRoot) -> String? {
        let path = RunViews.reportPath(root)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    static func faultEvents(_ root: DeviceRoot) -> [[String: String]] {
        guard let lines = try? TraceLog.read(root.trace) else { return [] }
        return lines.compactMap { try? $0.get() }.filter { $0.event == "fault" }.map(\.fields)
    }

    static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
