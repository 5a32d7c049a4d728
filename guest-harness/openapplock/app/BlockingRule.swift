// Emulator harness, not the guest's code: a plain stand-in for the app's
// SwiftData model `BlockingRule` (SwiftData does not exist here). It has the
// model's stored columns, filled from the user's database by the harness,
// and only the derived members the compiled enforcement files use.
import Foundation
import GuestHarness

final class BlockingRule {
    var id: UUID
    var name: String
    var kindRaw: String
    var isEnabled: Bool
    var hardMode: Bool
    var appList: AppList?
    var selectionData: Data?
    var selectionCount: Int
    var dayNumbers: [Int]
    var pausedUntil: Date?
    var createdAt: Date
    var startMinutes: Int
    var endMinutes: Int
    var selectionModeRaw: String
    var dailyLimitMinutes: Int
    var maxOpens: Int

    init(record: GuestRuleRecord, appList: AppList?) {
        id = record.id
        name = record.name
        kindRaw = record.kindRaw
        isEnabled = record.isEnabled
        hardMode = record.hardMode
        self.appList = appList
        selectionData = nil
        selectionCount = 0
        dayNumbers = record.dayNumbers
        pausedUntil = record.pausedUntil
        createdAt = record.createdAt
        startMinutes = record.startMinutes
        endMinutes = record.endMinutes
        selectionModeRaw = record.selectionModeRaw
        dailyLimitMinutes = record.dailyLimitMinutes
        maxOpens = record.maxOpens
    }

    var kind: RuleKind { RuleKind(rawValue: kindRaw) ?? .schedule }
    var selectionMode: SelectionMode { SelectionMode(rawValue: selectionModeRaw) ?? .block }
    var days: Set<Weekday> { Set(dayNumbers.compactMap(Weekday.init(rawValue:))) }
    var schedule: RuleSchedule { RuleSchedule(startMinutes: startMinutes, endMinutes: endMinutes, days: days) }
}
