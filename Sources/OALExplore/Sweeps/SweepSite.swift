import Foundation
import OALEmulator
import OALOracle
import OALScenario

/// One rerun of a sweep (a crash point, a race interleaving, a seed): what
/// it adds to the sweep's run, the root it runs on, and what its outcome
/// keeps of the verdict. Everything else (choice, shard, `--jobs`,
/// snapshots, progress, the index) is `Sweep`'s.
protocol SweepSite: Sendable {
    associatedtype Outcome: SweepOutcome

    /// The launch whose snapshot the rerun may start from (nil: it always
    /// replays from the first line).
    var pinnedLaunch: Int? { get }

    /// The sweep's run with this site's fault(s) added.
    func run(from run: ResolvedRun) throws -> ResolvedRun

    /// Its root's name under the root base; `position` is its place in the
    /// list after `limit`.
    func root(position: Int) -> String

    /// What the rerun found, as this kind of sweep reports it.
    func outcome(of verdict: FaultRun.Verdict, snapshotLaunch: Int?) -> Outcome
}
