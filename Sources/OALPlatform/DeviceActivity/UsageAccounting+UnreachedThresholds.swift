import Foundation

/// Thresholds that fire unreached: iOS 26.2 delivers every threshold event
/// of an activity at once at the first pickup after its interval starts
/// (FB21267341), whatever the use. Modelled by the `thresholds-at-once`
/// fault (docs/FAULTS.md); the platform has no other caller.
extension UsageAccounting {
    /// Marks every threshold of the activities `matches` accepts, in the
    /// interval in progress at `instant`, as reached (and warned, so no
    /// warning follows its threshold) and returns one crossing per event
    /// at `instant`, in the events' numeric order (`minutes-2` before
    /// `minutes-10`). Marked reached, a real use later delivers none of
    /// them again, as a reached threshold is delivered once per interval.
    public mutating func reachAllUnreached(
        registry: ActivityRegistry, at instant: Date, catalog: InstalledAppCatalog, calendar: Calendar,
        intervals: IntervalLookup? = nil, where matches: (String) -> Bool
    ) -> [Crossing] {
        let intervalAt = intervals ?? { $0.interval(at: $1, calendar: calendar) }
        var crossings: [Crossing] = []
        for (name, registration) in registry.activities.sorted(by: { $0.key < $1.key })
        where matches(name) && !registration.events.isEmpty && instant >= registration.registeredAt {
            guard let interval = intervalAt(registration, instant) else { continue }
            var counter = currentCounter(
                for: registration, interval: interval, name: name, before: instant, catalog: catalog,
                calendar: calendar)
            let events = registration.events.keys.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
            for event in events where !counter.reached.contains(event) {
                counter.reached.insert(event)
                counter.markWarned(event)
                crossings.append(Crossing(kind: .eventDidReachThreshold, activity: name, event: event, at: instant))
            }
            counters[name] = counter
        }
        return crossings
    }
}
