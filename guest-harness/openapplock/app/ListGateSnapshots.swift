// guest-harness when: var dto: RuleSnapshotDTO
// Emulator harness. The App Lists library's lock (AppListLibraryView), from d29427a.
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func canEditLists() throws -> Bool {
        RulePolicy.canEditAppLists(snapshots: try allRules().map(\.dto), usageFor: { self.enforcer(usageFor: $0) })
    }
}
