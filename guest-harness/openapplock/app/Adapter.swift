// Emulator harness, not the guest's code: wires the app's own enforcement as
// its launch does (one `RuleEnforcer` with the real shield controller, the
// DeviceActivity scheduler and the notification scheduler), and hands it the
// user's rules on every refresh the emulated OS asks for.
import Foundation
import GuestHarness

final class OpenAppLockAdapter: GuestAppAdapter, @unchecked Sendable {
    @MainActor private lazy var enforcer = RuleEnforcer(
        shields: ManagedSettingsShieldController(), usage: UsageLedger(),
        scheduler: RuleScheduler(monitor: DeviceActivityCenterMonitor()),
        notificationScheduler: NotificationScheduler(), openSessions: OpenSessionStore(),
        settings: AppSettingsStore())

    @MainActor func refresh(rules records: [GuestRuleRecord]) async {
        var lists: [UUID: AppList] = [:]
        let rules = records.map { record -> BlockingRule in
            var list: AppList?
            if let listID = record.appListID {
                list = lists[listID] ?? AppList(
                    id: listID, name: record.appListName ?? "", selectionData: record.selectionData,
                    selectionCount: 0, createdAt: record.createdAt)
                lists[listID] = list
            }
            return BlockingRule(record: record, appList: list)
        }
        await enforcer.refresh(rules: rules)
    }

    func usage(of ruleIDs: [UUID]) -> [UUID: GuestUsage] {
        let ledger = UsageLedger()
        var result: [UUID: GuestUsage] = [:]
        for id in ruleIDs {
            let usage = ledger.usage(for: id, onDayContaining: .now)
            result[id] = GuestUsage(minutes: usage.minutesUsed, opens: usage.opensUsed)
        }
        return result
    }

    func rulesInOpenSession(_ ruleIDs: [UUID]) -> Set<UUID> {
        let sessions = OpenSessionStore()
        return Set(ruleIDs.filter { sessions.hasActiveSession(for: $0, at: .now) })
    }

    func setUninstallProtection(_ enabled: Bool) {
        MainActor.assumeIsolated { AppSettingsStore().uninstallProtectionEnabled = enabled }
    }
}
