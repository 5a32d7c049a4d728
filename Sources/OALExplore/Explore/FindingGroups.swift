import Foundation

/// One seed's failure of one class, as `oal-device explore` groups them:
/// its signature and the smallest scenario that shows it.
public struct SeedFinding: Hashable, Sendable {
    public var seed: UInt64
    public var signature: FindingSignature
    /// The shrunk scenario, or the generated day when it was not shrunk.
    public var scenario: String
    /// How many lines the scenario has besides its header, to pick the
    /// smallest of a finding's.
    public var size: Int
    /// The command that replays `scenario`.
    public var reproduce: String
    /// The seed's run's HTML report, if it drew one.
    public var report: String?

    public init(
        seed: UInt64, signature: FindingSignature, scenario: String, size: Int, reproduce: String,
        report: String? = nil
    ) {
        self.seed = seed
        self.signature = signature
        self.scenario = scenario
        self.size = size
        self.reproduce = reproduce
        self.report = report
    }
}

/// Seeds that failed the same way: one entry of `findings.json`.
public struct Finding: Hashable, Sendable {
    public var signature: FindingSignature
    /// The seeds, ascending.
    public var seeds: [UInt64]
    /// The seed whose scenario is the smallest (the lowest seed of those).
    public var smallest: SeedFinding

    public var count: Int { seeds.count }
    public var known: Bool { signature.known != nil }
    public var checks: [String] { signature.checks }
    public var scenario: String { smallest.scenario }
    public var reproduce: String { smallest.reproduce }
}

/// Groups seeds' failures into findings by signature, the way
/// TigerBeetle's checkers are handed values and not the simulator: pure.
public enum FindingGroups {
    /// One finding per signature: new findings before known ones, each
    /// kind by how many seeds hit it (most first), then by its first seed.
    public static func group(_ failures: [SeedFinding]) -> [Finding] {
        var bySignature: [FindingSignature: [SeedFinding]] = [:]
        for failure in failures { bySignature[failure.signature, default: []].append(failure) }
        let findings = bySignature.map { signature, failures in
            let smallest = failures.min { ($0.size, $0.seed) < ($1.size, $1.seed) }!
            return Finding(signature: signature, seeds: Set(failures.map(\.seed)).sorted(), smallest: smallest)
        }
        return findings.sorted {
            ($0.known ? 1 : 0, -$0.count, $0.seeds.first ?? 0, $0.signature.description)
                < ($1.known ? 1 : 0, -$1.count, $1.seeds.first ?? 0, $1.signature.description)
        }
    }
}
