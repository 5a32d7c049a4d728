import Foundation
import OALOracle
import OALPlatform

/// A spec and the engine's options: one way each, so what a run was
/// started with is what its reproduce lines say.
extension EngineOptions {
    /// The options that play `spec` on `root`. The guest build is read
    /// here, so a spec naming one that is gone fails before the run.
    public init(spec: RunSpec, root: DeviceRoot) throws(EngineError) {
        self.init(
            root: root,
            binDirectory: spec.binDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? EngineOptions.defaultBinDirectory, seed: spec.seed)
        faults = spec.fault
        paths = spec.paths
        days = spec.days
        freeRunning = spec.freeRunningSpeed.map { FreeRunningOptions(speed: $0) }
        switch spec.launches {
        case .cold: break
        case .forked: forked = true
        case .warm(let seed): warm = WarmOptions(seed: seed)
        }
        guest = try spec.guest.map { directory throws(EngineError) in try GuestBuild.load(directory: directory) }
        guestSource = spec.guestSource
    }
}

extension RunSpec {
    /// The spec of a run started with `options` on `scenario`: what the
    /// oracle's reproduce lines render. The seed is always named, the
    /// scenario's own when no `--seed` overrode it.
    public init(scenario: Scenario, options: EngineOptions) {
        self.init(
            scenario: scenario.file, seed: options.seed ?? scenario.seed, binDirectory: options.binDirectory.path)
        randomFaults = options.faults.random
        faults = options.faults.extra
        mutant = options.faults.mutant
        paths = options.paths
        days = options.days
        launches = options.forked ? .forked : options.warm.map { .warm(seed: $0.seed) } ?? .cold
        guest = options.guest?.directory
        guestSource = options.guestSource
        freeRunningSpeed = options.freeRunning?.speed
    }

    /// The same run in lockstep: what a free-running run's reproduce
    /// lines replay, since a free-running run itself cannot be replayed.
    public var lockstep: RunSpec {
        var spec = self
        spec.freeRunningSpeed = nil
        return spec
    }
}

extension Oracle {
    /// The one command that replays this run (in lockstep): every
    /// reproduce line of a run, its violations' and its closing line.
    public static func reproduce(scenario: Scenario, options: EngineOptions) -> String {
        RunSpec(scenario: scenario, options: options).lockstep.command
    }
}
