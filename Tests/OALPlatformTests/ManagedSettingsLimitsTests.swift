import Foundation
import OALDomain
import Testing

@testable import OALPlatform

/// ManagedSettings' ceilings: a write past one is refused with an error that
/// names the store, the setting and the limit, and changes nothing
/// (docs/PLATFORM.md, "ManagedSettings"; what iOS does beyond them is not
/// documented, so the emulator never accepts it silently).
@Suite struct ManagedSettingsLimitsTests {
    private func tokens(_ count: Int) -> Set<ApplicationToken> {
        Set((0..<count).map { ApplicationToken("app-\($0)") })
    }

    private func withDirectory(_ body: (ManagedSettingsDirectory) throws -> Void) throws {
        let root = try PlatformFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try body(try EmulatedPlatform(root: root).managedSettings)
    }

    /// https://developer.apple.com/documentation/managedsettings/shieldsettings/applications-swift.property:
    /// "Your app can shield up to 50 application tokens at once"; the same
    /// for `webDomains` (.../shieldsettings/webdomains).
    @Test func theFiftyFirstShieldedTokenIsRefused() throws {
        try withDirectory { directory in
            let store = try directory.store(named: "many")
            try store.update { $0.shield.applications = tokens(50) }
            #expect {
                try store.update { $0.shield.applications = tokens(51) }
            } throws: { error in
                "\(error)".contains("ManagedSettingsStore(named: many).shield.applications: 51 application tokens")
                    && "\(error)".contains("limit of 50")
            }
            #expect(try store.settings().shield.applications?.count == 50)
            let domains = Set((0..<51).map { WebDomainToken("web-\($0)") })
            #expect(throws: ManagedSettingsLimits.LimitExceeded.self) {
                try store.update { $0.shield.webDomains = domains }
            }
        }
    }

    /// https://developer.apple.com/documentation/managedsettings/shieldsettings/activitycategorypolicy:
    /// at most 50 category tokens and 50 exceptions.
    @Test func fiftyOneCategoriesOrExceptionsAreRefused() throws {
        try withDirectory { directory in
            let store = try directory.store(named: "categories")
            let categories = Set((0..<51).map { CategoryToken("category-\($0)") })
            #expect(throws: ManagedSettingsLimits.LimitExceeded.self) {
                try store.update { $0.shield.applicationCategories = .specific(categories, except: []) }
            }
            #expect(throws: ManagedSettingsLimits.LimitExceeded.self) {
                try store.update { $0.shield.applicationCategories = .all(except: tokens(51)) }
            }
            let domains = Set((0..<51).map { WebDomainToken("web-\($0)") })
            #expect(throws: ManagedSettingsLimits.LimitExceeded.self) {
                try store.update { $0.shield.webDomainCategories = .all(except: domains) }
            }
            try store.update { $0.shield.applicationCategories = .all(except: tokens(50)) }
            #expect(try store.settings().shield.applicationCategories != nil)
        }
    }

    /// WWDC22 via developer forums thread 741182: about 50 named stores. A
    /// 51st store may not begin to hold settings; the 50 may still change.
    @Test func theFiftyFirstStoreIsRefused() throws {
        try withDirectory { directory in
            for index in 0..<50 {
                try directory.store(named: "store-\(index)").update { $0.denyAppRemoval = true }
            }
            #expect {
                try directory.store(named: "store-50").update { $0.denyAppRemoval = true }
            } throws: { error in
                "\(error)".contains("ManagedSettingsStore(named: store-50)") && "\(error)".contains("50 named stores")
            }
            try directory.store(named: "store-0").update { $0.shield.applications = tokens(1) }
            try directory.store(named: "store-1").clearAllSettings()
            try directory.store(named: "store-50").update { $0.denyAppRemoval = true }
            let names = try directory.storeNames()
            #expect(names.count == 50, "\(names)")
        }
    }
}
