// guest-harness when: blockAdultContent: Bool = false
// Emulator harness. Up to 1a0b6ca a schedule's options carry the adult filter.
import Foundation
import GuestHarness

@MainActor func configuration(from record: GuestRuleRecord) -> RuleConfiguration {
    switch RuleKind(rawValue: record.kindRaw) ?? .schedule {
    case .schedule:
        .schedule(
            ScheduleConfig(
                startMinutes: record.startMinutes, endMinutes: record.endMinutes,
                selectionMode: SelectionMode(rawValue: record.selectionModeRaw) ?? .block,
                blockAdultContent: record.blockAdultContent))
    case .timeLimit: .timeLimit(TimeLimitConfig(dailyLimitMinutes: record.dailyLimitMinutes))
    case .openLimit: .openLimit(OpenLimitConfig(maxOpens: record.maxOpens))
    }
}
