// guest-harness when: static func canToggleUninstallProtection(
// guest-harness unless: var dto: RuleSnapshotDTO
// Emulator harness. Settings' Uninstall Protection lock, from 6aa319e to ecf4bdc.
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func canToggleUninstallProtection() throws -> Bool {
        RulePolicy.canToggleUninstallProtection(rules: try allRules(), usageFor: { self.enforcer(usageFor: $0) })
    }
}
