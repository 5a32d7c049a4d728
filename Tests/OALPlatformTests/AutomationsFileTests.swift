import Foundation
import OALStore
import Testing

@testable import OALPlatform

/// The person's Shortcuts personal automations (issue 37), kept as the
/// Shortcuts app keeps them: made, switched off and on, deleted.
@Suite struct AutomationsFileTests {
    func automation(_ name: String, _ trigger: PersonalAutomation.Trigger) -> PersonalAutomation {
        PersonalAutomation(name: name, trigger: trigger, intent: "CheckIntent", parameters: [])
    }

    @Test func aTriggerRunsItsEnabledAutomationsInTheOrderMade() throws {
        let root = try PlatformFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let file = try EmulatedPlatform(root: root).automations
        try file.add(automation("B", .appOpened(app: "Instagram")))
        try file.add(automation("A", .appOpened(app: "Instagram")))
        try file.add(automation("Tag", .nfcTag(id: "desk")))
        #expect(try file.triggered(by: .appOpened(app: "Instagram")).map(\.name) == ["B", "A"])
        #expect(try file.triggered(by: .appOpened(app: "TikTok")).isEmpty)
        try file.setEnabled("B", false)
        #expect(try file.triggered(by: .appOpened(app: "Instagram")).map(\.name) == ["A"])
        try file.setEnabled("B", true)
        try file.remove("A")
        #expect(try file.triggered(by: .appOpened(app: "Instagram")).map(\.name) == ["B"])
        #expect(try file.triggered(by: .nfcTag(id: "desk")).map(\.name) == ["Tag"])
        // Another handle, as the next process has: they were kept.
        #expect(try EmulatedPlatform(root: root).automations.all().map(\.name) == ["B", "Tag"])
    }

    @Test func aSecondAutomationOfTheSameNameOrAnUnknownOneIsRefused() throws {
        let root = try PlatformFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let file = try EmulatedPlatform(root: root).automations
        try file.add(automation("A", .nfcTag(id: "t")))
        #expect(throws: AutomationsFile.Failure.exists("A")) { try file.add(automation("A", .nfcTag(id: "u"))) }
        #expect(throws: AutomationsFile.Failure.unknown("Z")) { try file.remove("Z") }
        #expect(throws: AutomationsFile.Failure.unknown("Z")) { try file.setEnabled("Z", false) }
        #expect(try file.all().count == 1)
    }
}
