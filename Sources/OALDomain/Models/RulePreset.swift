import Foundation

/// A ready-made schedule rule from the New Rule sheet's gallery. Picking one
/// opens the schedule editor pre-filled with its name, window and days.
public struct RulePreset: Hashable, Sendable, Identifiable {
    public var name: String
    public var startMinutes: Int
    public var endMinutes: Int
    public var days: DaySet

    public var id: String { name }

    /// "09:00 – 17:00".
    public var windowText: String {
        "\(ScheduleConfig.clockText(startMinutes)) – \(ScheduleConfig.clockText(endMinutes))"
    }

    /// A new, enabled, soft, Block-mode rule from this preset, with no app
    /// list yet. Throws only if the preset's own minutes were out of range.
    public func makeRule(id: UUID, createdAt: Date) throws(RuleValidationError) -> Rule {
        let config = try ScheduleConfig(startMinutes: startMinutes, endMinutes: endMinutes, selectionMode: .block)
        return Rule(id: id, name: name, days: days, createdAt: createdAt, configuration: .schedule(config))
    }

    public static let workTime = RulePreset(
        name: "Work Time", startMinutes: 9 * 60, endMinutes: 17 * 60, days: .weekdays)
    public static let laserFocus = RulePreset(
        name: "Laser Focus", startMinutes: 14 * 60, endMinutes: 18 * 60, days: .everyDay)
    public static let windDown = RulePreset(
        name: "Wind Down", startMinutes: 20 * 60, endMinutes: 22 * 60, days: .everyDay)
    public static let deepSleep = RulePreset(
        name: "Deep Sleep", startMinutes: 22 * 60, endMinutes: 6 * 60, days: .everyDay)
    public static let readingTime = RulePreset(
        name: "Reading Time", startMinutes: 19 * 60 + 45, endMinutes: 20 * 60 + 45, days: .everyDay)
    public static let gymTime = RulePreset(
        name: "Gym Time", startMinutes: 17 * 60 + 30, endMinutes: 18 * 60 + 30, days: .everyDay)

    /// The gallery, section by section, in display order.
    public static let gallery: [RulePresetSection] = [
        RulePresetSection(
            title: "Get More Done", subtitle: "Maximize your productivity while staying sane.",
            presets: [workTime, laserFocus]),
        RulePresetSection(
            title: "Sleep, Relax and Reset", subtitle: "Sleep better, rise refreshed.",
            presets: [windDown, deepSleep]),
        RulePresetSection(
            title: "Build Healthy Habits", subtitle: "Spend time on important things.",
            presets: [readingTime, gymTime]),
    ]
}
