import Foundation
import OALPlatform

/// Time-zone travel. DeviceActivity schedules are wall-clock components
/// with no zone, so a new zone moves every edge. Apple does not document
/// what becomes of an interval in progress; the emulated iOS ends it at the
/// travel (its `intervalDidEnd` is owed now) and starts the interval the
/// new wall clock is in, as it would for a schedule registered then
/// (docs/DOMAIN.md, "Time-zone travel").
extension DeviceEngine {
    /// Owes the end of every interval in progress on the old wall clock
    /// that `travelled` puts elsewhere. Called before the calendar changes.
    func oweEndsOfIntervalsMoved(by travelled: Calendar) throws {
        var owed = state.endsOwed ?? []
        let probe = now.addingTimeInterval(-0.001)
        for (name, registration) in try view.registry().activities.sorted(by: { $0.key < $1.key }) {
            guard
                let old = registration.schedule.interval(
                    containingOrAfter: probe, notBefore: registration.registeredAt, calendar: calendar),
                old.start <= now, now <= old.end
            else { continue }
            let started = BoundaryKey.make(
                .intervalDidStart, activity: name, generation: registration.generation, intervalStart: old.start)
            let ended = BoundaryKey.make(
                .intervalDidEnd, activity: name, generation: registration.generation, intervalStart: old.start)
            let moved = registration.schedule.interval(
                containingOrAfter: probe, notBefore: registration.registeredAt, calendar: travelled)
            if let moved, moved != old { startAgainIfEndedByTravel(name, registration, moved) }
            guard state.delivered.contains(started), !state.delivered.contains(ended), moved != old,
                !owed.contains(where: { $0.key == ended })
            else { continue }
            owed.append(DeviceState.OwedEnd(activity: name, key: ended))
        }
        state.endsOwed = owed.isEmpty ? nil : owed
    }

    /// A round trip (Paris, Santiago, Paris) brings the wall clock back into
    /// an interval an earlier travel ended: both its edges are delivered, so
    /// without this it would never start again, nor end, and a day-keyed
    /// activity would never hand over to the next day (explore seed 100).
    /// The interval the new wall clock is in starts as for a schedule
    /// registered now; an interval that ended on its own is over in every
    /// zone it comes back to (its end is before now), so it is never
    /// started twice.
    private func startAgainIfEndedByTravel(
        _ name: String, _ registration: ActivityRegistration, _ moved: DateInterval
    ) {
        guard moved.start <= now, now < moved.end else { return }
        let started = BoundaryKey.make(
            .intervalDidStart, activity: name, generation: registration.generation, intervalStart: moved.start)
        let ended = BoundaryKey.make(
            .intervalDidEnd, activity: name, generation: registration.generation, intervalStart: moved.start)
        guard state.delivered.contains(started), state.delivered.contains(ended) else { return }
        state.delivered.remove(started)
        state.delivered.remove(ended)
    }

    /// The owed ends still deliverable: an activity stopped or registered
    /// again since the travel has no interval left to end.
    func owedEnds(in registry: ActivityRegistry) -> [DueBoundary] {
        (state.endsOwed ?? []).compactMap { owed in
            guard let registration = registry.activities[owed.activity],
                owed.key.hasPrefix(
                    "\(CallbackKind.intervalDidEnd.rawValue)|\(owed.activity)|\(registration.generation)|")
            else { return nil }
            return DueBoundary(time: now, kind: .intervalDidEnd, activity: owed.activity, key: owed.key)
        }
    }

    /// `key` delivered: no longer owed, and owed ends whose activity is gone
    /// are forgotten.
    func settleOwedEnds(delivered key: String, in registry: ActivityRegistry) {
        guard state.endsOwed != nil else { return }
        let live = Set(owedEnds(in: registry).map(\.key))
        let left = (state.endsOwed ?? []).filter { $0.key != key && live.contains($0.key) }
        state.endsOwed = left.isEmpty ? nil : left
    }
}
