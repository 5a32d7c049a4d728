import Foundation
import OALEmulator

/// One run of `oal-device check`: a library scenario, a generated day or
/// a crash point's rerun, with the findings it counts for.
public struct CheckOutcome: SweepOutcome {
    /// `library`, `generated` or `crash point`.
    public var part: String
    /// The scenario's path, `seed S: ZONE from ...`, or the crash site.
    public var name: String
    public var verdict: FaultRun.Verdict
    /// Its new failure (none or one) and the known findings it met.
    public var findings: [RunFinding]

    public var progressText: String {
        let found = findings.map { "\($0.signature.known == nil ? "FAIL" : "KNOWN") \($0.signature.name)" }
        return "\(part) \(name): " + (found.isEmpty ? "pass" : found.joined(separator: "; "))
    }
    public var indexLabel: String { "\(part) \(name)" }
    public var testName: String { "\(part) \(name)" }
    public var testOutput: String { findings.map { "finding: \($0.signature)" }.joined(separator: "\n") }
}
