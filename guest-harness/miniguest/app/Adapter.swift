// The app harness for MiniGuest: each tap edits the app's SwiftData models
// as its screens would, and every refresh hands the app's own enforcer the
// rules from its database.
import Foundation
import GuestHarness
import OALDomain
import OALProcesses
import SwiftData

final class MiniAdapter: GuestAppAdapter, @unchecked Sendable {
    @MainActor private lazy var enforcer = MiniEnforcer()
    @MainActor private var context: ModelContext { MiniDatabase.container.mainContext }

    @MainActor private func rules() throws -> [MiniRuleModel] { try context.fetch(FetchDescriptor<MiniRuleModel>()) }
    @MainActor private func lists() throws -> [MiniListModel] { try context.fetch(FetchDescriptor<MiniListModel>()) }
    @MainActor private func rule(_ id: UUID) throws -> MiniRuleModel? { try rules().first { $0.id == id } }

    @MainActor func records() throws -> GuestDatabase {
        let lists = try self.lists()
        return GuestDatabase(
            rules: try rules().map { model in
                GuestRuleRecord(
                    id: model.id, name: model.name, kindRaw: "schedule", isEnabled: model.enabled, hardMode: false,
                    selectionModeRaw: "block", dayNumbers: model.weekdays, startMinutes: model.start,
                    endMinutes: model.end, dailyLimitMinutes: 45, maxOpens: 5, pausedUntil: nil,
                    createdAt: model.createdAt, blockAdultContent: false, appListID: model.list?.id,
                    appListName: model.list?.name, selectionData: model.list?.selection)
            },
            lists: lists.map {
                GuestListRecord(
                    id: $0.id, name: $0.name, selectionData: $0.selection, selectionCount: $0.count,
                    createdAt: $0.createdAt)
            })
    }

    @MainActor func addList(_ list: GuestListRecord) async throws -> GuestTapOutcome {
        context.insert(
            MiniListModel(id: list.id, name: list.name, selection: list.selectionData, count: list.selectionCount))
        try context.save()
        return .done("added app list \(list.name)", id: list.id)
    }

    @MainActor func editList(_ list: GuestListRecord) async throws -> GuestTapOutcome {
        guard let model = try lists().first(where: { $0.id == list.id }) else { return .refused("no such list") }
        model.name = list.name
        model.selection = list.selectionData
        model.count = list.selectionCount
        try context.save()
        return .done("updated app list \(list.name)", id: list.id)
    }

    @MainActor func deleteList(id: UUID) async throws -> GuestTapOutcome {
        guard let model = try lists().first(where: { $0.id == id }) else { return .refused("no such list") }
        context.delete(model)
        try context.save()
        return .done("deleted app list \(model.name)", id: id)
    }

    @MainActor func addRule(_ rule: GuestRuleRecord) async throws -> GuestTapOutcome {
        guard rule.kindRaw == "schedule", rule.startMinutes < rule.endMinutes else {
            return .refused("MiniGuest has schedule rules within one day only")
        }
        let model = MiniRuleModel(
            id: rule.id, name: rule.name, start: rule.startMinutes, end: rule.endMinutes, weekdays: rule.dayNumbers)
        context.insert(model)
        model.list = try lists().first { $0.id == rule.appListID }
        try context.save()
        return .done("added schedule rule \(rule.name)", id: rule.id)
    }

    @MainActor func editRule(_ rule: GuestRuleRecord) async throws -> GuestTapOutcome {
        guard let model = try self.rule(rule.id) else { return .refused("no such rule") }
        model.name = rule.name
        model.start = rule.startMinutes
        model.end = rule.endMinutes
        model.weekdays = rule.dayNumbers
        model.list = try lists().first { $0.id == rule.appListID }
        try context.save()
        return .done("updated rule \(rule.name)", id: rule.id)
    }

    @MainActor func setEnabled(id: UUID, _ enabled: Bool) async throws -> GuestTapOutcome {
        guard let model = try rule(id) else { return .refused("no such rule") }
        model.enabled = enabled
        try context.save()
        return .done("\(enabled ? "enabled" : "disabled") rule \(model.name)", id: id)
    }

    @MainActor func deleteRule(id: UUID) async throws -> GuestTapOutcome {
        guard let model = try rule(id) else { return .refused("no such rule") }
        context.delete(model)
        try context.save()
        return .done("deleted rule \(model.name)", id: id)
    }

    @MainActor func unblock(id: UUID) async throws -> GuestTapOutcome { .refused("MiniGuest offers no unblock") }

    @MainActor func setUninstallProtection(_ enabled: Bool) async throws -> GuestTapOutcome {
        .refused("MiniGuest has no uninstall protection")
    }

    @MainActor func refresh(cause: String) async throws {
        await enforcer.refresh(rules: try rules().map(\.rule))
    }

    @MainActor func home() throws -> GuestHomeScreen {
        let blocking = try rules().filter { $0.rule.isActive(at: .now, calendar: .current) }
        return GuestHomeScreen(
            currentlyBlocking: blocking.map {
                GuestScreenRow(id: $0.id, name: $0.name, kind: "Schedule", subtitle: "Schedule", trailing: "", hardMode: false)
            }, usage: [])
    }

    @MainActor func rulesScreen() throws -> [GuestRulesSection] {
        let rows = try rules().map {
            GuestScreenRow(
                id: $0.id, name: $0.name, kind: "Schedule", subtitle: $0.list?.name ?? "No apps",
                trailing: $0.statusLabel(at: .now, calendar: .current), hardMode: false)
        }
        return rows.isEmpty ? [] : [GuestRulesSection(title: "Schedule", rules: rows)]
    }

    @MainActor func detail(id: UUID) throws -> GuestRuleDetail {
        guard let model = try rule(id) else { throw NSError(domain: "MiniGuest", code: 1) }
        return GuestRuleDetail(
            id: id, name: model.name, caption: "Schedule, \(model.statusLabel(at: .now, calendar: .current))",
            rows: [["During this time", "\(model.start)–\(model.end)"]], usage: nil)
    }

    // MiniGuest keeps no ledger, no sessions and no published snapshots,
    // and its enforcer has no dry run: the oracle judges it from the
    // device's side only (docs/ORACLE.md, "A guest").
    func usage(of ruleIDs: [UUID], on date: Date) -> [UUID: GuestUsage]? { nil }
    func rulesInOpenSession(_ ruleIDs: [UUID]) -> Set<UUID>? { nil }
    @MainActor func foregroundDecision() async throws -> GuestDecision? { nil }
    @MainActor func publishedSnapshots() throws -> [RuleSnapshot]? { nil }
}
