import Foundation
import OALDomain
import OALPlatform

/// Writes and clears one rule's own ManagedSettings store, `rule-<UUID>`.
///
/// A rule only ever touches its own store, so "strictest rule wins" falls
/// out of the platform's union and no rule can lift another's shield. The
/// store is rewritten only when its content would change, so a refresh that
/// changes nothing writes nothing (and traces nothing but its reads).
public struct ShieldController: Sendable {
    public let directory: ManagedSettingsDirectory
    private let context: ProcessContext

    public init(context: ProcessContext) {
        self.context = context
        directory = context.platform.managedSettings
    }

    public static func storeName(for ruleID: UUID) -> String { "rule-\(CanonicalUUID.string(ruleID))" }

    /// What the rule's store must hold for `decision`: the selection as the
    /// rule's mode reads it, plus the adult filter. Empty when the decision
    /// is off or the rule covers nothing.
    ///
    /// Allow Only must exempt the list's apps, categories and domains, but
    /// ManagedSettings' `.all(except:)` takes app tokens only. So the store
    /// names every category of the device's catalog that the list does not
    /// allow, `.specific(catalogCategories − list categories, except: list
    /// apps)`, and every website but the list's,
    /// `webDomainCategories = .all(except: list domains)`. `catalogCategories`
    /// is what the picker offers (the installed-app catalog); an app the
    /// catalog files under no category is therefore not shielded.
    public static func settings(
        rule: Rule, selection: AppSelection?, decision: EnforcementDecision,
        catalogCategories: Set<CategoryToken>
    ) -> StoreSettings {
        var settings = StoreSettings()
        guard decision.shield else { return settings }
        switch ShieldScope(rule: rule, selection: selection) {
        case .nothing:
            break
        case .only(let selection):
            settings.shield = ShieldSettings(
                applications: selection.applications.isEmpty ? nil : selection.applications,
                applicationCategories: selection.categories.isEmpty ? nil : .specific(selection.categories, except: []),
                webDomains: selection.webDomains.isEmpty ? nil : selection.webDomains)
        case .allExcept(let selection) where Mutant.on(.allowOnlyBlocksList):
            settings.shield = ShieldSettings(applicationCategories: .all(except: selection.applications))
        case .allExcept(let selection):
            settings.shield = ShieldSettings(
                applicationCategories: .specific(
                    catalogCategories.subtracting(selection.categories), except: selection.applications),
                webDomainCategories: .all(except: selection.webDomains))
        }
        if decision.filterAdultContent { settings.webContentBlockedByFilter = true }
        return settings
    }

    /// Brings the rule's store in line with `decision`. Returns true when
    /// the store changed. An Allow Only rule's shield reads the device's
    /// categories from the catalog (see `settings`).
    @discardableResult
    public func apply(
        rule: Rule, selection: AppSelection?, decision: EnforcementDecision, cause: String
    ) throws -> Bool {
        var categories: Set<CategoryToken> = []
        if decision.shield, case .allExcept = ShieldScope(rule: rule, selection: selection) {
            categories = Set(try context.platform.catalog.catalog().categories.map(\.token))
        }
        let desired = Self.settings(
            rule: rule, selection: selection, decision: decision, catalogCategories: categories)
        return try write(desired, ruleID: rule.id, cause: cause, reason: Self.describe(decision.reason))
    }

    /// Clears the rule's store (the Open press lifting it; a deleted rule).
    @discardableResult
    public func clear(ruleID: UUID, cause: String, reason: String) throws -> Bool {
        try write(StoreSettings(), ruleID: ruleID, cause: cause, reason: reason)
    }

    private func write(_ desired: StoreSettings, ruleID: UUID, cause: String, reason: String) throws -> Bool {
        let name = Self.storeName(for: ruleID)
        let store = try directory.store(named: name)
        // A read first: the store's update rewrites the file even when
        // nothing changes, and a refresh every 30 s must not churn it.
        guard try store.settings() != desired else { return false }
        try store.update { $0 = desired }
        context.record(
            desired.isEmpty ? "shield.clear" : "shield.set",
            ["store": name, "rule": CanonicalUUID.string(ruleID), "cause": cause, "reason": reason])
        return true
    }

    /// A stable, greppable word for the trace.
    public static func describe(_ reason: EnforcementDecision.Reason) -> String {
        switch reason {
        case .disabled: "disabled"
        case .paused: "paused"
        case .notScheduledToday: "not-scheduled-today"
        case .outsideWindow: "outside-window"
        case .windowActive: "window-active"
        case .budgetRemaining: "budget-remaining"
        case .budgetSpent: "budget-spent"
        case .openGate: "open-gate"
        case .openSessionLive: "open-session-live"
        }
    }
}
