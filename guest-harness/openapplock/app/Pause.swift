// guest-harness when: static func canPause(
// Emulator harness. From 9a6df8a the way out of a block is a 15-minute
// pause: the detail sheet offers it when `RulePolicy.canPause` allows, and
// `RuleEnforcer.pause` sets it, re-arms the block and refreshes.
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func lift(_ rule: BlockingRule, rules: [BlockingRule], usage: AppUsage?) async -> GuestTapOutcome {
        guard RulePolicy.canPause(rule.dto, usage: usage, at: .now) else {
            if rule.hardMode { return .refused("rule \(rule.name): \(Self.hardModeRefusal)") }
            return .refused("rule \(rule.name) cannot be paused now (not blocking, or 15 minutes or less left)")
        }
        await enforcer.pause(rule, rules: rules)
        let until = rule.pausedUntil.map { " until \(ISO8601DateFormatter().string(from: $0))" } ?? ""
        return .done("paused rule \(rule.name)\(until)", id: rule.id)
    }
}
