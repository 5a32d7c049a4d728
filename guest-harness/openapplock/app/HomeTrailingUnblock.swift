// guest-harness unless: static func canPause(
// Emulator harness. Up to f0ac134 a blocking row offers Unblock, or a lock in Hard Mode.
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func homeTrailing(_ rule: BlockingRule, status: RuleStatus) -> String {
        status.isActive ? (rule.hardMode ? "Locked" : "Unblock") : ""
    }
}
