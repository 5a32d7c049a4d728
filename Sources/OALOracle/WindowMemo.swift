import Foundation
import OALDomain

/// The windows `SpecModel.window` found at one instant, kept until the
/// instant or the zone moves on. A judgement asks for the same rule's
/// window from several checks (shields, blocking, the status label, the
/// next start), each one a handful of calendar searches; the profile of a
/// month put them at half the judge's time (issue 36). The memo changes
/// no answer: the window is a function of these keys and the calendar,
/// and the oracle builds every `SpecModel` of one judgement on one
/// calendar.
final class WindowMemo {
    struct Key: Hashable {
        var start: Int
        var end: Int
        var days: DaySet
    }

    /// A window or the knowledge that none holds the instant.
    private struct Answer {
        var window: (start: Date, end: Date)?
    }

    private var instant: Date?
    private var calendar: Calendar?
    private var answers: [Key: Answer] = [:]

    /// The memo's answer for `key` at `instant` in `calendar`, computed by
    /// `find` the first time.
    func window(
        _ key: Key, at instant: Date, calendar: Calendar, find: () -> (start: Date, end: Date)?
    ) -> (start: Date, end: Date)? {
        if instant != self.instant || self.calendar != calendar {
            self.instant = instant
            self.calendar = calendar
            answers.removeAll(keepingCapacity: true)
        }
        if let answer = answers[key] { return answer.window }
        let window = find()
        answers[key] = Answer(window: window)
        return window
    }
}
