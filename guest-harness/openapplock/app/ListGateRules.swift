// guest-harness unless: var dto: RuleSnapshotDTO
// Emulator harness. The App Lists library's lock (AppListLibraryView), before d29427a.
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func canEditLists() throws -> Bool {
        RulePolicy.canEditAppLists(rules: try allRules(), usageFor: { self.enforcer(usageFor: $0) })
    }
}
