// guest-harness when: enum RuleCreationPolicy
// Emulator harness. From 218295b the Rules screen caps the number of rules.
import Foundation
import GuestHarness

@MainActor func canCreateRule(existingRuleCount: Int) -> Bool {
    RuleCreationPolicy.canCreateRule(existingRuleCount: existingRuleCount)
}
