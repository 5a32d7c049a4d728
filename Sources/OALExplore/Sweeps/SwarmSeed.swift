import Foundation
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario

/// One seed of a swarm: the sweep's run with `--seed S --random-faults`, on
/// `seed-S`, with the fault mix the seed draws from the scenario.
struct SwarmSeed: SweepSite {
    var seed: UInt64
    /// The scenario the mix is drawn for (and its times written in).
    var scenario: Scenario

    /// A seed's faults are drawn over the whole day: no snapshot serves it.
    var pinnedLaunch: Int? { nil }

    func run(from run: ResolvedRun) throws -> ResolvedRun { try run.drawing(seed: seed) }

    func root(position: Int) -> String { "seed-\(seed)" }

    /// `at TIME FAULT` for each fault the seed draws.
    var faults: [String] {
        FaultMix.draw(seed: seed, scenario: scenario).map {
            "at \(FaultLine.format($0.time, scenario: scenario)) \($0.fault)"
        }
    }

    func outcome(of verdict: FaultRun.Verdict, snapshotLaunch: Int?) -> SeedSwarm.Outcome {
        SeedSwarm.Outcome(seed: seed, faults: faults, verdict: verdict)
    }
}
