// guest-harness when: static let displayOrder: [SortDescriptor<BlockingRule>]
// Emulator harness. From f205a28 the lists show rules in `displayOrder`.
import Foundation
import GuestHarness

@MainActor func sortedForDisplay(_ rules: [BlockingRule]) -> [BlockingRule] { rules.sorted(using: BlockingRule.displayOrder) }
