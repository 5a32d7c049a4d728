/// The DeviceActivityMonitor extension's principal class; the guest
/// subclasses it and the harness (`guest-monitor`) calls one method per
/// launch, as iOS starts the extension per callback.
open class DeviceActivityMonitor {
    public init() {}

    open func intervalDidStart(for activity: DeviceActivityName) {}
    open func intervalDidEnd(for activity: DeviceActivityName) {}
    open func eventDidReachThreshold(_ event: DeviceActivityEvent.Name, activity: DeviceActivityName) {}
    open func intervalWillStartWarning(for activity: DeviceActivityName) {}
    open func intervalWillEndWarning(for activity: DeviceActivityName) {}
    open func eventWillReachThresholdWarning(_ event: DeviceActivityEvent.Name, activity: DeviceActivityName) {}
}
