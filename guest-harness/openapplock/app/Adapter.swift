// Emulator harness, not the guest's code: performs each of the user's taps
// with OpenAppLock's own code, as its screens do (RuleDraft, RulePolicy's
// gates, the model, the enforcer), and reads its screens through its own
// display logic. What changes over the app's history lives in the small
// files beside this one, each naming the commits it is for
// (`// guest-harness when:` / `unless:`), from the history survey.
import Foundation
import GuestHarness
import GuestRuntime
import OALDomain
import OALProcesses
@_spi(GuestHarness) import SwiftData

final class OpenAppLockAdapter: GuestAppAdapter, @unchecked Sendable {
    /// One settings store, shared with the enforcer, as the app's
    /// environment shares it.
    @MainActor lazy var settings = AppSettingsStore()
    @MainActor lazy var enforcer = makeEnforcer(settings: settings)
    /// The app's container, as its launch makes it (on disk, SwiftData's
    /// default store in its App Group).
    @MainActor private lazy var container: ModelContainer = {
        let schema = Schema([BlockingRule.self, AppList.self])
        do {
            return try ModelContainer(
                for: schema, configurations: [ModelConfiguration(schema: schema, isStoredInMemoryOnly: false)])
        } catch {
            GuestDevice.fail("OpenAppLock's ModelContainer: \(error)")
        }
    }()
    @MainActor var context: ModelContext { container.mainContext }

    // MARK: The store

    @MainActor func allRules() throws -> [BlockingRule] { sortedForDisplay(try context.fetch(FetchDescriptor<BlockingRule>())) }
    @MainActor func allLists() throws -> [AppList] { try context.fetch(FetchDescriptor<AppList>()) }
    @MainActor func rule(_ id: UUID) throws -> BlockingRule? { try allRules().first { $0.id == id } }
    @MainActor func list(_ id: UUID) throws -> AppList? { try allLists().first { $0.id == id } }

