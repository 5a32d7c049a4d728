// guest-harness unless: static func canToggleUninstallProtection(
// Emulator harness. Before 6aa319e the Settings switch has no lock.
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func canToggleUninstallProtection() throws -> Bool { true }
}
