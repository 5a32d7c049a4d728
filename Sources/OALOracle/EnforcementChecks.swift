import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import OALScenario

/// The checks that judge what the user sees against the spec model, with
/// the truth taken from outside the system under test (docs/ORACLE.md):
/// the rules from the app's database, usage from the device's own record
/// of what was frontmost, granted opens from the presses the device saw,
/// the decision from `SpecModel`, the result from the union of the
/// ManagedSettings stores.
extension Oracle {
    /// `usage: false` leaves out `usage-not-lost`, which reads the
    /// emulator's usage ledger: between events (the ledger only moves on
    /// callbacks) and in a guest run (its App Group is its own keys).
    func checkEnforcement(_ view: OracleView, usage: Bool = true) {
        lastCatalog = view.catalog
        let model = specModel
        func day(_ entry: UserRules.Entry) -> SpecModel.UserDay { userDay(entry, catalog: view.catalog) }
        let active = userRules.entries.filter { model.shields($0.rule, at: now, day: day($0)) }

        for app in view.catalog.apps where app.bundleIdentifier != InstalledAppCatalog.openAppLockBundleIdentifier {
            let holders = active.filter { SpecModel.covers(mode: $0.mode, selection: $0.selection, app: app) }
            let stores = view.effective.storesShielding(app.token, category: app.category)
            judge(subject: app.name, key: "app|\(app.name)", holders: holders, stores: stores)
            noteChangedToken(app, active: active, holders: holders, stores: stores)
        }
        for domain in view.catalog.webDomains {
            judge(
                subject: domain.domain, key: "web|\(domain.domain)",
                holders: active.filter {
                    SpecModel.covers(mode: $0.mode, selection: $0.selection, domain: domain.token)
                },
                stores: view.effective.stores.filter {
                    $0.value.shield.shields(domain.token, category: domain.category)
                }.map(\.key).sorted())
        }
        let filtering = active.filter { model.filtersAdultContent($0.rule, at: now, day: day($0)) }
        judge(
            subject: "the adult-website filter", key: "filter", holders: filtering,
            stores: view.effective.stores.filter { $0.value.webContentBlockedByFilter == true }.map(\.key).sorted())
        checkStoreScope(view)
        if usage { checkUsageNotLost(view, day: day) }
    }

    /// One app, domain or the filter: shielded exactly when some rule the
    /// user has shields it now (strictest wins: one is enough).
    private func judge(subject: String, key: String, holders: [UserRules.Entry], stores: [String]) {
        report.checksRun += 1
        let expected = !holders.isEmpty
        if expected == !stores.isEmpty {
            for check in [OracleCheck.underEnforced, .overEnforced] {
                resolved(check, key: key)
                expectedEnded(check, key: key)
            }
            spec.since[key] = nil
            return
        }
        let since = spec.since[key] ?? now
        spec.since[key] = since
        let rules = userRules.byID
        if expected {
            // Every rule that should shield it must be excused: any one
            // of them is enough to block it.
            let reasons = holders.map { (entry: $0, reason: namedReason(for: $0.rule, since: since)) }
            let names = holders.map(\.rule.name).joined(separator: ", ")
            let wanted = "\(subject) shielded (rule \(names) blocks it now)"
            if let unexcused = reasons.first(where: { $0.reason == nil })?.entry {
                violate(
                    .underEnforced, key: key, ruleID: unexcused.rule.id, ruleName: unexcused.rule.name,
                    expected: wanted, actual: "no store shields it (since \(localText(since)))")
            } else if let first = reasons.first {
                expect(
                    .underEnforced, key: key, ruleID: first.entry.rule.id, ruleName: first.entry.rule.name,
                    expected: wanted, actual: "no store shields it", reason: first.reason ?? "")
            }
        } else {
            // Every store shielding it must belong to a rule the user has
            // and be excused; a store of no rule only while the app's
            // change of rules was cut short (`orphanStoreReason`).
            let owners = stores.map { store in (store: store, entry: Self.ruleID(ofStore: store).flatMap { rules[$0] })
            }
            let reasons = owners.map { owner in
                owner.entry.map { namedReason(for: $0.rule, since: since) } ?? orphanStoreReason(since: since)
            }
            let shownAs = owners.map { owner in
                owner.entry.map { "\(owner.store) (rule \($0.rule.name))" } ?? "\(owner.store) (no such rule)"
            }.joined(separator: ", ")
            let wanted = "\(subject) not shielded: no rule the user has blocks it now"
            if let index = reasons.firstIndex(where: { $0 == nil }) {
                let entry = owners[index].entry
                violate(
                    .overEnforced, key: key, ruleID: entry?.rule.id ?? Self.ruleID(ofStore: owners[index].store),
                    ruleName: entry?.rule.name, expected: wanted,
                    actual: "shielded by \(shownAs) (since \(localText(since)))")
            } else {
                expect(
                    .overEnforced, key: key, ruleID: owners.first?.entry?.rule.id,
                    ruleName: owners.first?.entry?.rule.name, expected: wanted, actual: "shielded by \(shownAs)",
                    reason: reasons.compactMap { $0 }.first ?? "")
            }
        }
    }

