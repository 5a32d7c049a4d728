import Foundation

/// The one door from the engine to the oracle's facts: a value.
extension DeviceEngine {
    /// What the oracle is shown after the step it names `oracleAfter`.
    var observation: OracleObservation {
        OracleObservation(
            after: stepText(oracleAfter), now: now, calendar: calendar,
            callbacksDelivered: run.spec.paths.deliversCallbacks, frontmost: state.frontmost, files: view)
    }

    /// `step N` as the scenario line it names, for a violation's `after`.
    func stepText(_ step: String) -> String {
        guard step.hasPrefix("step "), let index = Int(step.dropFirst(5)), scenario.steps.indices.contains(index - 1)
        else { return step }
        let line = scenario.steps[index - 1]
        return "line \(line.line): \(line.text)"
    }
}
