import Foundation
import OALPlatform
import OALSystem

/// How one run is set up; everything not in the scenario.
public struct EngineOptions: Sendable {
    public var root: DeviceRoot
    /// Where `oal-app`, `oal-monitor`, ... were built.
    public var binDirectory: URL
    /// Overrides the scenario's `seed` line.
    public var seed: UInt64?
    /// A foreground loop the supervisor started (`oal-app run`), so the
    /// device does not start a second one.
    public var loopPID: Int32?
    /// Wall-clock seconds to wait for the loop's acknowledgement.
    public var loopTimeout: TimeInterval
    /// Which enforcement paths run (`--paths`, Diff/RunPaths.swift).
    public var paths: RunPaths = .both
    /// Progress lines for long runs (stderr in `oal-device`).
    public var progress: (@Sendable (String) -> Void)?
    /// Faults besides the scenario's lines (Faults/, docs/FAULTS.md).
    public var faults = FaultOptions()
    /// The real app's processes in place of the emulator's (docs/GUEST.md).
    public var guest: GuestBuild?
    /// What `--guest` named, for reproduce lines (`RunSpec.guestSource`).
    public var guestSource: String?
    /// Free-running instead of lockstep (docs/PROCESSES.md, "Free-running").
    public var freeRunning: FreeRunningOptions?
    /// Warm extension processes (`--warm SEED`), nil for a cold process per
    /// callback (the default). Lockstep only.
    public var warm: WarmOptions?
    /// `--forked`: each plain extension launch is forked from a fork server
    /// of its kind instead of spawned (`ForkServer`): still a process per
    /// callback, started without `execve`. Lockstep and cold only.
    public var forked = false

    /// `--days N`: the scenario was played N days from its start (a soak);
    /// named in the reproduce command.
    public var days: Int?
    /// A sweep's listing run records snapshots, a sweep point starts from
    /// one (Sweeps/LaunchSnapshot.swift).
    public var snapshots: SnapshotMode?

    public init(
        root: DeviceRoot, binDirectory: URL, seed: UInt64? = nil, loopPID: Int32? = nil,
        loopTimeout: TimeInterval = 20, progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.root = root
        self.binDirectory = binDirectory
        self.seed = seed
        self.loopPID = loopPID
        self.loopTimeout = loopTimeout
        self.progress = progress
    }

    /// Progress lines on stderr, prefixed with the tool's name.
    public static func standardErrorProgress(tool: String) -> @Sendable (String) -> Void {
        { line in StandardStream.error.write("\(tool): \(line)\n") }
    }

    /// The directory of the running executable: where SwiftPM puts every
    /// product of the package, so `oal-device` finds its siblings there.
    /// (`oal-device` itself lets `OAL_BIN_DIR` override it.)
    public static var defaultBinDirectory: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }
}

/// What a finished run found.
public struct RunResult: Sendable {
    public var met: Int
    /// Failed expectations, but for those a known finding of the guest app
    /// explains (`knownFailures`).
    public var failures: [String]
    /// Failed expectations a known finding of the guest app explains
    /// (docs/GUEST.md, "Findings"): each `MESSAGE (known finding ID)`.
    public var knownFailures: [String] = []
    /// The oracle's verdict (docs/ORACLE.md): violations fail the run,
    /// expected divergences are reported with their reason.
    public var violations: [Violation] = []
    public var expectedDivergences: [ExpectedDivergence] = []
    public var oracle = OracleReport()
    /// What a free-running run saw (nil in lockstep).
    public var freeRunning: FreeRunningReport?
    public var passed: Bool { failures.isEmpty && violations.isEmpty }
    /// Passed but for failures known findings explain: `oal-device run`
    /// exits 5 (docs/PROCESSES.md, "Exit codes").
    public var onlyKnownFindings: Bool { passed && !knownFailures.isEmpty }

    mutating func attach(_ report: OracleReport) {
        oracle = report
        violations = report.violations
        expectedDivergences = report.expectedDivergences
    }
}
