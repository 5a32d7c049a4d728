// guest-harness unless: notificationScheduler: NotificationScheduler?
// Emulator harness, not the guest's code. Before bee8abd the app's launch
// builds its enforcer with the shield controller, the scheduler and its
// settings; every other dependency is the initialiser's default, as the
// app passes it.
import Foundation
import GuestHarness

@MainActor func makeEnforcer(settings: AppSettingsStore) -> RuleEnforcer {
    RuleEnforcer(
        shields: ManagedSettingsShieldController(), scheduler: RuleScheduler(monitor: DeviceActivityCenterMonitor()),
        settings: settings)
}
