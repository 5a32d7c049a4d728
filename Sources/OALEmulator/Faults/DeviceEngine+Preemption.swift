import Foundation
import Glibc
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// The `preempt` fault: a launch stopped at a pause point while something
/// else runs (docs/FAULTS.md, "Race sweep").
extension DeviceEngine {
    /// While a preempted launch is stopped: the next scenario step, if it
    /// is due at this instant, runs now (its effects settled), as if the
    /// user acted while the process was between two of its steps.
    func interleaveNextStep() throws -> String? {
        guard state.stepsDone < scenario.steps.count, scenario.steps[state.stepsDone].time <= now else { return nil }
        let index = state.stepsDone
        let step = scenario.steps[index]
        state.stepsDone = index + 1
        try saveDeviceState()
        try perform(step)
        try settle()
        return "line \(step.line): \(step.text)"
    }
}
