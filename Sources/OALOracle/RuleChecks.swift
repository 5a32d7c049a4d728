import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import OALScenario
import OALStore

extension Oracle {
    // MARK: - Hard Mode holds

    /// An `oal-app` command that exited 0: was it a mutation or unblock of
    /// (or a list change under) a Hard Mode rule that was actively blocking
    /// just before it ran? Judged on the view before the step.
    func checkHardMode(argv: [String]) {
        guard argv.count >= 2, let before = previousView else { return }
        report.checksRun += 1
        let (noun, verb) = (argv[0], argv[1])
        let rest = argv.dropFirst(2).joined(separator: " ")
        // The rules as the user had them before the tap (the app's database,
        // not the mirror), locked by the spec model on the real usage.
        let model = specModel
        let hardLocked = userRules.entries.filter {
            model.hardLocked($0.rule, at: now, day: userDay($0, catalog: before.catalog))
        }
        guard !hardLocked.isEmpty else { return }
        switch (noun, verb) {
        case ("rule", "edit"), ("rule", "disable"), ("rule", "delete"), ("rule", "unblock"):
            let target = hardLocked.filter {
                Self.names(rest, $0.rule.name) || Self.names(rest, CanonicalUUID.string($0.rule.id))
            }
            for published in target {
                excuseOrViolate(
                    .hardMode, key: "\(published.rule.id)|\(now)", ruleID: published.rule.id,
                    ruleName: published.rule.name,
                    expected: "`oal-app \(noun) \(verb)` refused (exit 2): Hard Mode rule actively blocking",
                    actual: "`oal-app \(argv.joined(separator: " "))` exited 0",
                    reason: unrecordedBudgetReason(published.rule, before))
            }
        case ("list", "edit"), ("list", "delete"):
            let names = hardLocked.map(\.rule.name).joined(separator: ", ")
            violate(
                .hardMode, key: "list|\(now)", expected: "app lists read-only while Hard Mode rule(s) \(names) block",
                actual: "`oal-app \(argv.joined(separator: " "))` exited 0")
        default:
            return
        }
    }

    /// Spec §4: Hard Mode gates a time limit once the ledger reports its
    /// budget spent. A budget the user really spent while a named reason
    /// (a threshold the platform holds back, a killed monitor, ...) keeps
    /// it from the ledger is not the app's to gate yet; `usage-not-lost`
    /// judges the ledger itself.
    func unrecordedBudgetReason(_ rule: Rule, _ view: OracleView) -> String? {
        guard let limit = rule.configuration.timeLimit,
            (view.usageToday[rule.id]?.minutesUsed ?? 0) < limit.dailyLimitMinutes,
            let reason = namedReason(for: rule, since: now)
        else { return nil }
        return "the budget is spent but not in the ledger (spec §4: Hard Mode gates a time limit once the ledger "
            + "reports it): \(reason)"
    }

    static func names(_ rest: String, _ name: String) -> Bool {
        rest.caseInsensitiveCompare(name) == .orderedSame || rest.lowercased().hasPrefix(name.lowercased() + " ")
    }

    // MARK: - Per-rule checks at a boundary

