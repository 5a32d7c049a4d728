import Foundation

extension EngineEvent {
    /// How a violation names the step it was found after.
    var oracleText: String {
        switch kind {
        case .boundary(let due): "\(due.kind.rawValue) \(due.activity)"
        case .threshold: "threshold"
        case .fault: "fault"
        case .notification: "notification"
        case .automation: "time-of-day automation"
        case .tick: "loop tick"
        case .leave: "leave"
        case .step(let index): "step \(index + 1)"
        case .end: "end"
        }
    }
}
