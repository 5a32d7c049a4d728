// guest-harness unless: dayStarts: DayStartStore = DayStartStore()
// Emulator harness. The oracle's probe builds a second enforcer of the
// app's over the probe's shields and the user's Uninstall Protection
// setting; before 68bd680 it has no day-start store.
import Foundation
import GuestHarness

@MainActor func makeProbeEnforcer(shields: ProbeShields, uninstallProtection: Bool) -> RuleEnforcer {
    RuleEnforcer(shields: shields, settings: MockAppSettings(uninstallProtectionEnabled: uninstallProtection))
}
