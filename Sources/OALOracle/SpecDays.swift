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
        day(calendar.startOfDay(for: instant).addingTimeInterval(-1))
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

    /// The last answer, kept: a judgement asks the day of one instant once
    /// per rule and check (`dateComponents` was a twentieth of judging).
    /// An answer depends on the calendar and the instant alone.
    private struct Answer<Value> {
        var calendar: Calendar
        var instant: Date
        var answer: Value
    }

    /// `memo`'s answer when it is for this calendar and `instant`; else
    /// `answer()`, kept in `memo`.
    private func remembered<Value>(
        _ memo: LockedValue<Answer<Value>?>, _ instant: Date, _ answer: () -> Value
    ) -> Value {
        if let known = memo.withLock({ $0 }), known.instant == instant, known.calendar == calendar {
            return known.answer
        }
        let value = answer()
        memo.withLock { $0 = Answer(calendar: calendar, instant: instant, answer: value) }
        return value
    }

    private static let lastDay = LockedValue<Answer<DayKey>?>(nil)
    private static let lastStart = LockedValue<Answer<Date>?>(nil)
}
