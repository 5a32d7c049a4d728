import Foundation
import OALDomain
import OALEmulator
import OALPlatform

/// `oal-device kill-sweep --seeds N`: each seed's random fault mix
/// (`--random-faults --seed S`) played twice as real device processes:
/// once never killed, and once with the device killed at an instant the
/// seed draws (`kill device at-line L`, L from 1 to the first run's trace
/// length) and started again with the same command. The resumed run must
/// end as the first did: the same violations, usage and expectations.
public struct DeviceKillSwarm: Sendable {
    /// The run every seed draws its mix for.
    public var resolved: ResolvedRun
    public var rootBase: URL
    public var seeds: [UInt64]
    public var jobs: Int
    public var progress: (@Sendable (String) -> Void)?

    public init(
        run: ResolvedRun, rootBase: URL, seeds: [UInt64], jobs: Int = 1,
        progress: (@Sendable (String) -> Void)? = nil
    ) {
        resolved = run
        self.rootBase = rootBase
        self.seeds = seeds
        self.jobs = jobs
        self.progress = progress
    }

    /// The trace line a seed kills the device at, of a run `lines` long:
    /// its own stream, so the instant does not move the mix the seed draws.
    public static func line(seed: UInt64, lines: Int) -> Int {
        var random = SplitMix64(seed: seed ^ 0xDEAD_0139)
        return random.int(in: 1..<max(1, lines) + 1)
    }

    public struct Outcome: Sendable {
        public var seed: UInt64
        /// `at-line L`, once the never-killed run has told how long it is.
        public var point: String?
        public var killed: Bool
        public var baseline: DeviceKillSweep.Ending?
        public var ending: DeviceKillSweep.Ending?
        public var error: String?
        public var root: String

        public var same: Bool { error == nil && baseline != nil && ending == baseline }
    }

    public struct Report: Sendable {
        public var outcomes: [Outcome]

        public var differing: [Outcome] { outcomes.filter { !$0.same } }

        public func render() -> String {
            var text = "device kill swarm: \(outcomes.count) seed(s), each killed once at an instant it draws\n"
            for outcome in differing {
                text += "  DIFFERS seed \(outcome.seed) \(outcome.point ?? ""): "
                if let error = outcome.error {
                    text += error
                } else {
                    text += "never killed: \(outcome.baseline.map(\.description) ?? "none"); "
                    text += "resumed: \(outcome.ending.map(\.description) ?? "none")"
                }
                text += "\n    root: \(outcome.root)\n"
            }
            let killed = outcomes.filter(\.killed).count
            text += "\(outcomes.count - differing.count) of \(outcomes.count) resumed to the same verdict and usage "
            text += "(\(killed) killed)\n"
            return text
        }
    }

    public func run() throws -> Report {
        try FileManager.default.createDirectory(at: rootBase, withIntermediateDirectories: true)
        let chosen = seeds.enumerated().map { (position: $0.offset, site: $0.element) }
        let reruns = Sweep<UInt64>(rootBase: rootBase, limit: nil, jobs: jobs, shard: nil, progress: progress)
        let outcomes = reruns.each(chosen) { _, seed in
            let outcome = self.play(seed: seed)
            return (outcome, "seed \(seed) \(outcome.point ?? ""): \(outcome.same ? "same" : "DIFFERS")")
        }
        return Report(outcomes: outcomes)
    }

    private func play(seed: UInt64) -> Outcome {
        let directory = rootBase.appendingPathComponent("seed-\(seed)", isDirectory: true)
        var outcome = Outcome(seed: seed, killed: false, root: directory.path)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let sweep = DeviceKillSweep(run: try resolved.drawing(seed: seed), rootBase: directory)
            let baselineRoot = directory.appendingPathComponent("never-killed", isDirectory: true)
            try sweep.prepare(baselineRoot)
            let played = try sweep.play(baselineRoot, fault: nil)
            guard DeviceKillSweep.finished(played) else {
                outcome.error = "the never-killed run ended \(played)"
                return outcome
            }
            outcome.baseline = try DeviceKillSweep.ending(DeviceRoot(baselineRoot))
            let lines = try DeviceKillSweep.lineCount(DeviceRoot(baselineRoot))
            let point = "at-line \(Self.line(seed: seed, lines: lines))"
            outcome.point = point
            let killed = sweep.sweep(point, root: directory.appendingPathComponent("killed", isDirectory: true))
            outcome.killed = killed.killed
            outcome.ending = killed.ending
            outcome.error = killed.error
        } catch {
            outcome.error = "\(error)"
        }
        return outcome
    }
}
