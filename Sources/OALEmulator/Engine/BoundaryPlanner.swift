import Foundation
import OALPlatform

/// One interval edge the emulated OS owes the monitor.
struct DueBoundary: Hashable {
    var time: Date
    var kind: CallbackKind
    var activity: String
    var key: String
}

/// Finds, for every registered activity, its next undelivered interval
/// edge. An activity registered mid-interval is owed its start at once,
/// which is how iOS treats a schedule that is already in progress.
enum BoundaryPlanner {
    static func next(
        registry: ActivityRegistry, delivered: Set<String>, now: Date, calendar: Calendar
    ) -> [DueBoundary] {
        registry.activities.keys.sorted().compactMap { name in
            guard let registration = registry.activities[name] else { return nil }
            return next(for: registration, delivered: delivered, now: now, calendar: calendar)
        }
    }

    private static func next(
        for registration: ActivityRegistration, delivered: Set<String>, now: Date, calendar: Calendar
    ) -> DueBoundary? {
        // Just before now, so an interval ending exactly now is still seen.
        var probe = now.addingTimeInterval(-0.001)
        for _ in 0..<3 {
            guard
                let interval = registration.schedule.interval(
                    containingOrAfter: probe, notBefore: registration.registeredAt, calendar: calendar)
            else { return nil }
            let startKey = key(.intervalDidStart, registration, interval)
            let endKey = key(.intervalDidEnd, registration, interval)
            if !delivered.contains(startKey) {
                // An interval that ended before it was ever started (the
                // activity was registered after it) is skipped, not owed.
                if interval.end > now {
                    return DueBoundary(
                        time: max(interval.start, now), kind: .intervalDidStart, activity: registration.name,
                        key: startKey)
                }
            } else if !delivered.contains(endKey) {
                return DueBoundary(
                    time: max(interval.end, now), kind: .intervalDidEnd, activity: registration.name, key: endKey)
            }
            probe = interval.end
        }
        return nil
    }

    private static func key(_ edge: CallbackKind, _ registration: ActivityRegistration, _ interval: DateInterval)
        -> String
    {
        BoundaryKey.make(
            edge, activity: registration.name, generation: registration.generation, intervalStart: interval.start)
    }
}
