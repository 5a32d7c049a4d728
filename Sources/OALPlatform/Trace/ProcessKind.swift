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

extension ProcessKind {
    /// The executable that runs as this kind of process.
    public var executableName: String {
        switch self {
        case .app: "oal-app"
        case .monitor: "oal-monitor"
        case .shieldConfig: "oal-shield-config"
        case .shieldAction: "oal-shield-action"
        case .device: "oal-device"
        case .supervisor: "supervise"
        }
    }
}
