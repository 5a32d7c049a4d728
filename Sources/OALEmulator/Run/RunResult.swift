import Foundation

/// What a finished run found.
public struct RunResult: Sendable {
    public var met: Int
    /// Failed expectations, but for those a known finding of the guest app
    /// explains (`knownFailures`).
    public var failures: [String]
    /// Failed expectations a known finding of the guest app explains
    /// (docs/GUEST.md, "Findings"): each `MESSAGE (known finding ID)`.
    public var knownFailures: [String] = []
    /// The oracle's verdict (docs/ORACLE.md): violations fail the run,
    /// expected divergences are reported with their reason.
    public var violations: [Violation] = []
    public var expectedDivergences: [ExpectedDivergence] = []
    public var oracle = OracleReport()
    /// What a free-running run saw (nil in lockstep).
    public var freeRunning: FreeRunningReport?
    public var passed: Bool { failures.isEmpty && violations.isEmpty }
    /// Passed but for failures known findings explain: `oal-device run`
    /// exits 5 (docs/PROCESSES.md, "Exit codes").
    public var onlyKnownFindings: Bool { passed && !knownFailures.isEmpty }

    mutating func attach(_ report: OracleReport) {
        oracle = report
        violations = report.violations
        expectedDivergences = report.expectedDivergences
    }
}
