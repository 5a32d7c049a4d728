// guest-harness when: struct RuleUsageDTO
// Emulator harness. From 90d4407 a rule's usage is a `RuleUsageDTO`.
import Foundation
import GuestHarness

typealias AppUsage = RuleUsageDTO
