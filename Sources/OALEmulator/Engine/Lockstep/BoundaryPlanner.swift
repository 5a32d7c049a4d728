import Foundation
import OALPlatform

/// One interval edge, or the warning before one, the emulated OS owes the
/// monitor.
struct DueBoundary: Hashable {
    var time: Date
    var kind: CallbackKind
    var activity: String
    var key: String
}

/// Finds, for every registered activity, its next undelivered interval
/// edge. An activity registered mid-interval is owed its start at once,
/// which is how iOS treats a schedule that is already in progress.
///
/// A schedule with a warning time (`warningSeconds`) is also owed, in each
/// interval, `intervalWillStartWarning` that long before the start and
/// `intervalWillEndWarning` that long before the end (Apple's
/// `DeviceActivitySchedule.warningTime`: 10:00–11:00 warned 5 minutes
/// ahead warns at 9:55 and 10:55). The four come in that order, one at a
/// time, each under its own `BoundaryKey`, so a warning is delivered once,
/// across a device killed and resumed included. A warning longer than the
/// interval warns of its end right after its start. A warning whose edge
/// has already come (the activity was registered mid-interval, or the clock
/// jumped past the edge) is skipped: the edge itself is what is owed.
enum BoundaryPlanner {
    /// - Parameter owedSince: where a forward clock jump started: the
    ///   edges it passed are owed now, not skipped.
    static func next(
        registry: ActivityRegistry, delivered: Set<String>, now: Date, owedSince: Date? = nil, calendar: Calendar,
        memo: IntervalMemo = IntervalMemo()
    ) -> [DueBoundary] {
        memo.prune(keeping: registry)
        return registry.activities.keys.sorted().compactMap { name in
            guard let registration = registry.activities[name] else { return nil }
            return next(
                for: registration, delivered: delivered, now: now, owedSince: owedSince, calendar: calendar, memo: memo)
        }
    }

    private static func next(
        for registration: ActivityRegistration, delivered: Set<String>, now: Date, owedSince: Date?,
        calendar: Calendar, memo: IntervalMemo
    ) -> DueBoundary? {
        // Just before now, so an interval ending exactly now is still seen;
        // after a forward jump, from where it started.
        var probe = min(now, owedSince ?? now).addingTimeInterval(-0.001)
        // A jump may pass several intervals (a daily one, days): enough
        // steps to walk from where it started to the one in progress.
        for _ in 0..<(owedSince == nil ? 3 : 64) {
            guard let interval = memo.interval(of: registration, containingOrAfter: probe, calendar: calendar)
            else { return nil }
            let startKey = key(.intervalDidStart, registration, interval)
            let endKey = key(.intervalDidEnd, registration, interval)
            if let warning = registration.schedule.warningSeconds.map(TimeInterval.init) {
                let startWarning = key(.intervalWillStartWarning, registration, interval)
                let endWarning = key(.intervalWillEndWarning, registration, interval)
                if !delivered.contains(startKey), !delivered.contains(startWarning), interval.start > now {
                    return DueBoundary(
                        time: max(interval.start.addingTimeInterval(-warning), now), kind: .intervalWillStartWarning,
                        activity: registration.name, key: startWarning)
                }
                if delivered.contains(startKey), !delivered.contains(endKey), !delivered.contains(endWarning),
                    interval.end > now
                {
                    return DueBoundary(
                        time: max(interval.end.addingTimeInterval(-warning), now), kind: .intervalWillEndWarning,
                        activity: registration.name, key: endWarning)
                }
            }
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

/// The interval edges of every registered activity, computed with the
/// calendar once per registration (and time zone) and interval instead of
/// at every step.
///
/// Sound because `DeviceActivitySchedule.interval(containingOrAfter:)` is
/// constant between a probe and the end of the interval it answered: if it
/// answers R for p0, it answers R for every p in [p0, R.end) (a daily
/// interval is the first one ending after the probe, and the ones before R
/// all end by p0; a date-time interval is fixed). A new registration
/// (generation), schedule or time zone is a new key, so nothing is reused
/// across a registry change, a clock jump moves the probe out of every
/// cached range, and nil answers are never cached.
final class IntervalMemo {
    private struct Key: Hashable {
        var name: String
        var generation: Int
        var registeredAt: Date
        var schedule: DeviceActivitySchedule
        var timeZone: String
        var calendar: Calendar.Identifier
    }

    private struct Answer {
        var probe: Date
        var interval: DateInterval
    }

    private var answers: [Key: [Answer]] = [:]
    private(set) var hits = 0
    private(set) var misses = 0

    func interval(of registration: ActivityRegistration, containingOrAfter probe: Date, calendar: Calendar)
        -> DateInterval?
    {
        let key = Key(
            name: registration.name, generation: registration.generation, registeredAt: registration.registeredAt,
            schedule: registration.schedule, timeZone: calendar.timeZone.identifier,
            calendar: calendar.identifier)
        if let answer = answers[key]?.first(where: { $0.probe <= probe && probe < $0.interval.end }) {
            hits += 1
            return answer.interval
        }
        misses += 1
        guard
            let interval = registration.schedule.interval(
                containingOrAfter: probe, notBefore: registration.registeredAt, calendar: calendar)
        else { return nil }
        var list = answers[key, default: []]
        list.append(Answer(probe: probe, interval: interval))
        if list.count > 6 { list.removeFirst(list.count - 6) }
        answers[key] = list
        return interval
    }

    /// Forgets registrations the registry no longer has (bounded memory
    /// over a long run).
    func prune(keeping registry: ActivityRegistry) {
        guard answers.count > 4 * max(registry.activities.count, 8) else { return }
        answers = answers.filter { registry.activities[$0.key.name]?.generation == $0.key.generation }
    }
}
