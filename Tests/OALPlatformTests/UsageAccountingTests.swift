import Foundation
import OALDomain
import Testing

@testable import OALPlatform

@Suite struct UsageAccountingTests {
    let calendar = PlatformFixtures.calendar()
    let catalog = InstalledAppCatalog.standard

    func events(_ thresholds: [Int], selection: AppSelection, includesPastActivity: Bool = false)
        -> [String: DeviceActivityEvent]
    {
        var events: [String: DeviceActivityEvent] = [:]
        for minutes in thresholds {
            events["minutes-\(minutes)"] = DeviceActivityEvent(
                selection: selection, thresholdMinutes: minutes, includesPastActivity: includesPastActivity)
        }
        return events
    }

    func registry(
        registeredAt: Date, thresholds: [Int], selection: AppSelection, includesPastActivity: Bool = false
    ) throws -> ActivityRegistry {
        var registry = ActivityRegistry()
        try registry.start(
            "rule-x", schedule: PlatformFixtures.daily((0, 0), (23, 59)),
            events: events(thresholds, selection: selection, includesPastActivity: includesPastActivity),
            at: registeredAt, calendar: calendar)
        return registry
    }

    @Test func crossesThresholdsAtTheExactSecondAndOnlyOnce() throws {
        let instagram = try #require(catalog.app(named: "Instagram"))
        let start = PlatformFixtures.at(2026, 11, 30, 9, 0)
        let registry = try registry(
            registeredAt: start.addingTimeInterval(-60), thresholds: [1, 2, 3],
            selection: AppSelection(applications: [instagram.token]))
        var accounting = UsageAccounting()
        let crossings = accounting.accrue(
            app: instagram, from: start, to: start.addingTimeInterval(150), registry: registry, catalog: catalog,
            calendar: calendar)
        #expect(crossings.map(\.event) == ["minutes-1", "minutes-2"])
        #expect(crossings.map(\.at) == [start.addingTimeInterval(60), start.addingTimeInterval(120)])
        let later = accounting.accrue(
            app: instagram, from: start.addingTimeInterval(150), to: start.addingTimeInterval(400),
            registry: registry, catalog: catalog, calendar: calendar)
        #expect(later.map(\.event) == ["minutes-3"])
        #expect(later.first?.at == start.addingTimeInterval(180))
    }

