import OALSystem

/// Whether a store syncs what it writes (docs/CONTRACT.md, "Durability"):
/// never (a kill keeps every acknowledged change, a power loss may not),
/// always, or whenever the device can lose power, asked at every write,
/// so a process started before its device began to model power loss (the
/// supervisor's app loop) syncs from the moment it does.
public enum StoreDurability: Sendable, Hashable, ExpressibleByBooleanLiteral {
    case never
    case always
    case whenPowerCanBeLost

    public init(booleanLiteral value: Bool) { self.init(value) }

    public init(_ value: Bool) { self = value ? .always : .never }

    /// Whether a write now is to be synced.
    public var syncsNow: Bool {
        switch self {
        case .never: false
        case .always: true
        case .whenPowerCanBeLost: SyncRecorder.isRecording
        }
    }
}
