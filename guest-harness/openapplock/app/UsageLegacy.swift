// guest-harness unless: struct RuleUsageDTO
// Emulator harness. Before 90d4407 a rule's usage is a `RuleUsage`.
import Foundation
import GuestHarness

typealias AppUsage = RuleUsage
