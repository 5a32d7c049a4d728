// guest-harness unless: var dto: RuleSnapshotDTO
// Emulator harness. Before d29427a the policy and the display logic take
// the model itself.
import Foundation
import GuestHarness

@MainActor func subject(_ rule: BlockingRule) -> BlockingRule { rule }
typealias PolicySubject = BlockingRule
