import Foundation
import OALDomain
import OALStore

/// The usage ledger the oracle's view reads the day's usage through, kept
/// from one observation to the next so it folds only the lines appended
/// since (a fresh ledger folded each day's whole journal at every
/// observation: a fifth of the observation's cost in a month).
///
/// A kept ledger is trusted only while every journal it read has only
/// grown since, as the bytes the stores-parse check just read show: a
/// journal rewritten (compacted, quarantined and rebuilt, changed in place
/// with its size kept, removed) gets a fresh ledger, which reads it whole
/// as before. A new day gets a fresh one too, so a kept ledger never holds
/// more than two days' journals open.
final class ViewLedger {
    private var ledger: UsageLedger?
    private var today: DayKey?
    /// Each journal's bytes when the kept ledger last read it (nil: absent).
    private var seen: [DayKey: Data?] = [:]

    /// The ledger to read `journals`' days through, given their bytes now
    /// (nil: no file); `make` opens a fresh one.
    func ledger(today: DayKey, journals: [DayKey: Data?], make: () -> UsageLedger?) -> UsageLedger? {
        if let ledger, self.today == today,
            journals.allSatisfy({ day, bytes in Self.onlyGrew(from: seen[day] ?? nil, to: bytes) })
        {
            seen.merge(journals) { _, now in now }
            return ledger
        }
        ledger = make()
        self.today = today
        seen = journals
        return ledger
    }

    /// Whether a journal that held `earlier` and now holds `now` was only
    /// appended to (or left alone) in between.
    static func onlyGrew(from earlier: Data?, to now: Data?) -> Bool {
        guard let earlier else { return true }
        guard let now else { return false }
        return now == earlier || JournalResumption(now, grownFrom: earlier) != nil
    }
}
