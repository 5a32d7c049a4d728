// guest-harness when: func rowContext(
// Emulator harness. From ca436e4 the Rules row, the detail sheet and the
// Home rows show the rule's live context (`rowContext`) and Home's
// subtitle is `UsageDisplay.homeSubtitle`.
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func rulesRowSubtitle(_ rule: BlockingRule) -> String { "" }

    @MainActor func rulesRowStatus(_ rule: BlockingRule, status: RuleStatus, usage: AppUsage?) -> String {
        subject(rule).rowContext(for: status, usage: usage ?? AppUsage(), relativeTo: .now)
    }

    @MainActor func homeSubtitle(_ rule: BlockingRule, status: RuleStatus, usage: AppUsage?) -> String {
        UsageDisplay.homeSubtitle(for: subject(rule), status: status, usage: usage ?? AppUsage(), relativeTo: .now)
    }
}