    /// What the device knows of the user's day for one rule: the seconds
    /// its apps were really in front today, and the opens it granted.
    func userDay(_ entry: UserRules.Entry, catalog: InstalledAppCatalog) -> SpecModel.UserDay {
        let seconds = ruleSeconds(entry, on: days.day(now), catalog: catalog)
        return SpecModel.UserDay(coveredSeconds: seconds, grants: spec.grants[entry.rule.id] ?? [])
    }

    /// Whether the spec model says the user's rule `id` shields now; a rule
    /// the user does not have shields nothing.
    func modelShields(_ id: UUID, catalog: InstalledAppCatalog) -> Bool {
        guard let entry = userRules.byID[id] else { return false }
        return specModel.shields(entry.rule, at: now, day: userDay(entry, catalog: catalog))
    }

    static func ruleID(ofStore name: String) -> UUID? {
        name.hasPrefix("rule-") ? UUID(uuidString: String(name.dropFirst(5))) : nil
    }

    /// A rule's own store, whenever it shields anything, covers exactly
    /// what the rule's mode and list say, app by app and domain by domain
    /// (Allow Only: everything but the list's apps, categories and domains).
    private func checkStoreScope(_ view: OracleView) {
        for entry in userRules.entries {
            guard let store = view.effective.stores[ShieldController.storeName(for: entry.rule.id)],
                !store.shield.isEmpty
            else {
                resolved(.storeScope, key: CanonicalUUID.string(entry.rule.id))
                continue
            }
            report.checksRun += 1
            var wrong: [String] = []
            for app in view.catalog.apps where app.bundleIdentifier != InstalledAppCatalog.openAppLockBundleIdentifier {
                let want = SpecModel.covers(mode: entry.mode, selection: entry.selection, app: app)
                if store.shield.shields(app.token, category: app.category) != want {
                    wrong.append("\(app.name) \(want ? "not shielded" : "shielded")")
                }
            }
            for domain in view.catalog.webDomains {
                let want = SpecModel.covers(mode: entry.mode, selection: entry.selection, domain: domain.token)
                if store.shield.shields(domain.token, category: domain.category) != want {
                    wrong.append("\(domain.domain) \(want ? "not shielded" : "shielded")")
                }
            }
            let key = CanonicalUUID.string(entry.rule.id)
            let scopeKey = "\(key)|scope"
            if wrong.isEmpty {
                resolved(.storeScope, key: key)
                expectedEnded(.storeScope, key: key)
                divergenceSince[scopeKey] = nil
                continue
            }
            let since = divergenceSince[scopeKey] ?? now
            divergenceSince[scopeKey] = since
            let mode = entry.mode == .block ? "Block" : "Allow Only"
            let expected = "store rule-\(key) covers what \(mode) of its list covers"
            let actual = wrong.prefix(4).joined(separator: ", ") + (wrong.count > 4 ? ", …" : "")
            if let reason = staleScopeReason(since: since) {
                expect(
                    .storeScope, key: key, ruleID: entry.rule.id, ruleName: entry.rule.name, expected: expected,
                    actual: actual, reason: reason)
            } else {
                violate(
                    .storeScope, key: key, ruleID: entry.rule.id, ruleName: entry.rule.name, expected: expected,
                    actual: actual)
            }
        }
    }

