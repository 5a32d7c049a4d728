import Foundation

/// One run, as one value: everything that decides what `oal-device run`
/// plays, and so everything a reproduce line must carry. As TigerBeetle's
/// simulator prints its seed and options once and renders every replay
/// from them, a run prints its spec at its start (`command`), and every
/// reproduce line of that run, of a sweep's point, a swarm's seed, a race
/// or a shrink is the `command` of a spec, never text assembled elsewhere.
///
/// Not in the spec: how the run is watched or where it is kept (`--root`,
/// `--quiet`, `--loop-pid`, `--jobs`), which change nothing it does.
public struct RunSpec: Hashable, Sendable, Codable {
    /// The scenario file, as given.
    public var scenario: String
    /// Overrides the scenario's `seed` line.
    public var seed: UInt64?
    /// `--random-faults`: a fault mix drawn from the seed.
    public var randomFaults = false
    /// `--fault TEXT`, one per fault, in order.
    public var faults: [String] = []
    public var paths: RunPaths = .both
    /// `--days N`: the scenario's start plus N days (a soak).
    public var days: Int?
    public var launches: Launches = .cold
    /// `--guest BUILD`: a guest build's directory (docs/GUEST.md), what the
    /// run's own processes are given.
    public var guest: String?
    /// What `--guest` named when it was not a build directory: `REPO@COMMIT`
    /// (the revision pinned to its commit) or a checkout. Reproduce lines
    /// print it, since the build directory is a cache path that exists only
    /// where the run was; replayed, it finds or makes the same build.
    public var guestSource: String?
    /// A test-only broken variant every launch runs (`OAL_MUTANT`).
    public var mutant: String?
    /// `--free-running [--speed N]`; nil: lockstep.
    public var freeRunningSpeed: Double?
    /// Where `oal-device` and its siblings are; nil: found on the PATH.
    public var binDirectory: String?

    /// How extension processes start (docs/PROCESSES.md).
    public enum Launches: Hashable, Sendable, Codable {
        /// A fresh process per callback, spawned.
        case cold
        /// `--forked`: a fresh process per callback, forked.
        case forked
        /// `--warm SEED`: processes kept between callbacks, drawn from SEED.
        case warm(seed: UInt64)
    }

    public init(scenario: String, seed: UInt64? = nil, binDirectory: String? = nil) {
        self.scenario = scenario
        self.seed = seed
        self.binDirectory = binDirectory
    }

    /// The same run with one more fault: a sweep's point.
    public func adding(fault: String) -> RunSpec {
        var spec = self
        spec.faults.append(fault)
        return spec
    }

    /// The same run on `seed` with faults drawn from it: a swarm's seed.
    public func drawing(seed: UInt64) -> RunSpec {
        var spec = self
        spec.seed = seed
        spec.randomFaults = true
        return spec
    }

    /// The same run on another scenario that carries its faults and seed
    /// in its own lines (a shrink's candidate): launch mode, guest,
    /// mutant and the rest are kept.
    public func replaying(scenario: String) -> RunSpec {
        var spec = self
        spec.scenario = scenario
        spec.seed = nil
        spec.randomFaults = false
        spec.faults = []
        return spec
    }

    /// The scenario as this run plays it: `--days` moves its end.
    public func played(_ scenario: Scenario) -> Scenario {
        guard let days else { return scenario }
        var played = scenario
        played.end = scenario.start.addingTimeInterval(TimeInterval(days) * 86_400)
        return played
    }
}
