// guest-harness unless: func belongsInActiveRules(
// Emulator harness. Up to 2b28d30 Home's second section is "Usage": the
// enabled limit rules scheduled today that are not blocking.
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func inHomeSecondSection(_ rule: BlockingRule, status: RuleStatus, usage: AppUsage?) -> Bool {
        rule.kind != .schedule && rule.isEnabled && subject(rule).isScheduledToday(at: .now) && !status.isActive
    }
}
