import Foundation
import OALDomain
import Testing

@testable import OALPlatform

@Suite struct UsageAccountingTests {
    let calendar = PlatformFixtures.calendar()
    let catalog = InstalledAppCatalog.standard

    func registry(registeredAt: Date, thresholds: [Int], selection: AppSelection) throws -> ActivityRegistry {
        var registry = ActivityRegistry()
        var events: [String: DeviceActivityEvent] = [:]
        for minutes in thresholds {
            events["minutes-\(minutes)"] = DeviceActivityEvent(selection: selection, thresholdMinutes: minutes)
        }
        try registry.start(
            "rule-x", schedule: PlatformFixtures.daily((0, 0), (23, 59)), events: events, at: registeredAt,
            calendar: calendar)
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
}
