// guest-harness unless: func rowContext(
// Emulator harness. Up to 61a4fe6 the Rules row shows the block mode and
// list, then `statusLabel`; Home shows a limit's `typedSubtitle`.
import Foundation
import GuestHarness

extension OpenAppLockAdapter {
    @MainActor func rulesRowSubtitle(_ rule: BlockingRule) -> String {
        "\(rule.selectionMode.displayName) · \(rule.appList?.name ?? "No apps")"
    }

    @MainActor func rulesRowStatus(_ rule: BlockingRule, status: RuleStatus, usage: AppUsage?) -> String {
        rule.statusLabel(for: status, relativeTo: .now)
    }

    @MainActor func homeSubtitle(_ rule: BlockingRule, status: RuleStatus, usage: AppUsage?) -> String {
        rule.kind == .schedule
            ? status.label(relativeTo: .now) : UsageDisplay.typedSubtitle(for: rule, usage: usage ?? AppUsage())
    }
}
