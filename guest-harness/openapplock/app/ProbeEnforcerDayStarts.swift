// guest-harness when: dayStarts: DayStartStore = DayStartStore()
// Emulator harness. From 68bd680 the enforcer confirms each day's start in
// a store of its own; the probe's keeps its writes in memory.
import Foundation
import GuestHarness
import GuestRuntime

@MainActor func makeProbeEnforcer(shields: ProbeShields, uninstallProtection: Bool) -> RuleEnforcer {
    guard let group = GuestDevice.appGroups.first, let defaults = ProbeDefaults(suiteName: group) else {
        GuestDevice.fail("the probe's day starts: the app has no App Group")
    }
    return RuleEnforcer(
        shields: shields, settings: MockAppSettings(uninstallProtectionEnabled: uninstallProtection),
        dayStarts: DayStartStore(defaults: defaults))
}
