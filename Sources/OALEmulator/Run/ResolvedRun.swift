import Foundation
import OALPlatform

/// One run, resolved once at the edge and handed down whole: the spec with
/// its seed decided, the scenario parsed and played, every fault parsed and
/// scheduled, and the guest build loaded. As TigerBeetle's simulator derives
/// one options value from its seed and prints it before it starts, every
/// caller that plays a run (`oal-device run`, sweeps, swarms, the shrinker,
/// the differential run, guest exploration) makes one of these first, and
/// anything wrong with the run (a bad scenario, fault, crash point or guest
/// build) is refused here, before a device root is made or changed.
///
/// How the run is watched (its root, progress, logs) is not in it:
/// `EngineOptions` says that.
public struct ResolvedRun: Sendable {
    /// The run as its reproduce line renders it. Its seed is always named:
    /// the scenario's own when no `--seed` overrode it.
    public let spec: RunSpec
    /// The scenario as this run plays it (`--days` moves its end).
    public let scenario: Scenario
    /// The guest build the run's processes are, nil for the emulator's own.
    public let guest: GuestBuild?
    /// Every fault besides the scenario's timed lines: header lines,
    /// `--fault` options and the seeded draw, in that order.
    let scheduledFaults: [ScheduledFault]
    /// Whether any fault is injected, timed or not: then a failed
    /// expectation may be the fault's doing, not the app's (`FaultRun`).
    public var isFaulted: Bool {
        !scheduledFaults.isEmpty || !scenario.faults.isEmpty
            || scenario.steps.contains { if case .fault = $0.action { true } else { false } }
    }

    /// The seed every seeded choice of the run draws from, also named in
    /// `spec`.
    public let seed: UInt64
    /// Where `oal-app`, `oal-monitor`, ... are.
    public var binDirectory: URL {
        spec.binDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? EngineOptions.defaultBinDirectory
    }
    /// `--warm SEED`: extension processes kept between callbacks.
    public var warm: WarmOptions? {
        if case .warm(let seed) = spec.launches { return WarmOptions(seed: seed) }
        return nil
    }
    /// `--free-running`: nil in lockstep.
    public var freeRunning: FreeRunningOptions? { spec.freeRunningSpeed.map { FreeRunningOptions(speed: $0) } }
    /// The one command that replays this run on a new root.
    public var command: String { spec.command }
    /// The one command that replays it in lockstep: a free-running run's
    /// reproduce lines, since a free-running run itself cannot be replayed.
    public var lockstepCommand: String { spec.lockstep.command }

    /// Resolves `spec`, reading its scenario file.
    public static func resolve(_ spec: RunSpec) throws -> ResolvedRun {
        try resolve(spec, scenario: ScenarioParser.load(path: spec.scenario))
    }

    /// Resolves `spec` against `scenario`, the parse of `spec.scenario`
    /// (a caller that plays one file many times parses it once).
    public static func resolve(_ spec: RunSpec, scenario parsed: Scenario) throws -> ResolvedRun {
        var spec = spec
        let scenario = spec.played(parsed)
        // The one place the seed is decided: every reproduce line names it.
        let seed = spec.seed ?? scenario.seed
        spec.seed = seed
        let faults = try schedule(spec, seed: seed, scenario: scenario)
        let guest = try spec.guest.map { directory throws(EngineError) in try GuestBuild.load(directory: directory) }
        try checkLaunches(spec)
        return ResolvedRun(spec: spec, scenario: scenario, guest: guest, scheduledFaults: faults, seed: seed)
    }

    /// The same run with one more fault (a sweep's point): only the new
    /// fault is parsed, the scenario and guest are kept.
    public func adding(fault: String) throws -> ResolvedRun {
        let extra = try Self.parse(fault, scenario: scenario, index: spec.faults.count)
        var faults = scheduledFaults
        let firstDrawn = faults.firstIndex { $0.key.hasPrefix("random:") } ?? faults.endIndex
        faults.insert(extra, at: firstDrawn)
        return ResolvedRun(
            spec: spec.adding(fault: fault), scenario: scenario, guest: guest, scheduledFaults: faults, seed: seed)
    }

    /// The same run on `seed`, with faults drawn from it (a swarm's seed).
    public func drawing(seed: UInt64) throws -> ResolvedRun {
        let spec = spec.drawing(seed: seed)
        let faults = try Self.schedule(spec, seed: seed, scenario: scenario)
        return ResolvedRun(spec: spec, scenario: scenario, guest: guest, scheduledFaults: faults, seed: seed)
    }

    /// The same run on one enforcement path (the differential run).
    public func on(paths: RunPaths) -> ResolvedRun {
        var spec = spec
        spec.paths = paths
        return ResolvedRun(
            spec: spec, scenario: scenario, guest: guest, scheduledFaults: scheduledFaults, seed: seed)
    }

    private static func schedule(_ spec: RunSpec, seed: UInt64, scenario: Scenario) throws -> [ScheduledFault] {
        var out: [ScheduledFault] = []
        for (index, fault) in scenario.faults.enumerated() {
            out.append(ScheduledFault(time: nil, fault: fault, key: "header:\(index)"))
        }
        for (index, text) in spec.faults.enumerated() {
            out.append(try parse(text, scenario: scenario, index: index))
        }
        if spec.randomFaults {
            for (index, drawn) in FaultMix.draw(seed: seed, scenario: scenario).enumerated() {
                out.append(ScheduledFault(time: drawn.time, fault: drawn.fault, key: "random:\(index)"))
            }
        }
        return out
    }

    private static func parse(_ text: String, scenario: Scenario, index: Int) throws -> ScheduledFault {
        do {
            let (time, fault) = try FaultLine.parse(text, scenario: scenario)
            return ScheduledFault(time: time, fault: fault, key: "option:\(index)")
        } catch {
            throw ResolveError.fault(text, "\(error)")
        }
    }

    /// The launch modes that cannot go together, refused before a run.
    private static func checkLaunches(_ spec: RunSpec) throws(EngineError) {
        guard spec.launchConflict != nil else { return }
        if case .warm = spec.launches { throw .warmFreeRunning }
        throw .forkedWith("--free-running")
    }

    /// Why a run could not be resolved.
    public enum ResolveError: Error, CustomStringConvertible, Equatable {
        /// A `--fault` that does not parse against the scenario.
        case fault(String, String)

        public var description: String {
            switch self {
            case .fault(let text, let why): "--fault '\(text)': \(why)"
            }
        }
    }
}
