import Foundation
import OALPlatform
import OALSystem

/// How one run is watched and where it is kept: nothing here changes what
/// the run does, so nothing here is in its reproduce line. What the run is
/// (scenario, seed, faults, launches, guest) is its `ResolvedRun`.
public struct EngineOptions: Sendable {
    public var root: DeviceRoot
    /// A foreground loop the supervisor started (`oal-app run`), so the
    /// device does not start a second one.
    public var loopPID: Int32?
    /// The root's run lock as the caller holds it, on this descriptor
    /// (`--lock-fd`); nil: the engine takes it itself.
    public var rootLockDescriptor: Int32?
    /// Wall-clock seconds to wait for the loop's acknowledgement.
    public var loopTimeout: TimeInterval
    /// Progress lines for long runs (stderr in `oal-device`).
    public var progress: (@Sendable (String) -> Void)?
    /// A sweep's listing run records snapshots, a sweep point starts from
    /// one (Sweeps/LaunchSnapshot.swift).
    public var snapshots: SnapshotMode?
    /// Where every launch's reached crash points are logged, one file per
    /// launch (`<launch>-<target>.log`): the sweep's listing run.
    public var crashLogDirectory: URL?
    /// Where every launch's reached pause points are logged
    /// (`<launch>-<target>.log`) with what could interleave there
    /// (`<launch>-<target>.due`): the race sweep's listing run.
    public var pauseLogDirectory: URL?
    /// Where every launch's file-changing system calls are logged by
    /// strace (`<launch>-<target>.strace`): the syscall sweep's listing run.
    public var syscallLogDirectory: URL?
    /// Where a guest's mutated copy records the mutation sites each launch
    /// reaches (`OAL_MUTANT_COVERAGE`, docs/GUEST.md "Mutation score"):
    /// the unmutated runs of `guest mutate`.
    public var mutantCoverageDirectory: URL?

    public init(
        root: DeviceRoot, loopPID: Int32? = nil, loopTimeout: TimeInterval = 20,
        progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.root = root
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