    /// `skipping`: the checks a guest cannot be judged by (GuestCheckGap).
    func checkRules(_ view: OracleView, skipping skipped: Set<OracleCheck> = []) {
        let model = specModel
        let dayBefore = calendar.date(byAdding: .day, value: -1, to: now) ?? now
        for published in view.published {
            let rule = published.rule
            let name = rule.name
            let shields = view.storeShields(rule.id)
            let key = CanonicalUUID.string(rule.id)

            // The app's decision stays inside this one check (AgreementCheck).
            if !skipped.contains(.agreement) { checkAgreement(published, in: view) }

            // Nothing invented: the block is justified by the user's rule and
            // the day's real usage, by the spec model (never the app's code).
            report.checksRun += 1
            let justified = modelShields(rule.id, catalog: view.catalog)
            if shields, !justified {
                let truthMinutes = truthMinutes(published, view: view, day: view.day)
                let opens = facts.granted[DeviceFacts.key(rule.id, view.day)] ?? 0
                let wanted =
                    "no shield: real usage today \(truthMinutes) min, \(opens) granted open(s)"
                    + (userRules.byID[rule.id] == nil ? ", and the user has no such rule" : "")
                if let reason = namedReason(for: rule, since: divergenceSince[key] ?? now) {
                    expect(
                        .blockNotInvented, key: key, ruleID: rule.id, ruleName: name, expected: wanted,
                        actual: "shielding", reason: reason)
                } else {
                    violate(
                        .blockNotInvented, ruleID: rule.id, ruleName: name, expected: wanted,
                        actual: "store rule-\(key) shielding")
                }
            } else {
                resolved(.blockNotInvented, key: key)
            }

            // Nothing invented: ledger minutes within the real usage.
            if case .timeLimit = rule.configuration, !skipped.contains(.usageNotInvented) {
                for (day, usage) in [(view.day, view.usageToday), (yesterday, view.usageYesterday)] {
                    report.checksRun += 1
                    let recorded = usage[rule.id]?.minutesUsed ?? 0
                    let real = truthMinutes(published, view: view, day: day)
                    if recorded > real + 1 {
                        // East, use before the travel counts on the new day
                        // too, up to what the old day holds (none when the
                        // date was kept) and the day before it when the new
                        // day began then.
                        let travelled = travel(into: day).flatMap { found in
                            let moved =
                                (found.keptDate ? 0 : truthMinutes(published, view: view, day: found.oldDay))
                                + (found.reachesBack.map { truthMinutes(published, view: view, day: $0) } ?? 0)
                                + Int((spec.carriedTravel?[CanonicalUUID.string(rule.id)]?[day.description] ?? 0) / 60)
                            return recorded <= real + 1 + moved ? found : nil
                        }
                        excuseOrViolate(
                            .usageNotInvented, key: "\(key)|\(day)", ruleID: rule.id, ruleName: name,
                            expected: "≤ \(real + 1) minute(s) on \(day) (the user spent \(real) on covered apps)",
                            actual: "ledger minutesUsed \(recorded)",
                            reason: travelled.map { travelReason($0, day: day) }
                                ?? unreachedThresholdReason(for: rule, day: day))
                    }
                }
            }

            // Nothing lost: delivered thresholds are in the ledger, on the
            // days the rule applies. Spec §4.4 spends a budget on an enabled
            // day only, so a threshold delivered on another day owes nothing
            // (the real app stopped recording those at c06ebf3).
            let owed = [(view.day, view.usageToday, now), (yesterday, view.usageYesterday, dayBefore)].filter {
                model.onEnabledDay(rule.days, $0.2)
            }
            for (day, usage, _) in owed where !skipped.contains(.minutesRecorded) {
                guard let delivered = facts.thresholdMinutes[DeviceFacts.key(rule.id, day)] else { continue }
                report.checksRun += 1
                let recorded = usage[rule.id]?.minutesUsed ?? 0
                if recorded < delivered {
                    let expected =
                        "ledger minutesUsed ≥ \(delivered) on \(day) (threshold minutes-\(delivered) delivered, exit 0)"
                    let withinLoss = recorded >= delivered - usageDestroyed(rule.id, day: day).minutes
                    excuseOrViolate(
                        .minutesRecorded, key: "\(key)|\(day)", ruleID: rule.id, ruleName: name,
                        expected: expected, actual: "minutesUsed \(recorded)",
                        reason: withinLoss ? usageDamageReason(for: rule, day: day, since: now) : nil)
                }
            }

            // Nothing lost / invented: opens spent exactly once per granted press.
            if rule.configuration.openLimit != nil, !skipped.contains(.opensExactlyOnce) {
                report.checksRun += 1
                let day = view.day
                let granted = facts.granted[DeviceFacts.key(rule.id, day)] ?? 0
                let spent = view.usageToday[rule.id]?.opensUsed ?? 0
                let unacknowledged = facts.unacknowledgedPresses[day.description] ?? 0
                if spent < granted {
                    let expected = "opensUsed ≥ \(granted) (granted presses that returned)"
                    let withinLoss = spent >= granted - usageDestroyed(rule.id, day: day).opens
                    excuseOrViolate(
                        .opensExactlyOnce, key: "\(key)|lost|\(day)", ruleID: rule.id, ruleName: name,
                        expected: expected, actual: "opensUsed \(spent)",
                        reason: withinLoss ? usageDamageReason(for: rule, day: day, since: now) : nil)
                } else if spent > granted + unacknowledged {
                    violate(
                        .opensExactlyOnce, key: "\(key)|extra|\(day)", ruleID: rule.id, ruleName: name,
                        expected: "opensUsed = \(granted) (granted presses; a denied press spends nothing)",
                        actual: "opensUsed \(spent)")
                }
                // Each grant against the budget of its press: a budget
                // lowered later does not take back the opens already used.
                if let budget = facts.grantedOverBudget?[DeviceFacts.key(rule.id, day)] {
                    violate(
                        .opensExactlyOnce, key: "\(key)|over|\(day)", ruleID: rule.id, ruleName: name,
                        expected: "at most \(budget) granted open(s) on \(day) (the budget when they were pressed)",
                        actual: "\(granted) granted")
                }
            }

            // A granted session is never cut short, and ends re-shielded.
            if let until = facts.sessions[rule.id] {
                report.checksRun += 1
                if now < until {
                    if shields, namedReason(for: rule, since: now) == nil {
                        violate(
                            .sessionHonoured, key: "\(key)|\(until)", ruleID: rule.id, ruleName: name,
                            expected: "store rule-\(key) clear until the session ends at \(localText(until))",
                            actual: "shielding mid-session")
                    }
                } else if modelShields(rule.id, catalog: view.catalog), !shields,
                    namedReason(for: rule, since: now) == nil,
                    facts.sessionEndDelivered.contains(rule.id) || (facts.lastRefresh ?? .distantPast) >= until
                {
                    violate(
                        .sessionHonoured, key: "\(key)|end|\(until)", ruleID: rule.id, ruleName: name,
                        expected: "re-shielded after the session ended at \(localText(until))", actual: "clear")
                }
            }
        }

        // Strictest wins (spec §4.8): an app is shielded whenever any rule
        // of the user's that the spec model says shields covers it (and is
        // not excused), whatever the other rules say.
        let blocking = userRules.entries.filter {
            model.shields($0.rule, at: now, day: userDay($0, catalog: view.catalog))
                && namedReason(for: $0.rule, since: divergenceSince[CanonicalUUID.string($0.rule.id)] ?? now) == nil
        }
        for app in view.catalog.apps where app.bundleIdentifier != InstalledAppCatalog.openAppLockBundleIdentifier {
            report.checksRun += 1
            let key = "app|\(app.name)"
            let holder = blocking.first { SpecModel.covers(mode: $0.mode, selection: $0.selection, app: app) }
            if let holder, !view.effective.isShielded(app.token, category: app.category) {
                violate(
                    .strictestWins, key: key, ruleID: holder.rule.id, ruleName: holder.rule.name,
                    expected: "\(app.name) shielded (rule \(holder.rule.name) blocks it now)",
                    actual: "no store shields it")
            } else {
                resolved(.strictestWins, key: key)
            }
        }
    }

    var yesterday: DayKey {
        days.previousDay(now)
    }

    /// Whole minutes the user really spent on `day` in apps the rule covers
    /// (the spec model's coverage of the user's rule).
    func truthMinutes(_ published: PublishedRule, view: OracleView, day: DayKey) -> Int {
        Int(ruleSeconds(userRules.coverage(of: published), on: day, catalog: view.catalog) / 60)
    }
}
