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

    /// https://developer.apple.com/documentation/managedsettings/shieldsettings/webdomaincategories:
    /// "the categories of web domains" to shield, by the same category
    /// tokens as apps'. The catalog files each domain under one.
    @Test func webDomainCategoriesSpecificShieldsTheDomainsFiledUnderThem() throws {
        let social = try #require(catalog.category(named: "Social")?.token)
        let instagram = try #require(catalog.webDomain(named: "instagram.com"))
        let reddit = try #require(catalog.webDomain(named: "reddit.com"))
        let youtube = try #require(catalog.webDomain(named: "youtube.com"))
        #expect(instagram.category == social && reddit.category == social)
        let store = StoreSettings(
            shield: ShieldSettings(webDomainCategories: .specific([social], except: [reddit.token])))
        #expect(!store.isEmpty)
        #expect(store.shield.shields(instagram.token, category: instagram.category))
        #expect(!store.shield.shields(reddit.token, category: reddit.category))
        #expect(!store.shield.shields(youtube.token, category: youtube.category))
        // A domain filed under no category is never shielded by category.
        #expect(!store.shield.shields(instagram.token, category: nil))
        let effective = EffectiveSettings(stores: ["foqos": store])
        #expect(effective.isShielded(instagram.token, category: instagram.category))
    }

    @Test func webDomainCategoriesAllExceptShieldsEveryOtherDomain() throws {
        let news = InstalledAppCatalog.webDomainToken(domain: "news.ycombinator.com")
        let youtube = InstalledAppCatalog.webDomainToken(domain: "youtube.com")
        let allowOnly = StoreSettings(shield: ShieldSettings(webDomainCategories: .all(except: [news])))
        #expect(!allowOnly.isEmpty)
        #expect(allowOnly.shield.shields(youtube, category: nil))
        #expect(!allowOnly.shield.shields(news, category: nil))
        // A union: another store's domain shield stands.
        let block = StoreSettings(shield: ShieldSettings(webDomains: [news]))
        let effective = EffectiveSettings(stores: ["rule-allow": allowOnly, "rule-block": block])
        #expect(effective.isShielded(news, category: nil))
        #expect(effective.isShielded(youtube, category: nil))
    }

    @Test func aStoreFileWrittenBeforeWebDomainCategoriesStillReads() throws {
        let root = try PlatformFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let platform = try EmulatedPlatform(root: root)
        let instagram = try #require(catalog.app(named: "Instagram"))
        let old = """
            {
              "document" : {
                "shield" : {
                  "applicationCategories" : { "all" : { "except" : [ "\(instagram.token.description)" ] } },
                  "webDomains" : [ "web-1" ]
                }
              },
              "format" : "oal.managedsettings",
              "formatVersion" : 1
            }
            """
        try old.write(
            to: root.managedSettings.appendingPathComponent("rule-old.json"), atomically: true, encoding: .utf8)
        let settings = try platform.managedSettings.store(named: "rule-old").settings()
        #expect(settings.shield.webDomainCategories == nil)
        #expect(settings.shield.applicationCategories == .all(except: [instagram.token]))
        #expect(settings.shield.shields(WebDomainToken("web-1"), category: nil))
        #expect(!settings.shield.shields(WebDomainToken("web-2"), category: nil))
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