    /// The emulated OS answers the interval in progress from its memo: the
    /// accounting counts in whatever interval the lookup names.
    @Test func countsInTheIntervalTheLookupGives() throws {
        let instagram = try #require(catalog.app(named: "Instagram"))
        let start = PlatformFixtures.at(2026, 11, 30, 9, 0)
        let registry = try registry(
            registeredAt: start.addingTimeInterval(-60), thresholds: [1, 2],
            selection: AppSelection(applications: [instagram.token]))
        var asked: [Date] = []
        let halfHour = DateInterval(start: start, duration: 1800)
        func lookup(_: ActivityRegistration, at instant: Date) -> DateInterval? {
            asked.append(instant)
            return halfHour.contains(instant) && instant < halfHour.end ? halfHour : nil
        }
        var accounting = UsageAccounting()
        let crossings = accounting.accrue(
            app: instagram, from: start.addingTimeInterval(1740), to: start.addingTimeInterval(1900),
            registry: registry, catalog: catalog, calendar: calendar, intervals: lookup)
        // Clipped to the lookup's interval end: 60 s counted, one threshold.
        #expect(crossings.map(\.event) == ["minutes-1"])
        #expect(asked == [start.addingTimeInterval(1740)])
        #expect(
            accounting.secondsUntilNextThreshold(
                app: instagram, at: start.addingTimeInterval(1900), registry: registry, catalog: catalog,
                calendar: calendar, intervals: lookup) == nil)
        #expect(
            accounting.catchUp(
                registry: registry, at: start.addingTimeInterval(1900), catalog: catalog, calendar: calendar,
                intervals: lookup
            ).isEmpty)
        #expect(asked.count == 3)
    }

    @Test func countsCategoriesAndIgnoresUncoveredApps() throws {
        let tiktok = try #require(catalog.app(named: "TikTok"))
        let notes = try #require(catalog.app(named: "Notes"))
        let start = PlatformFixtures.at(2026, 11, 30, 9, 0)
        let registry = try registry(
            registeredAt: start, thresholds: [1], selection: AppSelection(categories: [tiktok.category]))
        var accounting = UsageAccounting()
        #expect(
            accounting.accrue(
                app: notes, from: start, to: start.addingTimeInterval(600), registry: registry, catalog: catalog,
                calendar: calendar
            ).isEmpty)
        #expect(
            accounting.accrue(
                app: tiktok, from: start, to: start.addingTimeInterval(60), registry: registry, catalog: catalog,
                calendar: calendar
            ).count == 1)
    }

    @Test func aRestartResetsTheCount() throws {
        let instagram = try #require(catalog.app(named: "Instagram"))
        let start = PlatformFixtures.at(2026, 11, 30, 9, 0)
        let selection = AppSelection(applications: [instagram.token])
        var registry = try registry(registeredAt: start, thresholds: [2], selection: selection)
        var accounting = UsageAccounting()
        _ = accounting.accrue(
            app: instagram, from: start, to: start.addingTimeInterval(90), registry: registry, catalog: catalog,
            calendar: calendar)
        // The app restarts the activity (its configuration changed): the 90
        // seconds already used no longer count.
        let restart = start.addingTimeInterval(90)
        try registry.start(
            "rule-x", schedule: PlatformFixtures.daily((0, 0), (23, 59)),
            events: ["minutes-2": DeviceActivityEvent(selection: selection, thresholdMinutes: 2)], at: restart,
            calendar: calendar)
        #expect(
            accounting.secondsUntilNextThreshold(
                app: instagram, at: restart, registry: registry, catalog: catalog, calendar: calendar) == 120)
    }

    @Test func usageBeforeRegistrationDoesNotCount() throws {
        let instagram = try #require(catalog.app(named: "Instagram"))
        let start = PlatformFixtures.at(2026, 11, 30, 9, 0)
        let registry = try registry(
            registeredAt: start.addingTimeInterval(120), thresholds: [1],
            selection: AppSelection(applications: [instagram.token]))
        var accounting = UsageAccounting()
        let crossings = accounting.accrue(
            app: instagram, from: start, to: start.addingTimeInterval(180), registry: registry, catalog: catalog,
            calendar: calendar)
        #expect(crossings.first?.at == start.addingTimeInterval(180))
    }

    // MARK: - includesPastActivity

    /// 30 minutes of Instagram from 09:00, then the activity is restarted at
    /// 09:40 (the app disabled and re-enabled the rule).
    func restarted(includesPastActivity: Bool) throws -> (UsageAccounting, ActivityRegistry, InstalledApp, Date) {
        let instagram = try #require(catalog.app(named: "Instagram"))
        let start = PlatformFixtures.at(2026, 11, 30, 9, 0)
        let selection = AppSelection(applications: [instagram.token])
        var registry = try registry(
            registeredAt: start.addingTimeInterval(-3600), thresholds: [30, 45], selection: selection,
            includesPastActivity: includesPastActivity)
        var accounting = UsageAccounting()
        let crossed = accounting.accrue(
            app: instagram, from: start, to: start.addingTimeInterval(30 * 60), registry: registry,
            catalog: catalog, calendar: calendar)
        #expect(crossed.map(\.event) == ["minutes-30"])
        let restart = start.addingTimeInterval(40 * 60)
        try registry.start(
            "rule-x", schedule: PlatformFixtures.daily((0, 0), (23, 59)),
            events: events([30, 45], selection: selection, includesPastActivity: includesPastActivity),
            at: restart, calendar: calendar)
        return (accounting, registry, instagram, restart)
    }

    @Test func aRestartedEventWithPastActivityCountsTheIntervalsEarlierUsage() throws {
        let (before, registry, instagram, restart) = try restarted(includesPastActivity: true)
        var accounting = before
        // The threshold the past usage already meets is owed at once, as
        // iOS fires an event that starts out past its threshold.
        let owed = accounting.catchUp(registry: registry, at: restart, catalog: catalog, calendar: calendar)
        #expect(owed.map(\.event) == ["minutes-30"])
        #expect(owed.map(\.at) == [restart])
        #expect(accounting.catchUp(registry: registry, at: restart, catalog: catalog, calendar: calendar).isEmpty)
        // 30 of the 45 minutes were used before the restart: 15 are left.
        #expect(
            accounting.secondsUntilNextThreshold(
                app: instagram, at: restart, registry: registry, catalog: catalog, calendar: calendar) == 900)
        let later = accounting.accrue(
            app: instagram, from: restart, to: restart.addingTimeInterval(20 * 60), registry: registry,
            catalog: catalog, calendar: calendar)
        #expect(later.map(\.event) == ["minutes-45"])
        #expect(later.first?.at == restart.addingTimeInterval(15 * 60))
    }

    @Test func aRestartedEventWithoutPastActivityStartsFromZero() throws {
        let (before, registry, instagram, restart) = try restarted(includesPastActivity: false)
        var accounting = before
        #expect(
            accounting.secondsUntilNextThreshold(
                app: instagram, at: restart, registry: registry, catalog: catalog, calendar: calendar) == 1800)
        #expect(accounting.catchUp(registry: registry, at: restart, catalog: catalog, calendar: calendar).isEmpty)
        let later = accounting.accrue(
            app: instagram, from: restart, to: restart.addingTimeInterval(20 * 60), registry: registry,
            catalog: catalog, calendar: calendar)
        #expect(later.isEmpty)
    }

    @Test func pastActivityCountsOnlyCoveredAppsInsideTheInterval() throws {
        let instagram = try #require(catalog.app(named: "Instagram"))
        let notes = try #require(catalog.app(named: "Notes"))
        let selection = AppSelection(applications: [instagram.token])
        var accounting = UsageAccounting()
        let empty = ActivityRegistry()
        // Yesterday 23:00–23:50 and today 08:00–08:10 on Instagram, 08:10–09:00
        // on Notes: only the 10 minutes of today count for today's interval.
        let yesterday = PlatformFixtures.at(2026, 11, 29, 23, 0)
        _ = accounting.accrue(
            app: instagram, from: yesterday, to: yesterday.addingTimeInterval(50 * 60), registry: empty,
            catalog: catalog, calendar: calendar)
        let morning = PlatformFixtures.at(2026, 11, 30, 8, 0)
        _ = accounting.accrue(
            app: instagram, from: morning, to: morning.addingTimeInterval(10 * 60), registry: empty,
            catalog: catalog, calendar: calendar)
        _ = accounting.accrue(
            app: notes, from: morning.addingTimeInterval(10 * 60), to: morning.addingTimeInterval(60 * 60),
            registry: empty, catalog: catalog, calendar: calendar)
        let registered = morning.addingTimeInterval(60 * 60)
        let registry = try registry(
            registeredAt: registered, thresholds: [5, 15], selection: selection, includesPastActivity: true)
        #expect(
            accounting.catchUp(registry: registry, at: registered, catalog: catalog, calendar: calendar).map(\.event)
                == ["minutes-5"])
        #expect(
            accounting.secondsUntilNextThreshold(
                app: instagram, at: registered, registry: registry, catalog: catalog, calendar: calendar) == 300)
    }

    /// Apple's `includesPastActivity` page: a schedule that starts at 1:15pm
    /// still counts usage "from the start of the nearest round hour", 1:00pm.
    @Test func pastActivityFromAQuarterPastCountsFromTheRoundHour() throws {
        let instagram = try #require(catalog.app(named: "Instagram"))
        let selection = AppSelection(applications: [instagram.token])
        var accounting = UsageAccounting()
        // 12:50–13:10 on Instagram: 10 minutes before 13:00, 10 after.
        let before = PlatformFixtures.at(2026, 11, 30, 12, 50)
        _ = accounting.accrue(
            app: instagram, from: before, to: before.addingTimeInterval(20 * 60), registry: ActivityRegistry(),
            catalog: catalog, calendar: calendar)
        let registered = PlatformFixtures.at(2026, 11, 30, 13, 30)
        var registry = ActivityRegistry()
        try registry.start(
            "quarter-past", schedule: PlatformFixtures.daily((13, 15), (14, 0)),
            events: events([10, 15], selection: selection, includesPastActivity: true), at: registered,
            calendar: calendar)
        // 13:00–13:10 counts although the interval opens at 13:15; 12:50–13:00
        // does not.
        #expect(
            accounting.catchUp(registry: registry, at: registered, catalog: catalog, calendar: calendar).map(\.event)
                == ["minutes-10"])
        #expect(
            accounting.secondsUntilNextThreshold(
                app: instagram, at: registered, registry: registry, catalog: catalog, calendar: calendar) == 300)
    }

    /// `DeviceActivityEvent.includesAllActivity`: "true if applications,
    /// categories, and webDomains are empty", so such an event counts every
    /// app's use.
    @Test func anEventWithAnEmptySelectionCountsEveryApp() throws {
        let notes = try #require(catalog.app(named: "Notes"))
        let instagram = try #require(catalog.app(named: "Instagram"))
        let event = DeviceActivityEvent(selection: AppSelection(), thresholdMinutes: 10)
        #expect(event.includesAllActivity)
        #expect(
            !DeviceActivityEvent(selection: AppSelection(applications: [notes.token]), thresholdMinutes: 10)
                .includesAllActivity)
        let start = PlatformFixtures.at(2026, 11, 30, 9, 0)
        var accounting = UsageAccounting()
        var registry = ActivityRegistry()
        try registry.start(
            "everything", schedule: PlatformFixtures.daily((0, 0), (23, 59)), events: ["all-10": event],
            at: start, calendar: calendar)
        _ = accounting.accrue(
            app: notes, from: start, to: start.addingTimeInterval(6 * 60), registry: registry, catalog: catalog,
            calendar: calendar)
        let crossed = accounting.accrue(
            app: instagram, from: start.addingTimeInterval(6 * 60), to: start.addingTimeInterval(12 * 60),
            registry: registry, catalog: catalog, calendar: calendar)
        #expect(crossed.map(\.event) == ["all-10"])
        #expect(crossed.first?.at == start.addingTimeInterval(10 * 60))
    }

    @Test func theFrontmostHistoryMergesContiguousUseAndSurvivesCoding() throws {
        let instagram = try #require(catalog.app(named: "Instagram"))
        let start = PlatformFixtures.at(2026, 11, 30, 9, 0)
        var accounting = UsageAccounting()
        for step in 0..<10 {
            _ = accounting.accrue(
                app: instagram, from: start.addingTimeInterval(Double(step) * 30),
                to: start.addingTimeInterval(Double(step + 1) * 30), registry: ActivityRegistry(), catalog: catalog,
                calendar: calendar)
        }
        #expect(
            accounting.history == [
                UsageAccounting.FrontmostSpan(
                    app: instagram.bundleIdentifier, from: start, to: start.addingTimeInterval(300))
            ])
        let decoded = try JSONDecoder().decode(UsageAccounting.self, from: JSONEncoder().encode(accounting))
        #expect(decoded == accounting)
        // Device state written before the history existed still reads.
        let old = try JSONDecoder().decode(UsageAccounting.self, from: Data(#"{"counters":{}}"#.utf8))
        #expect(old.history.isEmpty)
    }

    @Test func eventsWithoutTheFlagReadAndWriteAsBefore() throws {
        let old = Data(
            #"{"selection":{"applications":[],"categories":[],"webDomains":[]},"thresholdMinutes":3}"#.utf8)
        let event = try JSONDecoder().decode(DeviceActivityEvent.self, from: old)
        #expect(event.includesPastActivity == false)
        #expect(event.thresholdMinutes == 3)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(event), as: UTF8.self) == String(decoding: old, as: UTF8.self))
        var flagged = event
        flagged.includesPastActivity = true
        let text = String(decoding: try encoder.encode(flagged), as: UTF8.self)
        #expect(text.contains(#""includesPastActivity":true"#))
        #expect(try JSONDecoder().decode(DeviceActivityEvent.self, from: Data(text.utf8)) == flagged)
    }
}
