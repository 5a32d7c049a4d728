// Emulator harness, not the guest's code: wires the app's own enforcement
// as its launch does (one `RuleEnforcer` with the real shield controller
// and the DeviceActivity scheduler, `makeEnforcer()` in this folder), and
// hands it the user's rules as the app's own SwiftData models on every
// refresh the emulated OS asks for.
import Foundation
import GuestHarness
import GuestRuntime
@_spi(GuestHarness) import SwiftData

final class OpenAppLockAdapter: GuestAppAdapter, @unchecked Sendable {
    @MainActor private lazy var enforcer = makeEnforcer()

    @MainActor func refresh(rules records: [GuestRuleRecord]) async {
        let rules: [BlockingRule]
        do {
            rules = try Self.models(records)
        } catch {
            GuestDevice.fail("the user's rules as the app's BlockingRule models: \(error)")
        }
        // `refresh` is async from 4a7cd39 on, synchronous before.
        await enforcer.refresh(rules: rules)
    }

    /// The rules as `BlockingRule`s and their lists as `AppList`s, made as
    /// SwiftData loads rows (no initialiser runs), so every commit's models
    /// take them whatever their initialisers look like.
    @MainActor static func models(_ records: [GuestRuleRecord]) throws -> [BlockingRule] {
        var lists: [UUID: AppList] = [:]
        var rules: [BlockingRule] = []
        for record in records {
            var list: AppList?
            if let id = record.appListID, let values = record.appListValues {
                list = try lists[id] ?? ModelFactory.make(AppList.self, values: values)
                lists[id] = list
            }
            var values = record.ruleValues
            values["appList"] = list as AppList? as Any
            rules.append(try ModelFactory.make(BlockingRule.self, values: values))
        }
        for list in lists.values { list.rules = rules.filter { $0.appList === list } }
        return rules
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
