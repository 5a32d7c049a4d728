// guest-harness unless: static let displayOrder: [SortDescriptor<BlockingRule>]
// Emulator harness. Up to 8f663c0 the lists show rules by creation date.
import Foundation
import GuestHarness

@MainActor func sortedForDisplay(_ rules: [BlockingRule]) -> [BlockingRule] { rules.sorted { $0.createdAt < $1.createdAt } }
