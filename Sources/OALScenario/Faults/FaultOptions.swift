import Foundation
import OALPlatform
import OALSystem

/// How the faults are given to one run, besides the scenario's own lines.
public struct FaultOptions: Sendable {
    /// `--fault "TEXT"`: each armed at the start, or at its time when the
    /// text begins with `at [day N] HH:MM`.
    public var extra: [String]
    /// `--random-faults`: draw a fault mix from the run's seed.
    public var random: Bool
    /// Where every launch's reached crash points are logged, one file per
    /// launch (`<launch>-<target>.log`): the sweep's listing run.
    public var crashLogDirectory: URL?
    /// Where every launch's reached pause points are logged
    /// (`<launch>-<target>.log`) with what could interleave there
    /// (`<launch>-<target>.due`): the race sweep's listing run.
    public var pauseLogDirectory: URL?
    /// A test-only broken variant (`OAL_MUTANT`, docs/ORACLE.md) handed to
    /// every launch of the run: how a library caller (a test) carries one
    /// into a shrink or a race sweep's reruns without changing its own
    /// environment, which parallel tests share. From the command line the
    /// variable itself reaches every child.
    public var mutant: String?

    public init(
        extra: [String] = [], random: Bool = false, crashLogDirectory: URL? = nil, pauseLogDirectory: URL? = nil,
        mutant: String? = nil
    ) {
        self.extra = extra
        self.random = random
        self.crashLogDirectory = crashLogDirectory
        self.pauseLogDirectory = pauseLogDirectory
        self.mutant = mutant
    }
}
