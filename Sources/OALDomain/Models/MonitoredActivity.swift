import Foundation

/// One activity to register with DeviceActivity.
public struct MonitoredActivity: Hashable, Codable, Sendable {
    public var name: ActivityName
    public var schedule: ActivitySchedule
    public var events: [MonitoredEvent]

    public init(name: ActivityName, schedule: ActivitySchedule, events: [MonitoredEvent] = []) {
        self.name = name
        self.schedule = schedule
        self.events = events
    }

    public var ruleID: UUID { name.ruleID }
}
