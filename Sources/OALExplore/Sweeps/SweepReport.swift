import Foundation
import OALEmulator
import OALOracle
import OALScenario
import OALSystem

/// What a sweep, a race sweep or a swarm says when it is done: one outcome
/// per rerun, the JUnit file (`--junit`) and the exit code, the same way
/// for all three.
public protocol SweepReport: Sendable {
    associatedtype Outcome: SweepOutcome

    /// `crash-point sweep`, `race sweep`, `seed swarm`: the index's and the
    /// JUnit suite's title, before ` of SCENARIO`.
    static var title: String { get }
    /// The JUnit class name's first word (`sweep.NAME`).
    static var testClass: String { get }

    var outcomes: [Outcome] { get }
    /// The listing run, with nothing added (nil: none, a swarm).
    var listing: FaultRun.Verdict? { get }
    var scenario: String { get }
    var shard: Shard? { get }

    func render(color: ColorPolicy) -> String
}

extension SweepReport {
    public var failed: [Outcome] { outcomes.filter { !$0.verdict.passed } }

    /// The worst way a run ended, the listing run's included: it picks the
    /// exit code (docs/PROCESSES.md).
    public var worst: FaultRun.Verdict.Kind {
        (outcomes.map(\.verdict.kind) + [listing?.kind ?? .passed]).max() ?? .passed
    }

    /// One test case per rerun (`--junit`).
    public func junit() -> JUnitReport {
        let name = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
        return JUnitReport(
            name: "\(Self.title) of \(name)" + shardText,
            cases: outcomes.map {
                JUnitReport.testCase(
                    classname: "\(Self.testClass).\(name)", name: $0.testName, verdict: $0.verdict,
                    output: $0.testOutput)
            })
    }

    /// ` (shard 2/3)`, or nothing unsharded.
    var shardText: String { shard.map { " (shard \($0))" } ?? "" }

    /// ` (1 violation, 2 crash)`: the failures by kind, empty when none.
    var countsText: String {
        let kinds = outcomes.map(\.verdict.kind)
        let parts = [FaultRun.Verdict.Kind.violation, .stopped, .crash].compactMap { kind -> String? in
            let count = kinds.filter { $0 == kind }.count
            return count == 0 ? nil : "\(count) \(kind)"
        }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    /// A failed rerun's `reproduce:` and `report:` lines.
    func reproduceLines(_ verdict: FaultRun.Verdict) -> String {
        "  reproduce: \(verdict.reproduce)\n" + (verdict.report.map { "  report: \($0)\n" } ?? "")
    }
}
