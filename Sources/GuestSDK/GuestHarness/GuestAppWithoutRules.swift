import Foundation
import GuestRuntime
import OALDomain
import OALProcesses
import OALSystem

/// An app whose model is not the spec's rules and lists (a package's host
/// app, Foqos's profiles): every rule and list tap refuses with `noRules`,
/// its rule screens are empty, and it keeps none of the records the spec's
/// checks read. Its harness implements what the app does have (its
/// refresh, its own commands, its links, its intents).
public protocol GuestAppWithoutRules: GuestAppAdapter {
    /// Why a rule or list tap is refused, naming what the app has instead.
    static var noRules: String { get }
}

extension GuestAppWithoutRules {
    @MainActor public func records() throws -> GuestDatabase { GuestDatabase(rules: [], lists: []) }
    @MainActor public func addList(_ list: GuestListRecord) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor public func editList(_ list: GuestListRecord) async throws -> GuestTapOutcome {
        .refused(Self.noRules)
    }
    @MainActor public func deleteList(id: UUID) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor public func addRule(_ rule: GuestRuleRecord) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor public func editRule(_ rule: GuestRuleRecord) async throws -> GuestTapOutcome {
        .refused(Self.noRules)
    }
    @MainActor public func setEnabled(id: UUID, _ enabled: Bool) async throws -> GuestTapOutcome {
        .refused(Self.noRules)
    }
    @MainActor public func deleteRule(id: UUID) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor public func unblock(id: UUID) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor public func setUninstallProtection(_ enabled: Bool) async throws -> GuestTapOutcome {
        .refused(Self.noRules)
    }

    @MainActor public func home() throws -> GuestHomeScreen { GuestHomeScreen(currentlyBlocking: [], usage: []) }
    @MainActor public func rulesScreen() throws -> [GuestRulesSection] { [] }
    @MainActor public func detail(id: UUID) throws -> GuestRuleDetail { throw ProcessFailure.refused(Self.noRules) }

    // No ledger, sessions, snapshots or dry run of rules.
    public func usage(of ruleIDs: [UUID], on date: Date) -> [UUID: GuestUsage]? { nil }
    public func rulesInOpenSession(_ ruleIDs: [UUID]) -> Set<UUID>? { nil }
    @MainActor public func foregroundDecision() async throws -> GuestDecision? { nil }
    @MainActor public func publishedSnapshots() throws -> [RuleSnapshot]? { nil }
}
