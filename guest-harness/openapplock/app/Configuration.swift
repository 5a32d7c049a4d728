// guest-harness unless: blockAdultContent: Bool = false
// Emulator harness. From 277b4a8 a schedule's options have no adult filter.
import Foundation
import GuestHarness

@MainActor func configuration(from record: GuestRuleRecord) -> RuleConfiguration {
    switch RuleKind(rawValue: record.kindRaw) ?? .schedule {
    case .schedule:
        .schedule(
            ScheduleConfig(
                startMinutes: record.startMinutes, endMinutes: record.endMinutes,
                selectionMode: SelectionMode(rawValue: record.selectionModeRaw) ?? .block))
    case .timeLimit: .timeLimit(TimeLimitConfig(dailyLimitMinutes: record.dailyLimitMinutes))
    case .openLimit: .openLimit(OpenLimitConfig(maxOpens: record.maxOpens))
    }
}