    @MainActor func records() throws -> GuestDatabase {
        let lists = try allLists().map { try GuestListRecord(values: ModelFactory.values(of: $0)) }
        let byID = Dictionary(lists.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let rules = try allRules().map { rule in
            try GuestRuleRecord(values: ModelFactory.values(of: rule), list: rule.appList.flatMap { byID[$0.id] })
        }
        return GuestDatabase(rules: rules, lists: lists)
    }

    // MARK: Taps

    /// What the app's host view watches (MainView's `ruleChangeToken`): a
    /// change refreshes enforcement. The name, kind, budgets and the list's
    /// selection are not in it, so a change of only those waits for the
    /// 30-second loop, as in the app.
    @MainActor private func changeToken() throws -> String {
        try allRules().map { rule in
            let values = ModelFactory.values(of: rule)
            let adult = values["blockAdultContent"].map { "\($0)|" } ?? ""
            return "\(rule.id)|\(rule.isEnabled)|\(rule.hardMode)|\(adult)\(rule.startMinutes)|\(rule.endMinutes)|"
                + "\(rule.dayNumbers)|\(rule.selectionModeRaw)|\(String(describing: rule.appList?.id))|"
                + "\(String(describing: rule.appList?.selectionCount))|\(String(describing: rule.pausedUntil))"
        }.joined(separator: ",")
    }

    /// A tap as the app runs it: its change, the host view's refresh when
    /// the token changed, then the main context's autosave at the end of
    /// the run-loop turn (no view saves by hand).
    @MainActor private func tap(_ body: () async throws -> GuestTapOutcome) async throws -> GuestTapOutcome {
        let before = try changeToken()
        let outcome = try await body()
        if case .done = outcome, try changeToken() != before {
            await enforcer.refresh(rules: try allRules())
        }
        try context.endOfRunLoopTurn()
        return outcome
    }

    @MainActor func usage(_ rule: BlockingRule) -> AppUsage? { enforcer(usageFor: subject(rule)) }

    /// The usage the views read: `enforcer.usage(for:at:)` (nil for a schedule rule).
    @MainActor func enforcer(usageFor subject: PolicySubject) -> AppUsage? { enforcer.usage(for: subject, at: .now) }

    static let hardModeRefusal = "Hard Mode is on and the rule is blocking; it cannot be changed until the block ends"

    @MainActor func addList(_ list: GuestListRecord) async throws -> GuestTapOutcome {
        try await tap {
            let created = AppList(name: list.name, selectionData: list.selectionData, selectionCount: list.selectionCount)
            context.insert(created)
            return .done("added app list \(list.name)", id: created.id)
        }
    }

    @MainActor func editList(_ record: GuestListRecord) async throws -> GuestTapOutcome {
        try await tap {
            guard let list = try list(record.id) else { return .refused("no app list \(record.name)") }
            guard try canEditLists() else { return .refused("app lists are read-only while a Hard Mode rule blocks") }
            list.name = record.name
            list.selectionData = record.selectionData
            list.selectionCount = record.selectionCount
            return .done("updated app list \(record.name)", id: list.id)
        }
    }

    @MainActor func deleteList(id: UUID) async throws -> GuestTapOutcome {
        try await tap {
            guard let list = try list(id) else { return .refused("no such app list") }
            guard try canEditLists() else { return .refused("app lists are read-only while a Hard Mode rule blocks") }
            guard !AppList.isInUse(list, context: context) else {
                return .refused("app list \(list.name) is in use by a rule")
            }
            context.delete(list)
            return .done("deleted app list \(list.name)", id: id)
        }
    }

    @MainActor func addRule(_ record: GuestRuleRecord) async throws -> GuestTapOutcome {
        try await tap {
            guard canCreateRule(existingRuleCount: try allRules().count) else {
                return .refused("the rule limit is reached; delete a rule to add another")
            }
            var draft = RuleDraft(kind: RuleKind(rawValue: record.kindRaw) ?? .schedule)
            try fill(&draft, from: record)
            let rule = draft.sanitized().insertRule(into: context)
            return .done("added \(rule.kind.displayName) rule \(rule.name) (\(rule.id.uuidString))", id: rule.id)
        }
    }

    @MainActor func editRule(_ record: GuestRuleRecord) async throws -> GuestTapOutcome {
        try await tap {
            guard let rule = try rule(record.id) else { return .refused("no such rule") }
            guard RulePolicy.canEdit(subject(rule), usage: usage(rule), at: .now) else {
                return .refused("rule \(rule.name): \(Self.hardModeRefusal)")
            }
            var draft = RuleDraft(rule: rule)
            try fill(&draft, from: record)
            draft.sanitized().apply(to: rule)
            return .done("updated rule \(rule.name)", id: rule.id)
        }
    }

    /// The editor's fields as the user set them.
    @MainActor private func fill(_ draft: inout RuleDraft, from record: GuestRuleRecord) throws {
        draft.name = record.name
        draft.days = Set(record.dayNumbers.compactMap(Weekday.init(rawValue:)))
        draft.hardMode = record.hardMode
        draft.appList = try record.appListID.flatMap { try list($0) }
        draft.configuration = configuration(from: record)
    }

    @MainActor func setEnabled(id: UUID, _ enabled: Bool) async throws -> GuestTapOutcome {
        try await tap {
            guard let rule = try rule(id) else { return .refused("no such rule") }
            guard RulePolicy.canEdit(subject(rule), usage: usage(rule), at: .now) else {
                return .refused("rule \(rule.name): \(Self.hardModeRefusal)")
            }
            if rule.isEnabled != enabled {
                rule.isEnabled.toggle()
                rule.pausedUntil = nil
            }
            return .done("\(enabled ? "enabled" : "disabled") rule \(rule.name)", id: id)
        }
    }

    @MainActor func deleteRule(id: UUID) async throws -> GuestTapOutcome {
        try await tap {
            guard let rule = try rule(id) else { return .refused("no such rule") }
            guard RulePolicy.canEdit(subject(rule), usage: usage(rule), at: .now) else {
                return .refused("rule \(rule.name): \(Self.hardModeRefusal)")
            }
            context.delete(rule)
            return .done("deleted rule \(rule.name)", id: id)
        }
    }

    @MainActor func unblock(id: UUID) async throws -> GuestTapOutcome {
        try await tap {
            guard let rule = try rule(id) else { return .refused("no such rule") }
            return await lift(rule, rules: try allRules(), usage: usage(rule))
        }
    }

    @MainActor func setUninstallProtection(_ enabled: Bool) async throws -> GuestTapOutcome {
        try await tap {
            guard try canToggleUninstallProtection() else {
                return .refused("Uninstall Protection cannot change while a Hard Mode rule blocks")
            }
            settings.uninstallProtectionEnabled = enabled
            await enforcer.refresh(rules: try allRules())
            return .done("uninstall protection \(enabled ? "on" : "off")", id: nil)
        }
    }

    // MARK: Enforcement

    @MainActor func refresh(cause: String) async throws {
        await enforcer.refresh(rules: try allRules())
        try context.endOfRunLoopTurn()
    }

    // MARK: Screens

    /// The Rules screen's rows, with the schedule text the rule's detail
    /// sheet draws from `RuleSchedule.timeRangeLabel` and the days'
    /// `summary` (the same at every commit), so the oracle judges that code too.
    @MainActor func rulesScreen() throws -> [GuestRulesSection] {
        let rules = try allRules()
        return RuleKind.allCases.compactMap { kind in
            let rows = rules.filter { $0.kind == kind }.map { rule in
                let usage = usage(rule)
                let status = subject(rule).status(at: .now, usage: usage)
                return GuestScreenRow(
                    id: rule.id, name: rule.name, kind: kind.displayName, subtitle: rulesRowSubtitle(rule),
                    trailing: rulesRowStatus(rule, status: status, usage: usage), hardMode: rule.hardMode,
                    window: kind == .schedule ? rule.schedule.timeRangeLabel : nil, days: rule.days.summary)
            }
            return rows.isEmpty ? nil : GuestRulesSection(title: kind.displayName, rules: rows)
        }
    }

    @MainActor func home() throws -> GuestHomeScreen {
        let rules = try allRules()
        var blocking: [GuestScreenRow] = []
        var second: [GuestScreenRow] = []
        for rule in rules {
            let usage = usage(rule)
            let status = subject(rule).status(at: .now, usage: usage)
            let row = GuestScreenRow(
                id: rule.id, name: rule.name, kind: rule.kind.displayName,
                subtitle: homeSubtitle(rule, status: status, usage: usage), trailing: homeTrailing(rule, status: status),
                hardMode: rule.hardMode)
            if status.isActive {
                blocking.append(row)
            } else if inHomeSecondSection(rule, status: status, usage: usage) {
                second.append(row)
            }
        }
        return GuestHomeScreen(currentlyBlocking: blocking, usage: second)
    }

    @MainActor func detail(id: UUID) throws -> GuestRuleDetail {
        guard let rule = try rule(id) else { throw GuestHarnessError.notFound("rule \(id)") }
        let usage = usage(rule)
        let status = subject(rule).status(at: .now, usage: usage)
        let statusText = rulesRowStatus(rule, status: status, usage: usage)
        return GuestRuleDetail(
            id: id, name: rule.name, caption: "\(rule.kind.displayName), \(statusText)",
            rows: [["Kind", rule.kind.displayName], ["Status", statusText], ["On these days", rule.days.summary]],
            usage: usage.map { DailyUsage(minutesUsed: $0.minutesUsed, opensUsed: $0.opensUsed) })
    }

    // MARK: What the app records and decides (the oracle's probe)

    func usage(of ruleIDs: [UUID], on date: Date) -> [UUID: GuestUsage]? {
        let ledger = UsageLedger()
        var result: [UUID: GuestUsage] = [:]
        for id in ruleIDs {
            let usage = ledger.usage(for: id, onDayContaining: date)
            result[id] = GuestUsage(minutes: usage.minutesUsed, opens: usage.opensUsed)
        }
        return result
    }

    func rulesInOpenSession(_ ruleIDs: [UUID]) -> Set<UUID>? {
        let sessions = OpenSessionStore()
        return Set(ruleIDs.filter { sessions.hasActiveSession(for: $0, at: .now) })
    }

    /// The app's refresh, run by a second enforcer of its own over shields
    /// that only remember (ProbeShields): what the foreground would apply
    /// now. Its model work (expiring a pause) is rolled back, never saved.
    @MainActor func foregroundDecision() async throws -> GuestDecision? {
        let shields = ProbeShields()
        let probe = makeProbeEnforcer(shields: shields, uninstallProtection: settings.uninstallProtectionEnabled)
        await probe.refresh(rules: try allRules())
        context.rollback()
        return shields.decision
    }

    /// The snapshots the app keeps for its extensions, in the App Group's
    /// defaults under `ruleSnapshots` (the same key and JSON shape at every
    /// commit; the emulator's RuleSnapshot has the same fields).
    @MainActor func publishedSnapshots() throws -> [OALDomain.RuleSnapshot]? {
        guard let data = AppGroup.defaults.data(forKey: "ruleSnapshots") else { return [] }
        return try JSONDecoder().decode([OALDomain.RuleSnapshot].self, from: data)
    }
}
