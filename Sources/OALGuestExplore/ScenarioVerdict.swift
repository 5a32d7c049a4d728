import Foundation
import OALEmulator
import OALPlatform

/// How one scenario run ended, as bisect compares runs: the exit status,
/// which oracle checks found violations (and how many), and which
/// expectations failed. Two runs of different commits "behave the same"
/// when these are equal.
public struct ScenarioVerdict: Codable, Hashable, Sendable, CustomStringConvertible {
    public var exitCode: Int32
    /// Oracle check → number of violations.
    public var violations: [String: Int]
    /// The failed expectations, as the summary words them.
    public var failedExpectations: [String]
    public var metExpectations: Int
    /// The harness's known findings the run met (`ID [check]`, docs/GUEST.md
    /// "Findings"): a finding that comes or goes is a change of behaviour.
    public var findings: [String] = []

    /// What bisect compares: counts of violations may shift with timing
    /// detail, the set of failing checks and expectations may not.
    public var signature: String {
        "exit \(exitCode); checks [\(violations.keys.sorted().joined(separator: ", "))]; failed ["
            + failedExpectations.joined(separator: " | ") + "]"
            + (findings.isEmpty ? "" : "; findings [\(findings.joined(separator: ", "))]")
    }

    public func sameBehaviour(as other: ScenarioVerdict) -> Bool { signature == other.signature }

    public var description: String {
        let checks =
            violations.isEmpty
            ? "0 violations"
            : violations.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "exit \(exitCode): \(checks); \(metExpectations) met, \(failedExpectations.count) failed"
            + (findings.isEmpty ? "" : "; findings \(findings.joined(separator: ", "))")
    }

    /// Read back from a finished device root.
    public init(exitCode: Int32, root: DeviceRoot) {
        self.exitCode = exitCode
        if let summary = try? RunSummary(root: root) {
            failedExpectations = summary.failed
            metExpectations = summary.met
            var counts: [String: Int] = [:]
            for violation in summary.oracle?.violations ?? [] { counts[violation.check.rawValue, default: 0] += 1 }
            violations = counts
            findings = (summary.oracle?.knownFindings ?? []).map { line in
                line.split(separator: "]", maxSplits: 1).first.map { $0 + "]" } ?? line
            }.sorted()
        } else {
            failedExpectations = []
            metExpectations = 0
            violations = [:]
        }
    }

    public init(exitCode: Int32, violations: [String: Int], failedExpectations: [String], metExpectations: Int) {
        self.exitCode = exitCode
        self.violations = violations
        self.failedExpectations = failedExpectations
        self.metExpectations = metExpectations
    }
}
