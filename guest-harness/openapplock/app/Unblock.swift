// guest-harness unless: static func canPause(
// Emulator harness. Up to f0ac134 the Home screen's Unblock lifts a soft
// block until its window ends (or midnight for a limit), then refreshes.
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func lift(_ rule: BlockingRule, rules: [BlockingRule], usage: AppUsage?) async -> GuestTapOutcome {
        guard RulePolicy.canUnblock(subject(rule), usage: usage, at: .now) else {
            if rule.hardMode { return .refused("rule \(rule.name): \(Self.hardModeRefusal)") }
            return .refused("rule \(rule.name) is not blocking")
        }
        RulePolicy.unblock(rule, usage: usage)
        await enforcer.refresh(rules: rules)
        let until = rule.pausedUntil.map { " until \(ISO8601DateFormatter().string(from: $0))" } ?? ""
        return .done("unblocked rule \(rule.name)\(until)", id: rule.id)
    }
}
