import Foundation

/// What a failing run played: a generated day (`explore`'s seed), or a
/// scenario of the library (`check`), a crash point's rerun included.
public enum FindingSource: Hashable, Sendable, Comparable {
    case seed(UInt64)
    /// A library scenario's path, or `PATH with a kill at SITE`.
    case scenario(String)
}

/// One run's failure of one class, as `oal-device explore` and `check`
/// group them: its signature and the smallest scenario that shows it.
public struct RunFinding: Hashable, Sendable {
    public var source: FindingSource
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
        source: FindingSource, signature: FindingSignature, scenario: String, size: Int, reproduce: String,
        report: String? = nil
    ) {
        self.source = source
        self.signature = signature
        self.scenario = scenario
        self.size = size
        self.reproduce = reproduce
        self.report = report
    }

    /// A generated day's failure.
    public init(
        seed: UInt64, signature: FindingSignature, scenario: String, size: Int, reproduce: String,
        report: String? = nil
    ) {
        self.init(
            source: .seed(seed), signature: signature, scenario: scenario, size: size, reproduce: reproduce,
            report: report)
    }
}

/// Runs that failed the same way: one entry of `findings.json`.
public struct Finding: Hashable, Sendable {
    public var signature: FindingSignature
    /// What the failing runs played, generated days first (ascending).
    public var sources: [FindingSource]
    /// The run whose scenario is the smallest (the first source of those).
    public var smallest: RunFinding

    /// The generated days' seeds, ascending.
    public var seeds: [UInt64] { sources.compactMap { if case .seed(let seed) = $0 { seed } else { nil } } }
    /// The library's scenarios (and crash points) that hit it, in order.
    public var library: [String] {
        sources.compactMap { if case .scenario(let path) = $0 { path } else { nil } }
    }
    public var count: Int { sources.count }
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
    public static func group(_ failures: [RunFinding]) -> [Finding] {
        var bySignature: [FindingSignature: [RunFinding]] = [:]
        for failure in failures { bySignature[failure.signature, default: []].append(failure) }
        let findings = bySignature.map { signature, failures in
            let smallest = failures.min { ($0.size, $0.source) < ($1.size, $1.source) }!
            return Finding(signature: signature, sources: Set(failures.map(\.source)).sorted(), smallest: smallest)
        }
        return findings.sorted {
            ($0.known ? 1 : 0, -$0.count, $0.sources[0], $0.signature.description)
                < ($1.known ? 1 : 0, -$1.count, $1.sources[0], $1.signature.description)
        }
    }
}

/// A report whose runs were grouped into findings (`explore`, `check`).
public protocol FindingsReport {
    var findings: [Finding] { get }
}

extension FindingsReport {
    public var newFindings: [Finding] { findings.filter { !$0.known } }
    public var knownFindings: [Finding] { findings.filter(\.known) }
}
