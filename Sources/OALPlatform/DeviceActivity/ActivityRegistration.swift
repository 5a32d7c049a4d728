import Foundation

/// One monitored activity as the emulated OS remembers it.
public struct ActivityRegistration: Codable, Hashable, Sendable {
    public var name: String
    public var schedule: DeviceActivitySchedule
    /// Event name → threshold; names are opaque to the platform.
    public var events: [String: DeviceActivityEvent]
    public var registeredAt: Date
    /// Bumped by every `startMonitoring` of this name. Threshold accounting
    /// belongs to one generation, so a restart starts counting from zero, as
    /// on iOS.
    public var generation: Int

    public init(
        name: String, schedule: DeviceActivitySchedule, events: [String: DeviceActivityEvent],
        registeredAt: Date, generation: Int
    ) {
        self.name = name
        self.schedule = schedule
        self.events = events
        self.registeredAt = registeredAt
        self.generation = generation
    }

    private enum CodingKeys: String, CodingKey {
        case name, schedule, eventGroups, registeredAt, generation
    }

    /// Format version 2: the events as `ThresholdGroup`s (version 1's
    /// one-object-per-event form is read by `ActivityRegistryV1`).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        schedule = try container.decode(DeviceActivitySchedule.self, forKey: .schedule)
        registeredAt = try container.decode(Date.self, forKey: .registeredAt)
        generation = try container.decode(Int.self, forKey: .generation)
        var events: [String: DeviceActivityEvent] = [:]
        for group in try container.decodeIfPresent([ThresholdGroup].self, forKey: .eventGroups) ?? [] {
            try group.events(into: &events, codingPath: container.codingPath + [CodingKeys.eventGroups])
        }
        self.events = events
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(schedule, forKey: .schedule)
        if !events.isEmpty { try container.encode(ThresholdGroup.groups(of: events), forKey: .eventGroups) }
        try container.encode(registeredAt, forKey: .registeredAt)
        try container.encode(generation, forKey: .generation)
    }

    /// The counted use at which `event` is owed its
    /// `eventWillReachThresholdWarning`: the schedule's warning time before
    /// its threshold, in seconds. A warning time longer than the threshold
    /// warns at the start of counting, as Apple clamps it to the interval's
    /// start (`DeviceActivitySchedule.init(intervalStart:intervalEnd:repeats:warningTime:)`).
    /// Nil when the schedule has no warning time.
    public func warningUsage(of event: DeviceActivityEvent) -> Double? {
        guard let warning = schedule.warningSeconds else { return nil }
        return max(Double(event.thresholdMinutes * 60 - warning), 0)
    }

    /// The interval in progress at `instant`, if any.
    public func interval(at instant: Date, calendar: Calendar) -> DateInterval? {
        guard
            let interval = schedule.interval(
                containingOrAfter: instant, notBefore: registeredAt, calendar: calendar),
            interval.start <= instant, instant < interval.end
        else { return nil }
        return interval
    }
}

/// A callback the platform owes an extension but cannot deliver itself,
/// because it happened inside another process's API call (stopping an
/// activity mid-interval ends that interval). The emulated OS drains these.
public struct PendingCallback: Codable, Hashable, Sendable {
    public var kind: CallbackKind
    public var activity: String
    public var event: String?
    public var at: Date

    public init(kind: CallbackKind, activity: String, event: String? = nil, at: Date) {
        self.kind = kind
        self.activity = activity
        self.event = event
        self.at = at
    }
}
