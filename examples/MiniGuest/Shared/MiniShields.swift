import FamilyControls
import ManagedSettings

/// One store per rule, so clearing one rule never lifts another's shield.
enum MiniShields {
    static func apply(_ rule: MiniRule) {
        let selection = rule.selection.flatMap { try? JSONDecoder().decode(FamilyActivitySelection.self, from: $0) }
            ?? FamilyActivitySelection()
        let store = ManagedSettingsStore(named: .init("rule-" + rule.id.uuidString))
        store.shield.applications = selection.applicationTokens.isEmpty ? nil : selection.applicationTokens
        store.shield.applicationCategories =
            selection.categoryTokens.isEmpty ? nil : .specific(selection.categoryTokens)
        store.shield.webDomains = selection.webDomainTokens.isEmpty ? nil : selection.webDomainTokens
    }

    static func clear(_ id: UUID) {
        ManagedSettingsStore(named: .init("rule-" + id.uuidString)).clearAllSettings()
    }
}
