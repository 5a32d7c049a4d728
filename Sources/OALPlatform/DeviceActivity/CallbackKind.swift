/// The DeviceActivityMonitor callbacks the emulated OS can deliver; raw
/// values are the method names, as they appear on command lines and in the
/// trace.
public enum CallbackKind: String, Codable, CaseIterable, Sendable {
    case intervalDidStart
    case intervalDidEnd
    case eventDidReachThreshold
    case intervalWillStartWarning
    case intervalWillEndWarning
    case eventWillReachThresholdWarning

    /// Whether the callback warns of an edge or a threshold still to come
    /// (sent only to a schedule with a `warningTime`).
    public var isWarning: Bool {
        self == .intervalWillStartWarning || self == .intervalWillEndWarning || self == .eventWillReachThresholdWarning
    }

    /// Whether the callback names an event as well as an activity.
    public var carriesEvent: Bool {
        self == .eventDidReachThreshold || self == .eventWillReachThresholdWarning
    }
}
