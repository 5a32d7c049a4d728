import Foundation
import OALEmulator
import OALOracle
import OALScenario

/// What one rerun of a sweep found, and how it is named in the progress
/// line, the index and the JUnit file.
public protocol SweepOutcome: Sendable {
    var verdict: FaultRun.Verdict { get }
    /// Behind the progress meter as the rerun ends (`SITE: pass`).
    var progressText: String { get }
    /// Its row in `<root-base>/index.html`.
    var indexLabel: String { get }
    /// Its `<testcase>`'s name and `<system-out>` (before the reproduce line).
    var testName: String { get }
    var testOutput: String { get }
}
