import Foundation
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario

/// What a sweep of reruns is given, whatever it sweeps (crash points,
/// interleavings): the run every rerun repeats with one fault more, where
/// the roots go, how much of the list and how many at once.
public struct SweepSettings: Sendable {
    /// The run every rerun repeats; its mutant (a test's planted defect)
    /// reaches every launch of every rerun.
    public var resolved: ResolvedRun
    public var spec: RunSpec { resolved.spec }
    public var scenarioPath: String { spec.scenario }
    public var rootBase: URL
    /// At most this many reruns, spread evenly over the list.
    public var limit: Int?
    /// Only sites in these process kinds (nil: the sweep's own default).
    public var kinds: Set<FaultTarget>?
    /// Reruns at once (`--jobs`), each on its own root.
    public var jobs: Int
    /// Only this shard's reruns (`--shard I/N`), after `limit`.
    public var shard: Shard?
    /// Each rerun starts from the listing run's snapshot before its launch
    /// (`--no-snapshots`: every rerun replays from the first line).
    public var snapshots: Bool
    public var progress: (@Sendable (String) -> Void)?

    /// The settings of a sweep of `spec`, resolved here.
    public init(
        spec: RunSpec, rootBase: URL, limit: Int? = nil, kinds: Set<FaultTarget>? = nil, jobs: Int = 1,
        shard: Shard? = nil, snapshots: Bool = true, progress: (@Sendable (String) -> Void)? = nil
    ) throws {
        self.init(
            run: try ResolvedRun.resolve(spec), rootBase: rootBase, limit: limit, kinds: kinds, jobs: jobs,
            shard: shard, snapshots: snapshots, progress: progress)
    }

    public init(
        run: ResolvedRun, rootBase: URL, limit: Int? = nil, kinds: Set<FaultTarget>? = nil, jobs: Int = 1,
        shard: Shard? = nil, snapshots: Bool = true, progress: (@Sendable (String) -> Void)? = nil
    ) {
        resolved = run
        self.rootBase = rootBase
        self.limit = limit
        self.kinds = kinds
        self.jobs = jobs
        self.shard = shard
        self.snapshots = snapshots
        self.progress = progress
    }

    /// The skeleton that chooses, runs and indexes the sites.
    func sweep<Site: Sendable>() -> Sweep<Site> {
        Sweep(rootBase: rootBase, limit: limit, jobs: jobs, shard: shard, progress: progress)
    }
}
