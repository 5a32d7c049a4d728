import Foundation
import OALDomain
import OALScenario

/// What the user really did: seconds each app was frontmost, per local day,
/// counted by the device from its own record of `open`/`leave` (never from
/// anything a process wrote).
struct UsageTruth: Codable, Equatable, Sendable {
    /// Bundle id of the app in use since `since`.
    var frontmost: String?
    var since: Date?
    /// Seconds per bundle id per day.
    var seconds: [String: [DayKey: TimeInterval]] = [:]

    mutating func advance(to now: Date, calendar: Calendar) {
        defer { since = now }
        guard let bundle = frontmost, var from = since, now > from else { return }
        while from < now {
            let days = SpecDays(calendar: calendar)
            let to = min(now, days.startOfNextDay(after: from))
            // Kept in whole milliseconds (the trace's resolution): a sum
            // split at other instants (a resumed device observes where the
            // dead one did not) must come to the same value, not one a
            // rounding error away across a minute's edge (resume swarm
            // seed 247).
            let sum = (seconds[bundle]?[days.day(from)] ?? 0) + to.timeIntervalSince(from)
            seconds[bundle, default: [:]][days.day(from)] = (sum * 1000).rounded() / 1000
            from = to
        }
    }

    /// Seconds on `day` of the apps `covers` accepts.
    func seconds(on day: DayKey, where covers: (String) -> Bool) -> TimeInterval {
        seconds.filter { covers($0.key) }.reduce(0) { $0 + ($1.value[day] ?? 0) }
    }
}
