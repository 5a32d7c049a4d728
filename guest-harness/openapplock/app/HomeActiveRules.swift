// guest-harness when: func belongsInActiveRules(
// Emulator harness. From 87230a5 Home's second section is "Active Rules".
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func inHomeSecondSection(_ rule: BlockingRule, status: RuleStatus, usage: AppUsage?) -> Bool {
        rule.dto.belongsInActiveRules(at: .now, usage: usage)
    }
}
