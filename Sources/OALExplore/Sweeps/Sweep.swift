import Foundation
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario
import OALSystem

/// The skeleton of every sweep of reruns (`sweep`, `race`, `swarm`, and
/// the choice and parallel loop of `kill-sweep`): one list of sites, one
/// rerun per chosen site on its own root, so that limit, shard, `--jobs`,
/// progress, snapshots, interrupts and the index behave the same in all of
/// them. A kind of sweep brings only what is its own: how it lists its
/// sites, what each site is (`SweepSite`), how it reports (`SweepReport`).
struct Sweep<Site: Sendable>: Sendable {
    var rootBase: URL
    /// At most this many sites, spread evenly over the list.
    var limit: Int?
    /// Sites run at once, each on its own root.
    var jobs: Int
    /// Only this shard's sites, after `limit`.
    var shard: Shard?
    var progress: (@Sendable (String) -> Void)?

    /// The sites to run, each with its position in the list after `limit`:
    /// a shard's roots are then named as in an unsharded sweep, so shards
    /// merge without clashes.
    func choose(_ sites: [Site]) -> [(position: Int, site: Site)] {
        var spread = sites
        if let limit, limit < sites.count {
            spread = (0..<max(0, limit)).map { sites[$0 * sites.count / limit] }
        }
        let positions = shard?.positions(of: spread.count) ?? Array(spread.indices)
        return positions.map { ($0, spread[$0]) }
    }

    /// Runs `body` for every chosen site, `jobs` at a time, and prints the
    /// text it returns behind the progress meter as each one ends; the
    /// outcomes come back in the order of `chosen`.
    func each<Outcome: Sendable>(
        _ chosen: [(position: Int, site: Site)],
        _ body: @escaping @Sendable (_ position: Int, _ site: Site) -> (outcome: Outcome, text: String)
    ) -> [Outcome] {
        let meter = ProgressMeter(total: chosen.count)
        let counter = DoneCounter()
        let progress = self.progress
        return Parallel.map(chosen, jobs: jobs) { _, item in
            let (outcome, text) = body(item.position, item.site)
            progress?("\(meter.prefix(done: counter.increment())) \(text)")
            return outcome
        }
    }

    /// A recorder for the listing run of `kind`'s points, so that reruns
    /// start from the snapshot before their launch (nil: `--no-snapshots`).
    func recorder(_ kind: PointLog.Kind, snapshots: Bool) -> SnapshotRecorder? {
        snapshots ? SnapshotShelf.recorder(base: rootBase, logs: kind.directory) : nil
    }

    /// The listing run: `spec` with nothing added, on `<root-base>/list`,
    /// each launch's points logged under `<root-base>/<kind>-log` and, with
    /// a recorder, the snapshots the reruns start from taken on the way.
    func list(_ kind: PointLog.Kind, of run: ResolvedRun, recorder: SnapshotRecorder?) throws -> (
        baseline: FaultRun.Verdict, logs: [PointLog]
    ) {
        let directory = rootBase.appendingPathComponent(kind.directory, isDirectory: true)
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var listing = FaultRun(
            run: run, root: DeviceRoot(rootBase.appendingPathComponent("list", isDirectory: true)),
            snapshots: recorder.map { .record($0) },
            crashLogDirectory: kind == .crash ? directory : nil, pauseLogDirectory: kind == .pause ? directory : nil)
        listing.syscallLogDirectory = kind == .syscall ? directory : nil
        let baseline = listing.run()
        return (baseline, kind == .syscall ? try SyscallLog.all(in: directory) : try PointLog.all(in: directory))
    }
}

extension Sweep where Site: SweepSite {
    /// Chooses among `sites`, reruns `spec` once per chosen one (from the
    /// snapshot before its launch where `recorder` kept one) and writes
    /// `<root-base>/index.html`, titled "`title` of SCENARIO". `announce`
    /// opens the line that says how many are rerun (nil: no such line).
    func run(
        _ sites: [Site], listing: FaultRun.Verdict? = nil, recorder: SnapshotRecorder? = nil, of run: ResolvedRun,
        title: String, announce: String? = nil
    ) throws -> (outcomes: [Site.Outcome], index: String?, snapshots: SnapshotUse?) {
        // A stop signal ends the sweep as interrupted (130/143), not as a
        // failing site, whether it came during the listing or a rerun.
        if let signal = listing?.interrupted { throw EngineError.interrupted(signal) }
        let chosen = choose(sites)
        if let announce {
            progress?(
                "\(announce); rerunning \(chosen.count)" + (shard.map { " (shard \($0))" } ?? "")
                    + " with \(max(1, min(jobs, chosen.count))) job(s)")
        }
        let shelf = recorder.map { SnapshotShelf(recorder: $0, launches: chosen.compactMap(\.site.pinnedLaunch)) }
        let outcomes = rerun(chosen, of: run, shelf: shelf)
        if let signal = outcomes.lazy.compactMap(\.verdict.interrupted).first { throw EngineError.interrupted(signal) }
        let index = RunIndex(
            title: "\(title) of \(URL(fileURLWithPath: run.spec.scenario).lastPathComponent)",
            entries: outcomes.map {
                RunIndex.Entry(
                    label: $0.indexLabel, passed: $0.verdict.passed, reason: $0.verdict.reason,
                    reproduce: $0.verdict.reproduce, report: $0.verdict.report,
                    changed: $0.verdict.expectationFailures)
            }
        ).write(base: rootBase)
        return (outcomes, index, shelf?.use)
    }

    /// One run of `spec` per site, as the site makes it, on the root it
    /// names under the base.
    func rerun(_ chosen: [(position: Int, site: Site)], of run: ResolvedRun, shelf: SnapshotShelf?) -> [Site.Outcome] {
        let rootBase = self.rootBase
        return each(chosen) { position, site in
            let snapshot = site.pinnedLaunch.flatMap { shelf?.snapshot(for: $0) }
            defer { shelf?.done(with: snapshot) }
            let verdict = FaultRun(
                resolving: FaultRun.resolving(spec: run.spec, reason: "\(site): ") { try site.run(from: run) },
                root: DeviceRoot(rootBase.appendingPathComponent(site.root(position: position), isDirectory: true)),
                snapshots: snapshot.map { .start($0) }
            ).run()
            let outcome = site.outcome(of: verdict, snapshotLaunch: snapshot?.launchSequence)
            return (outcome, outcome.progressText)
        }
    }
}
