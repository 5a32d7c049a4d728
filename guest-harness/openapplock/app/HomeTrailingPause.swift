// guest-harness when: static func canPause(
// Emulator harness. From 9a6df8a Home rows have no trailing control (pause is in the detail sheet).
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func homeTrailing(_ rule: BlockingRule, status: RuleStatus) -> String { "" }
}
