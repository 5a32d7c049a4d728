import Foundation

/// A usage-threshold event on an activity: fires when the rule's apps
/// have been used `thresholdMinutes` in total since the interval started.
/// The apps are the rule's resolved selection, which the caller attaches.
public struct MonitoredEvent: Hashable, Codable, Sendable {
    public var name: EventName
    public var thresholdMinutes: Int { name.minutes }

    public init(name: EventName) {
        self.name = name
    }
}
