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
                let covered = coveredSeconds(of: entry, on: day, catalog: catalog)
                setCarried(max(0, spent - covered), rule: entry.rule.id, day: day)
                carryTravelShift(from: was, to: entry, day: day, catalog: catalog)
            }
        }
    }

    /// The seconds `entry`'s rule really spent on `day`: its apps' use
    /// now, plus what a change of its apps carried.
    func ruleSeconds(_ entry: UserRules.Entry, on day: DayKey, catalog: InstalledAppCatalog) -> TimeInterval {
        coveredSeconds(of: entry, on: day, catalog: catalog)
            + (spec.carried?[CanonicalUUID.string(entry.rule.id)]?[day.description] ?? 0)
    }

    /// The seconds `entry`'s apps covered of `day`'s real use (kept until
    /// the truth changes).
    func coveredSeconds(of entry: UserRules.Entry, on day: DayKey, catalog: InstalledAppCatalog) -> TimeInterval {
        covered.seconds(of: entry, on: day, catalog: catalog, tokenChanges: spec.tokenChanges) {
            coveredSeconds(on: day, catalog: catalog) { entry.covers($0) }
        }
    }

    /// A day travel made overlap another counts the old apps' use before
    /// the travel twice in DeviceActivity, and the rule's ledger keeps that
    /// across the edit as it keeps the rest: what the new apps' own use
    /// before the travel does not account for is carried too (explore seed
    /// 715: a day moved into by travel east, its list then edited to apps
    /// never used, blocked at once).
    private func carryTravelShift(
        from was: UserRules.Entry, to entry: UserRules.Entry, day: DayKey, catalog: InstalledAppCatalog
    ) {
        guard let found = travel(into: day), !found.reentered else { return }
        let before = travelShift(found, of: was, day: day, catalog: catalog)
        let after = travelShift(found, covering: { entry.covers(bundle: $0, in: catalog) })
        var carried = spec.carriedTravel ?? [:]
        let seconds = max(0, before - after)
        carried[CanonicalUUID.string(entry.rule.id), default: [:]][day.description] = seconds > 0 ? seconds : nil
        if carried[CanonicalUUID.string(entry.rule.id)]?.isEmpty == true {
            carried[CanonicalUUID.string(entry.rule.id)] = nil
        }
        spec.carriedTravel = carried.isEmpty ? nil : carried
    }

    /// `travelShift` for `entry`'s apps now, plus what a change of its
    /// apps carried of it.
    func travelShift(_ found: TravelOverlap, of entry: UserRules.Entry, day: DayKey, catalog: InstalledAppCatalog)
        -> TimeInterval
    {
        travelShift(found, covering: { entry.covers(bundle: $0, in: catalog) })
            + (spec.carriedTravel?[CanonicalUUID.string(entry.rule.id)]?[day.description] ?? 0)
    }

    private func setCarried(_ seconds: TimeInterval, rule: UUID, day: DayKey) {
        var carried = spec.carried ?? [:]
        carried[CanonicalUUID.string(rule), default: [:]][day.description] = seconds > 0 ? seconds : nil
        if carried[CanonicalUUID.string(rule)]?.isEmpty == true { carried[CanonicalUUID.string(rule)] = nil }
        spec.carried = carried.isEmpty ? nil : carried
    }
}
