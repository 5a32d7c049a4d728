// The app harness for MiniGuest: turns the user's rules into MiniRules and
// runs the app's own refresh.
import Foundation
import GuestHarness

final class MiniAdapter: GuestAppAdapter, @unchecked Sendable {
    @MainActor private lazy var enforcer = MiniEnforcer()

    @MainActor func refresh(rules records: [GuestRuleRecord]) async {
        let rules = records.filter { $0.kindRaw == "schedule" && $0.startMinutes < $0.endMinutes }.map {
            MiniRule(
                id: $0.id, name: $0.name, enabled: $0.isEnabled, start: $0.startMinutes, end: $0.endMinutes,
                weekdays: $0.dayNumbers, selection: $0.selectionData)
        }
        await enforcer.refresh(rules: rules)
    }

    func usage(of ruleIDs: [UUID]) -> [UUID: GuestUsage] { [:] }
    func rulesInOpenSession(_ ruleIDs: [UUID]) -> Set<UUID> { [] }
    func setUninstallProtection(_ enabled: Bool) {}
}
