import Foundation
import OALPlatform
import Testing

/// OpenAppLock's monitor and the warning callbacks it never asks for.
@Suite struct MonitorWarningTests {
    /// Source: Apple's `DeviceActivitySchedule.warningTime` (the warnings
    /// come only to a schedule with a warning time, and the app registers
    /// none). One sent all the same ends 0, is traced as ignored, and
    /// touches no store: a rule's shield lost meanwhile stays lost, where
    /// any other callback's reconcile would put it back.
    @Test(arguments: [
        ["intervalWillStartWarning"], ["intervalWillEndWarning"], ["eventWillReachThresholdWarning", "minutes-1"],
    ])
    func aWarningIsTracedAndLeftAlone(_ callback: [String]) throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        let id = try device.addRule("schedule", "Focus", "--list", "Social", "--from", "09:00", "--to", "17:00")
        #expect(try device.isShielded("Instagram"))
        let activity = try #require(try device.activities().first)
        try device.clearStore("rule-\(id.uuidString)")
        let before = try device.trace().count

        try device.run("oal-monitor", [callback[0], activity] + callback.dropFirst())

        #expect(try !device.isShielded("Instagram"), "the warning reconciled the rule's store")
        let lines = try device.trace().dropFirst(before).filter { $0.process == .monitor }
        let ignored = lines.first { $0.event == "callback.ignored" }
        #expect(ignored?.fields["callback"] == callback[0])
        #expect(ignored?.fields["reason"] == "the app registers no warning time")
        #expect(!lines.contains { $0.event.hasPrefix("store.") || $0.event.hasPrefix("shield.") }, "\(lines)")
    }
}
