/// Which process of the architecture wrote a trace line; raw values are the
/// names used in the trace and the timeline.
public enum ProcessKind: String, Codable, CaseIterable, Sendable {
    case app
    case monitor
    case shieldConfig = "shield-config"
    case shieldAction = "shield-action"
    /// The DeviceActivityReport extension, launched when a report is looked at.
    case report
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
        case .report: "oal-report"
        case .device: "oal-device"
        case .supervisor: "supervise"
        }
    }
}
