import Foundation
import OALPlatform

/// The one way a run is played, whoever asks: `oal-device run`, every
/// sweep's rerun, a swarm's seed, a shrink's candidate, the differential
/// run's three paths and guest exploration all hand a `ResolvedRun` here.
/// Nothing is resolved again on the way: what was printed at the start is
/// what plays.
public enum RunPlayer {
    /// Plays `run` on the device at `options.root`, which must exist (a
    /// root that already holds this run goes on with it).
    public static func play(_ run: ResolvedRun, options: EngineOptions) throws -> RunResult {
        try DeviceEngine(run: run, options: options).play()
    }

    /// Plays `run` on a new device made for its scenario at `options.root`;
    /// whatever was there is replaced.
    public static func playOnNewRoot(_ run: ResolvedRun, options: EngineOptions) throws -> RunResult {
        try prepareNewRoot(options.root, for: run)
        return try play(run, options: options)
    }

    /// A new device root for `run`'s scenario, in place of any there.
    public static func prepareNewRoot(_ root: DeviceRoot, for run: ResolvedRun) throws {
        if root.exists { try FileManager.default.removeItem(at: root.url) }
        try FileManager.default.createDirectory(
            at: root.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try DeviceInit.create(root: root, from: .scenario(run.scenario))
    }
}