    /// Usage is not lost: a time limit's ledger minutes for today keep up
    /// with what the user really spent on its apps (up to the budget: no
    /// threshold goes past it), unless its thresholds are withheld.
    private func checkUsageNotLost(_ view: OracleView, day: (UserRules.Entry) -> SpecModel.UserDay) {
        for entry in userRules.entries {
            guard case .timeLimit(let config) = entry.rule.configuration, entry.rule.isEnabled,
                specModel.onEnabledDay(entry.rule.days, now)
            else { continue }
            report.checksRun += 1
            let key = "\(CanonicalUUID.string(entry.rule.id))|\(view.day)"
            let real = Int((day(entry).coveredSeconds + 0.001) / 60)
            let owed = min(real, config.dailyLimitMinutes)
            let recorded = view.usageToday[entry.rule.id]?.minutesUsed ?? 0
            guard recorded + 1 < owed else {
                resolved(.usageNotLost, key: key)
                expectedEnded(.usageNotLost, key: key)
                continue
            }
            let wanted =
                "ledger minutesUsed ≥ \(owed - 1) on \(view.day) (the user spent \(real) min on its apps)"
            // A damaged journal excuses what the fault destroyed, no more.
            let withinLoss = recorded + 1 >= owed - usageDestroyed(entry.rule.id, day: view.day).minutes
            let reason =
                withinLoss
                ? usageDamageReason(for: entry.rule, day: view.day, since: now)
                    ?? namedReason(for: entry.rule, since: now, usageDamage: false)
                : namedReason(for: entry.rule, since: now, usageDamage: false)
            // A day lived again after travel: its thresholds cannot carry
            // what was filed on it before, no more.
            let bundles = apps(byBundleIn: view.catalog)
            let relived = travel(into: view.day).flatMap { found in
                let before = minutesBefore(found) { bundle in
                    bundles[bundle].map { SpecModel.covers(mode: entry.mode, selection: entry.selection, app: $0) }
                        ?? false
                }
                return found.reentered && recorded + 1 >= owed - before ? found : nil
            }
            excuseOrViolate(
                .usageNotLost, key: key, ruleID: entry.rule.id, ruleName: entry.rule.name, expected: wanted,
                actual: "minutesUsed \(recorded)",
                reason: reason ?? relived.map { travelReason($0, day: view.day) })
        }
    }

    /// The mirror never regresses: once every tap has settled, the App
    /// Group snapshots hold exactly the rules of the app's database.
    func checkMirror(_ view: OracleView) {
        guard spec.lastAppLaunchExited else { return }
        report.checksRun += 1
        let mirror = Dictionary(view.published.map { ($0.rule.id, $0) }, uniquingKeysWith: { a, _ in a })
        var wrong: [String] = []
        for entry in userRules.entries {
            guard let published = mirror[entry.rule.id] else {
                wrong.append("\(entry.rule.name) missing")
                continue
            }
            if let field = Self.mirrorDifference(published.rule, entry.rule) {
                wrong.append("\(entry.rule.name): \(field) differs")
            } else if (published.selection ?? .empty) != (entry.selection ?? .empty) {
                wrong.append("\(entry.rule.name): selection differs")
            }
        }
        let known = Set(userRules.entries.map(\.rule.id))
        for published in view.published where !known.contains(published.rule.id) {
            wrong.append("\(published.rule.name) present, but the app has no such rule")
        }
        if wrong.isEmpty {
            resolved(.mirrorCurrent, key: "mirror")
            expectedEnded(.mirrorCurrent, key: "mirror")
        } else if let damaged = spec.mirrorDamagedAt, (facts.lastRefresh ?? .distantPast) < damaged {
            expect(
                .mirrorCurrent, key: "mirror",
                expected: "rule-snapshots.json mirrors the app's database (\(userRules.entries.count) rule(s))",
                actual: wrong.joined(separator: "; "),
                reason: "a fault damaged the mirror at \(localText(damaged)); deadline: the app's next refresh")
        } else if let killed = spec.kills?.appKilled {
            expect(
                .mirrorCurrent, key: "mirror",
                expected: "rule-snapshots.json mirrors the app's database (\(userRules.entries.count) rule(s))",
                actual: wrong.joined(separator: "; "),
                reason: "the app (launch \(killed.launch)) was killed at \(localText(killed.time)) while changing "
                    + "rules, and only the app reads its own database; deadline: the app's next refresh")
        } else {
            violate(
                .mirrorCurrent, key: "mirror",
                expected: "rule-snapshots.json mirrors the app's database (\(userRules.entries.count) rule(s))",
                actual: wrong.joined(separator: "; "))
        }
    }

    /// The first field the mirror carries (docs/CONTRACT.md) on which a
    /// snapshot differs from the rule it mirrors; the list id and creation
    /// date are not mirrored.
    static func mirrorDifference(_ mirrored: Rule, _ rule: Rule) -> String? {
        if mirrored.name != rule.name { return "name" }
        if mirrored.isEnabled != rule.isEnabled { return "isEnabled" }
        if mirrored.hardMode != rule.hardMode { return "hardMode" }
        if mirrored.days != rule.days { return "dayNumbers" }
        if mirrored.configuration != rule.configuration { return "configuration" }
        switch (mirrored.pausedUntil, rule.pausedUntil) {
        case (nil, nil): return nil
        case (let a?, let b?): return abs(a.timeIntervalSince(b)) < 0.001 ? nil : "pausedUntil"
        default: return "pausedUntil"
        }
    }
}
