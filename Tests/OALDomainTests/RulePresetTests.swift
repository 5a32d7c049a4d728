import Foundation
import OALDomain
import Testing

@Suite struct RulePresetTests {
    @Test func galleryMatchesTheSpec() {
        #expect(RulePreset.gallery.map(\.title) == ["Get More Done", "Sleep, Relax and Reset", "Build Healthy Habits"])
        let all = RulePreset.gallery.flatMap(\.presets)
        #expect(all.map(\.name) == ["Work Time", "Laser Focus", "Wind Down", "Deep Sleep", "Reading Time", "Gym Time"])
        #expect(
            all.map(\.windowText) == [
                "09:00 – 17:00", "14:00 – 18:00", "20:00 – 22:00", "22:00 – 06:00", "19:45 – 20:45", "17:30 – 18:30",
            ])
        #expect(RulePreset.workTime.days == .weekdays)
        #expect(all.dropFirst().allSatisfy { $0.days == .everyDay })
    }

    @Test func everyPresetMakesAValidRule() throws {
        for preset in RulePreset.gallery.flatMap(\.presets) {
            let rule = try preset.makeRule(id: Fixture.ruleA, createdAt: Fixture.created)
            #expect(rule.name == preset.name)
            #expect(rule.kind == .schedule)
            #expect(rule.configuration.selectionMode == .block)
            #expect(rule.isEnabled && !rule.hardMode)
        }
        let deepSleep = try RulePreset.deepSleep.makeRule(id: Fixture.ruleA, createdAt: Fixture.created)
        #expect(deepSleep.configuration.schedule?.crossesMidnight == true)
    }
}
