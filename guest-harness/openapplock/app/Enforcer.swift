// guest-harness unless: notificationScheduler: NotificationScheduler?
// Emulator harness, not the guest's code. Before bee8abd the app's launch
// builds its enforcer with the shield controller and the scheduler; every
// other dependency is the initialiser's default, as the app passes it.
@MainActor func makeEnforcer() -> RuleEnforcer {
    RuleEnforcer(
        shields: ManagedSettingsShieldController(), scheduler: RuleScheduler(monitor: DeviceActivityCenterMonitor()))
}
