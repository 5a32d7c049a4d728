// guest-harness when: var dto: RuleSnapshotDTO
// Emulator harness. From d29427a the policy and the display logic take a
// rule's snapshot (`rule.dto`).
import Foundation
import GuestHarness

@MainActor func subject(_ rule: BlockingRule) -> RuleSnapshotDTO { rule.dto }
typealias PolicySubject = RuleSnapshotDTO
