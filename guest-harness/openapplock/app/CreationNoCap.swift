// guest-harness unless: enum RuleCreationPolicy
// Emulator harness. Before 218295b any number of rules may be added.
import Foundation
import GuestHarness

@MainActor func canCreateRule(existingRuleCount: Int) -> Bool { true }
