import Foundation
import OALDomain
import OALStore
import Testing

@testable import OALPlatform

/// A schedule's `warningTime`, kept with its registration and counted
/// against each event's threshold (Apple's `DeviceActivitySchedule.warningTime`:
/// "when your app schedules activity-monitoring from 10 a.m. to 11 a.m. for
/// an event with a 30-minute threshold, setting the schedule's warning time
/// to 5 minutes results in the extension receiving ... callbacks at 9:55
/// a.m., 10:55 a.m, and when 25 minutes of the event" have been used).
@Suite struct WarningTimeTests {
    let calendar = PlatformFixtures.calendar()
    let catalog = InstalledAppCatalog.standard
    let now = PlatformFixtures.at(2026, 11, 30, 8, 0)

    func warned(_ seconds: Int?) -> DeviceActivitySchedule {
        var schedule = PlatformFixtures.daily((9, 0), (10, 0))
        schedule.warningSeconds = seconds
        return schedule
    }

    /// Source: `DeviceActivitySchedule.warningTime` (a schedule's optional
    /// warning time, kept with it). The warning time is in the registry
    /// file, read back by another center on the same root; a schedule
    /// without one is written as before, and a file without the field
    /// (written before warnings existed) reads as no warning.
    @Test func aWarningTimeSurvivesTheRegistryRoundTrip() throws {
        let root = try PlatformFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let system = try AppGroupContainer(url: root.system)
        let clock = try EmulatedClock(system: system)
        try clock.set(ClockState(now: now, timeZoneIdentifier: "America/New_York"))
        try DeviceActivityCenter(system: system, clock: clock).startMonitoring("warned", during: warned(300))
        try DeviceActivityCenter(system: system, clock: clock).startMonitoring("plain", during: warned(nil))

        let registry = try DeviceActivityCenter(system: system, clock: clock).registry()
        #expect(registry.activities["warned"]?.schedule.warningSeconds == 300)
        #expect(registry.activities["plain"]?.schedule.warningSeconds == nil)
        let text = try String(contentsOf: root.system.appendingPathComponent("deviceactivity.json"), encoding: .utf8)
        #expect(text.components(separatedBy: "warningSeconds").count == 2, "only the warned schedule names it")

        let old = Data(
            #"{"intervalStart":{"timeOfDay":{"hour":9,"minute":0}},"intervalEnd":{"timeOfDay":{"hour":10,"minute":0}},"repeats":true}"#
                .utf8)
        #expect(try StoreCoding.decoder().decode(DeviceActivitySchedule.self, from: old) == warned(nil))
    }

    /// Source: `DeviceActivitySchedule.warningTime` (a time before the
    /// edge); a negative one names no such time, so `startMonitoring`
    /// refuses it as `invalidDateComponents`, naming the activity.
    @Test func aNegativeWarningTimeIsRefused() throws {
        var registry = ActivityRegistry()
        #expect(throws: MonitoringError.self) {
            try registry.start("warned", schedule: warned(-60), events: [:], at: now, calendar: calendar)
        }
        #expect(registry.activities.isEmpty)
    }

    /// Source: `DeviceActivitySchedule.warningTime` ("when 25 minutes of
    /// the event" threshold of 30 have been used, for a 5-minute warning).
    /// A 10-minute threshold warned 3 minutes ahead warns after 7 counted
    /// minutes, once, and reaches its threshold after 10; the next stop of
    /// the clock is the warning.
    @Test func anEventIsWarnedAtItsThresholdLessTheWarningTime() throws {
        let youtube = try #require(catalog.app(named: "YouTube"))
        let start = PlatformFixtures.at(2026, 11, 30, 9, 0)
        var registry = ActivityRegistry()
        try registry.start(
            "limit", schedule: warned(180),
            events: [
                "cap": DeviceActivityEvent(selection: AppSelection(applications: [youtube.token]), thresholdMinutes: 10)
            ],
            at: now, calendar: calendar)
        var accounting = UsageAccounting()
        #expect(
            accounting.secondsUntilNextThreshold(
                app: youtube, at: start, registry: registry, catalog: catalog, calendar: calendar)
                == TimeInterval(7 * 60))
        let first = accounting.accrue(
            app: youtube, from: start, to: start.addingTimeInterval(8 * 60), registry: registry, catalog: catalog,
            calendar: calendar)
        #expect(first.map(\.kind) == [.eventWillReachThresholdWarning])
        #expect(first.map(\.at) == [start.addingTimeInterval(7 * 60)])
        #expect(
            accounting.secondsUntilNextThreshold(
                app: youtube, at: start.addingTimeInterval(8 * 60), registry: registry, catalog: catalog,
                calendar: calendar) == TimeInterval(2 * 60))
        let second = accounting.accrue(
            app: youtube, from: start.addingTimeInterval(8 * 60), to: start.addingTimeInterval(12 * 60),
            registry: registry, catalog: catalog, calendar: calendar)
        #expect(second.map(\.kind) == [.eventDidReachThreshold])
        #expect(second.map(\.at) == [start.addingTimeInterval(10 * 60)])
    }

    /// Source: `DeviceActivitySchedule.init(intervalStart:intervalEnd:repeats:warningTime:)`
    /// ("the system clamps the warning callbacks for each event's threshold
    /// to the start time of the interval" when the warning is longer). A
    /// 15-minute warning of a 10-minute threshold warns at the first
    /// counted instant, before any use.
    @Test func aWarningLongerThanTheThresholdWarnsWhenCountingStarts() throws {
        let youtube = try #require(catalog.app(named: "YouTube"))
        let start = PlatformFixtures.at(2026, 11, 30, 9, 0)
        var registry = ActivityRegistry()
        try registry.start(
            "limit", schedule: warned(15 * 60),
            events: [
                "cap": DeviceActivityEvent(selection: AppSelection(applications: [youtube.token]), thresholdMinutes: 10)
            ],
            at: now, calendar: calendar)
        var accounting = UsageAccounting()
        let crossings = accounting.accrue(
            app: youtube, from: start, to: start.addingTimeInterval(60), registry: registry, catalog: catalog,
            calendar: calendar)
        #expect(crossings.map(\.kind) == [.eventWillReachThresholdWarning])
        #expect(crossings.map(\.at) == [start])
    }
}
