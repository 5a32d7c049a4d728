import Foundation
import OALDomain
import OALPlatform

/// A list edit, or a rule moved to another list, changes which apps the
/// rule covers from then on, not what its day has already spent: spec §4
/// keeps a time limit's usage "in a per-rule, per-day usage ledger", and no
/// line of the spec resets it when the list changes (a spent budget that an
/// edit could reset would be a way out of the block, which the spec closes
/// for Hard Mode by locking the lists). So a rule's real usage of a day is
/// what its apps had when the change came, carried, plus what its new apps
/// add; a change that covers more counts the new apps' earlier minutes
/// (DeviceActivity counts an interval's past use of what it monitors).
extension Oracle {
    /// Carries each changed rule's usage so far across the change from
    /// `old` to `new`, for every day the device has counted.
    func carryUsage(from old: UserRules, to new: UserRules) {
        // Called at every observation: nothing is built unless a rule's
        // apps changed, which a tap does once in a while.
        let changed = new.entries.compactMap { entry -> (was: UserRules.Entry, now: UserRules.Entry)? in
            guard let was = old.entries.first(where: { $0.rule.id == entry.rule.id }),
                was.selection != entry.selection || was.mode != entry.mode
            else { return nil }
            return (was, entry)
        }
        guard !changed.isEmpty, let catalog = lastCatalog else { return }
        var counted: Set<DayKey> = []
        for perDay in truth.seconds.values { counted.formUnion(perDay.keys) }
        for (was, entry) in changed {
            for day in counted {
                let spent = ruleSeconds(was, on: day, catalog: catalog)
                let covered = coveredSeconds(on: day, catalog: catalog) { entry.covers($0) }
                setCarried(max(0, spent - covered), rule: entry.rule.id, day: day)
            }
        }
    }

    /// The seconds `entry`'s rule really spent on `day`: its apps' use
    /// now, plus what a change of its apps carried.
    func ruleSeconds(_ entry: UserRules.Entry, on day: DayKey, catalog: InstalledAppCatalog) -> TimeInterval {
        coveredSeconds(on: day, catalog: catalog) { entry.covers($0) }
            + (spec.carried?[entry.rule.id.uuidString]?[day.description] ?? 0)
    }

    private func setCarried(_ seconds: TimeInterval, rule: UUID, day: DayKey) {
        var carried = spec.carried ?? [:]
        carried[rule.uuidString, default: [:]][day.description] = seconds > 0 ? seconds : nil
        if carried[rule.uuidString]?.isEmpty == true { carried[rule.uuidString] = nil }
        spec.carried = carried.isEmpty ? nil : carried
    }
}
