import Foundation

/// The emulated OS's running totals behind DeviceActivity events: how long
/// covered apps have been frontmost in each activity's current interval.
///
/// Only the emulated OS reads or writes this; apps and extensions learn of
/// usage solely through `eventDidReachThreshold`, as on iOS.
public struct UsageAccounting: Codable, Hashable, Sendable {
    public struct Counter: Codable, Hashable, Sendable {
        public var generation: Int
        public var intervalStart: Date
        public var usedSeconds: [String: Double]
        public var reached: Set<String>
    }

    /// One event whose threshold was crossed, and when.
    public struct Crossing: Hashable, Sendable {
        public var activity: String
        public var event: String
        public var at: Date
    }

    public var counters: [String: Counter]

    public init(counters: [String: Counter] = [:]) {
        self.counters = counters
    }

    /// Adds the time `app` was frontmost over `[from, to)` to every event
    /// that covers it, and returns the thresholds crossed, in time order.
    ///
    /// The caller steps time so that no interval boundary falls strictly
    /// inside `[from, to)`; usage is clipped to the interval in progress at
    /// `from` all the same.
    public mutating func accrue(
        app: InstalledApp, from: Date, to: Date, registry: ActivityRegistry, catalog: InstalledAppCatalog,
        calendar: Calendar
    ) -> [Crossing] {
        guard to > from else { return [] }
        var crossings: [Crossing] = []
        for (name, registration) in registry.activities.sorted(by: { $0.key < $1.key }) {
            guard let interval = registration.interval(at: from, calendar: calendar) else { continue }
            let countFrom = max(from, registration.registeredAt, interval.start)
            let countTo = min(to, interval.end)
            guard countTo > countFrom else { continue }
            var counter = freshCounter(for: registration, interval: interval, name: name)
            for (eventName, event) in registration.events.sorted(by: { $0.key < $1.key })
            where catalog.selection(event.selection, covers: app) {
                let before = counter.usedSeconds[eventName, default: 0]
                let after = before + countTo.timeIntervalSince(countFrom)
                counter.usedSeconds[eventName] = after
                let threshold = Double(event.thresholdMinutes * 60)
                if !counter.reached.contains(eventName), after >= threshold {
                    counter.reached.insert(eventName)
                    crossings.append(
                        Crossing(activity: name, event: eventName, at: countFrom.addingTimeInterval(threshold - before))
                    )
                }
            }
            counters[name] = counter
        }
        return crossings.sorted { ($0.at, $0.activity, $0.event) < ($1.at, $1.activity, $1.event) }
    }

    /// How long `app` can stay frontmost from `instant` before the next
    /// threshold it counts towards is crossed; nil when none is ahead.
    public func secondsUntilNextThreshold(
        app: InstalledApp, at instant: Date, registry: ActivityRegistry, catalog: InstalledAppCatalog,
        calendar: Calendar
    ) -> TimeInterval? {
        var best: TimeInterval?
        for (name, registration) in registry.activities {
            guard let interval = registration.interval(at: instant, calendar: calendar),
                instant >= registration.registeredAt
            else { continue }
            let counter = freshCounter(for: registration, interval: interval, name: name)
            for (eventName, event) in registration.events
            where !counter.reached.contains(eventName) && catalog.selection(event.selection, covers: app) {
                let remaining = Double(event.thresholdMinutes * 60) - counter.usedSeconds[eventName, default: 0]
                best = min(best ?? remaining, max(0, remaining))
            }
        }
        return best
    }

    /// Forgets counters of activities that are no longer registered.
    public mutating func prune(to registry: ActivityRegistry) {
        counters = counters.filter { registry.activities[$0.key] != nil }
    }

    private func freshCounter(for registration: ActivityRegistration, interval: DateInterval, name: String)
        -> Counter
    {
        if let existing = counters[name], existing.generation == registration.generation,
            existing.intervalStart == interval.start
        {
            return existing
        }
        return Counter(
            generation: registration.generation, intervalStart: interval.start, usedSeconds: [:], reached: [])
    }
}
