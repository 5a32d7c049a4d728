// guest-harness when: notificationScheduler: NotificationScheduler?
// Emulator harness, not the guest's code. From bee8abd on, the app's launch
// hands its enforcer the notification scheduler too.
import Foundation
import GuestHarness

@MainActor func makeEnforcer(settings: AppSettingsStore) -> RuleEnforcer {
    RuleEnforcer(
        shields: ManagedSettingsShieldController(), scheduler: RuleScheduler(monitor: DeviceActivityCenterMonitor()),
        notificationScheduler: NotificationScheduler(), settings: settings)
}
