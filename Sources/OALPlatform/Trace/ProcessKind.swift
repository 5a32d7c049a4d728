/// Which process of the architecture wrote a trace line; raw values are the
/// names used in the trace and the timeline.
public enum ProcessKind: String, Codable, CaseIterable, Sendable {
    case app
    case monitor
    case shieldConfig = "shield-config"
    case shieldAction = "shield-action"
    case device
    case supervisor
}
