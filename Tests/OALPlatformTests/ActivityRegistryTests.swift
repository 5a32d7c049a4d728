import Foundation
import OALDomain
import Testing

@testable import OALPlatform

@Suite struct ActivityRegistryTests {
    let calendar = PlatformFixtures.calendar()
    let now = PlatformFixtures.at(2026, 11, 30, 10, 0)

    @Test func refusesTheTwentyFirstActivity() throws {
        var registry = ActivityRegistry()
        for index in 0..<20 {
            try registry.start(
                "a\(index)", schedule: PlatformFixtures.daily((0, 0), (23, 59)), events: [:], at: now,
                calendar: calendar)
        }
        #expect(throws: MonitoringError.excessiveActivities(activity: "a20", limit: 20)) {
            try registry.start(
                "a20", schedule: PlatformFixtures.daily((0, 0), (23, 59)), events: [:], at: now, calendar: calendar)
        }
        // Restarting one of the twenty is not a new activity.
        try registry.start(
            "a3", schedule: PlatformFixtures.daily((1, 0), (23, 59)), events: [:], at: now, calendar: calendar)
        #expect(registry.activities.count == 20)
    }

    @Test func stoppingMidIntervalOwesIntervalDidEnd() throws {
        var registry = ActivityRegistry()
        try registry.start(
            "inside", schedule: PlatformFixtures.daily((9, 0), (11, 0)), events: [:], at: now, calendar: calendar)
        try registry.start(
            "outside", schedule: PlatformFixtures.daily((12, 0), (13, 0)), events: [:], at: now, calendar: calendar)
        registry.stop(["inside", "outside", "unknown"], at: now, calendar: calendar)
        #expect(registry.activities.isEmpty)
        #expect(registry.drainPending() == [PendingCallback(kind: .intervalDidEnd, activity: "inside", at: now)])
        #expect(registry.pending.isEmpty)
    }

    @Test func restartBumpsTheGeneration() throws {
        var registry = ActivityRegistry()
        let schedule = PlatformFixtures.daily((0, 0), (23, 59))
        try registry.start("rule-x", schedule: schedule, events: [:], at: now, calendar: calendar)
        let first = try #require(registry.activities["rule-x"]?.generation)
        try registry.start("rule-x", schedule: schedule, events: [:], at: now, calendar: calendar)
        #expect(registry.activities["rule-x"]?.generation == first + 1)
    }

    @Test func refusesANonPositiveThreshold() {
        var registry = ActivityRegistry()
        let event = DeviceActivityEvent(selection: AppSelection(), thresholdMinutes: 0)
        #expect(throws: MonitoringError.invalidThreshold(activity: "rule-x", event: "minutes-0")) {
            try registry.start(
                "rule-x", schedule: PlatformFixtures.daily((0, 0), (23, 59)), events: ["minutes-0": event], at: now,
                calendar: calendar)
        }
    }
}
