import Foundation
import OALDomain
import OALScenario
import OALSystem

/// The oracle's own day arithmetic: which local day an instant is in, and
/// where days start, asked of `Calendar` directly.
///
/// Written apart from `OALDomain.WallClock` on purpose, as `SpecModel` is
/// apart from the decision code: the app, its extensions and the device's
/// usage accounting count days with `WallClock` (plain offsets on a calm
/// day), so a usage truth counted with it would share any mistake it made
/// about where a day begins. Only `DayKey`, a value, comes from the domain.
struct SpecDays {
    let calendar: Calendar

    /// The local day containing `instant`.
    func day(_ instant: Date) -> DayKey {
        remembered(Self.lastDay, instant) {
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            return DayKey(year: parts.year ?? 1, month: parts.month ?? 1, day: parts.day ?? 1)
                ?? DayKey(year: 1, month: 1, day: 1)!
        }
    }

    /// The local day before the one containing `instant`.
    func previousDay(_ instant: Date) -> DayKey {
        remembered(Self.lastPreviousDay, instant) { day(start(instant).addingTimeInterval(-1)) }
    }

    /// The first instant of the local day containing `instant`.
    func start(_ instant: Date) -> Date {
        remembered(Self.lastStart, instant) { calendar.startOfDay(for: instant) }
    }

    /// The first instant of the local day after the one containing
    /// `instant` (where its day interval ends, whatever DST did to it).
    func startOfNextDay(after instant: Date) -> Date {
        calendar.dateInterval(of: .day, for: instant)?.end ?? instant.addingTimeInterval(86_400)
    }

    /// The last answers, kept: a judgement asks the day of one instant once
    /// per rule and check (`dateComponents` was a twentieth of judging),
    /// and the device's thread and the judge's ask of different instants
    /// at once, so one answer alone was mostly the other thread's. An
    /// answer depends on the calendar and the instant alone.
    private struct Answer<Value> {
        var calendar: Calendar
        var instant: Date
        var answer: Value
    }

    private static var kept: Int { 4 }

    /// `memo`'s answer for this calendar and `instant`; else `answer()`,
    /// kept in `memo` in place of its oldest.
    private func remembered<Value>(
        _ memo: LockedValue<[Answer<Value>]>, _ instant: Date, _ answer: () -> Value
    ) -> Value {
        let answers = memo.withLock { $0 }
        if let known = answers.first(where: { $0.instant == instant && $0.calendar == calendar }) {
            return known.answer
        }
        let value = answer()
        memo.withLock {
            $0.insert(Answer(calendar: calendar, instant: instant, answer: value), at: 0)
            if $0.count > Self.kept { $0.removeLast($0.count - Self.kept) }
        }
        return value
    }

    private static let lastDay = LockedValue<[Answer<DayKey>]>([])
    private static let lastPreviousDay = LockedValue<[Answer<DayKey>]>([])
    private static let lastStart = LockedValue<[Answer<Date>]>([])
}
