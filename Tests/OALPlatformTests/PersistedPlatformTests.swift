import Foundation
import OALDomain
import Testing

@testable import OALPlatform

@Suite struct PersistedPlatformTests {
    @Test func clockMustBeSetBeforeUse() throws {
        let root = try PlatformFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let platform = try EmulatedPlatform(root: root)
        #expect(throws: ClockError.self) { try platform.clock.now() }
        #expect(throws: ClockError.unknownTimeZone("Mars/Olympus")) {
            try platform.clock.set(ClockState(now: Date(timeIntervalSince1970: 0), timeZoneIdentifier: "Mars/Olympus"))
        }
        let now = PlatformFixtures.at(2026, 11, 30, 9, 0)
        try platform.clock.set(ClockState(now: now, timeZoneIdentifier: "America/New_York"))
        #expect(try platform.clock.now() == now)
    }

    @Test func centerPersistsAndOwesEndsAcrossProcessesOfTheSameRoot() throws {
        let root = try PlatformFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let app = try EmulatedPlatform(root: root)
        try app.clock.set(
            ClockState(now: PlatformFixtures.at(2026, 11, 30, 9, 30), timeZoneIdentifier: "America/New_York"))
        try app.deviceActivity.startMonitoring("sched-x", during: PlatformFixtures.daily((9, 0), (10, 0)))
        #expect(throws: MonitoringError.intervalTooShort(activity: "sched-y", minutes: 10)) {
            try app.deviceActivity.startMonitoring("sched-y", during: PlatformFixtures.daily((9, 0), (9, 10)))
        }
        // A second opening of the same root (another process) sees it.
        let device = try EmulatedPlatform(root: root)
        #expect(try device.deviceActivity.activities() == ["sched-x"])
        try app.deviceActivity.stopMonitoring(["sched-x"])
        let owed = try device.deviceActivity.withRegistry { $0.drainPending() }
        #expect(owed.map(\.activity) == ["sched-x"])
        #expect(try device.deviceActivity.registry().pending.isEmpty)
    }

    @Test func catalogTokensAreStableAndOpaque() {
        let first = InstalledAppCatalog.appToken(bundleIdentifier: "com.burbn.instagram")
        #expect(first == InstalledAppCatalog.appToken(bundleIdentifier: "com.burbn.instagram"))
        #expect(!first.id.contains("instagram"))
        #expect(first != InstalledAppCatalog.appToken(bundleIdentifier: "com.burbn.instagram2"))
    }

    /// Source: developer forums threads 732845 and 756440 (tokens change
    /// after an OS update). A reissued token is another opaque value, no
    /// selection holding the old one covers the app any more, and the next
    /// reissue differs again; the bundle-derived token above stays stable.
    @Test func aReissuedTokenIsANewOpaqueValueNoOldSelectionCovers() throws {
        var catalog = InstalledAppCatalog.standard
        let before = try #require(catalog.app(named: "Instagram"))
        let stored = AppSelection(applications: [before.token])
        let reissued = catalog.reissueToken(ofAppNamed: "Instagram")
        let change = try #require(reissued)
        let after = try #require(catalog.app(named: "Instagram"))
        #expect(change.old == before.token && change.new == after.token)
        #expect(after.token != before.token && !after.token.id.contains("instagram"))
        #expect(after.bundleIdentifier == before.bundleIdentifier)
        #expect(!catalog.selection(stored, covers: after))
        let second = catalog.reissueToken(ofAppNamed: "Instagram")
        let again = try #require(second)
        #expect(again.new != after.token && again.new != before.token)
        #expect(catalog.reissueToken(ofAppNamed: "No Such App") == nil)
    }

    @Test func traceLinesFromTwoWritersStayWhole() throws {
        let root = try PlatformFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let first = TraceLog(root: root, process: .app)
        let second = TraceLog(root: root, process: .monitor)
        let now = PlatformFixtures.at(2026, 11, 30, 9, 0)
        for index in 0..<50 {
            first.record("store.write", at: now, ["store": "rule-snapshots", "n": "\(index)"])
            second.record("callback", at: now, ["kind": "intervalDidStart"])
        }
        let lines = try TraceLog.read(root.trace)
        #expect(lines.count == 100)
        let events = lines.compactMap { try? $0.get() }
        #expect(events.count == 100)
        #expect(Set(events.map(\.process)) == [.app, .monitor])
        #expect(events.first?.time == "2026-11-30T14:00:00.000Z")
    }
}
