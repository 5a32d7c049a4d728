// guest-harness when: static func canToggleUninstallProtection(
// guest-harness when: var dto: RuleSnapshotDTO
// Emulator harness. Settings' Uninstall Protection lock (from 6aa319e), on snapshots from d29427a.
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func canToggleUninstallProtection() throws -> Bool {
        RulePolicy.canToggleUninstallProtection(
            snapshots: try allRules().map(\.dto), usageFor: { self.enforcer(usageFor: $0) })
    }
}
