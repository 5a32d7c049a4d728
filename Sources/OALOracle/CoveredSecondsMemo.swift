import Foundation
import OALDomain
import OALPlatform

/// What a rule's apps covered of a day's real use, kept until the usage
/// truth or the calendar changes (the oracle forgets it then).
///
/// A judgement asks it of every rule several times (the agreement, the
/// shields, the labels, each quiet instant), and each answer walked every
/// app's use of the day through three hashed lookups: a fifth of judging.
/// An answer is for one rule's coverage (its mode and list), one catalog
/// and the apps' token changes known then; it is checked against all three
/// before it is given back. (Forgetting at every change of the spec facts
/// kept nothing: the enforcement check writes them for every rule.)
struct CoveredSecondsMemo {
    private struct Key: Hashable {
        var rule: UUID
        var day: DayKey
    }

    private struct Known {
        var mode: SelectionMode
        var selection: AppSelection?
        var catalog: InstalledAppCatalog
        var tokenChanges: [String: TokenChange]?
        var seconds: TimeInterval
    }

    private var known: [Key: Known] = [:]

    /// Every answer is stale: the truth or the calendar it was read with moved.
    mutating func forget() {
        if !known.isEmpty { known.removeAll(keepingCapacity: true) }
    }

    /// The kept answer for `entry` on `day` with `catalog` and
    /// `tokenChanges`, or `compute()`'s, kept.
    mutating func seconds(
        of entry: UserRules.Entry, on day: DayKey, catalog: InstalledAppCatalog,
        tokenChanges: [String: TokenChange]?, compute: () -> TimeInterval
    ) -> TimeInterval {
        let key = Key(rule: entry.rule.id, day: day)
        let mode = entry.mode
        if let found = known[key], found.mode == mode, found.selection == entry.selection, found.catalog == catalog,
            found.tokenChanges == tokenChanges
        {
            return found.seconds
        }
        let seconds = compute()
        known[key] = Known(
            mode: mode, selection: entry.selection, catalog: catalog, tokenChanges: tokenChanges, seconds: seconds)
        return seconds
    }
}
