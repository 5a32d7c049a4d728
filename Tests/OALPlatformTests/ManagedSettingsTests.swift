import Foundation
import OALDomain
import Testing

@testable import OALPlatform

@Suite struct ManagedSettingsTests {
    let catalog = InstalledAppCatalog.standard

    @Test func allExceptIsItselfAShieldAndNeverLiftsAnotherStore() throws {
        let instagram = try #require(catalog.app(named: "Instagram"))
        let notes = try #require(catalog.app(named: "Notes"))
        let allowOnly = StoreSettings(
            shield: ShieldSettings(applicationCategories: .all(except: [instagram.token, notes.token])))
        let timeLimit = StoreSettings(shield: ShieldSettings(applications: [instagram.token]))
        let effective = EffectiveSettings(stores: ["rule-allow": allowOnly, "rule-limit": timeLimit])
        #expect(effective.storesShielding(instagram.token, category: instagram.category) == ["rule-limit"])
        #expect(!effective.isShielded(notes.token, category: notes.category))
        let youtube = try #require(catalog.app(named: "YouTube"))
        #expect(effective.storesShielding(youtube.token, category: youtube.category) == ["rule-allow"])
    }

    @Test func specificCategoriesHonourTheirExceptions() throws {
        let instagram = try #require(catalog.app(named: "Instagram"))
        let tiktok = try #require(catalog.app(named: "TikTok"))
        let shield = ShieldSettings(applicationCategories: .specific([instagram.category], except: [tiktok.token]))
        #expect(shield.shields(instagram.token, category: instagram.category))
        #expect(!shield.shields(tiktok.token, category: tiktok.category))
    }

    @Test func storesPersistSeparatelyAndClearingOneKeepsTheOther() throws {
        let root = try PlatformFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let platform = try EmulatedPlatform(root: root)
        let instagram = try #require(catalog.app(named: "Instagram"))
        try platform.managedSettings.store(named: "rule-a").update {
            $0.shield.applications = [instagram.token]
        }
        try platform.managedSettings.store(named: "rule-b").update {
            $0.shield.applications = [instagram.token]
            $0.webContentBlockedByFilter = true
        }
        try platform.managedSettings.store(named: "rule-b").clearAllSettings()
        let effective = try platform.managedSettings.effective()
        #expect(effective.storesShielding(instagram.token, category: instagram.category) == ["rule-a"])
        #expect(!effective.adultContentFiltered)
        #expect(try platform.managedSettings.storeNames() == ["rule-a"])
    }

    @Test func storeNamesThatEscapeTheDirectoryAreRejected() throws {
        let root = try PlatformFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let platform = try EmulatedPlatform(root: root)
        #expect(throws: (any Error).self) { try platform.managedSettings.store(named: "../appgroup/x") }
    }
}
