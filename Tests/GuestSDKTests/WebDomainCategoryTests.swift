import Foundation
import GuestRuntime
import ManagedSettings
import OALPlatform
import Testing

/// `shield.webDomainCategories = .specific(...)` (Foqos's
/// `AppBlockerUtil` writes it): kept in the store and enforced on the
/// domains the catalog files under those categories.
extension SwiftDataTests {
    /// https://developer.apple.com/documentation/managedsettings/shieldsettings/webdomaincategories
    @Test func aSpecificWebDomainCategoryPolicyShieldsItsCategorysDomains() throws {
        let base = try Self.installDevice("web-categories")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        let catalog = try GuestDevice.context.platform.catalog.catalog()
        let social = try #require(catalog.category(named: "Social")?.token)
        let store = ManagedSettings.ManagedSettingsStore(named: .init("foqosWebRestrictions"))
        store.shield.webDomainCategories = .specific([ActivityCategoryToken(social)])
        #expect(store.shield.webDomainCategories == .specific([ActivityCategoryToken(social)]))
        let effective = try GuestDevice.context.platform.managedSettings.effective()
        let instagram = try #require(catalog.webDomain(named: "instagram.com"))
        let youtube = try #require(catalog.webDomain(named: "youtube.com"))
        #expect(effective.isShielded(instagram.token, category: instagram.category))
        #expect(!effective.isShielded(youtube.token, category: youtube.category))
    }
}
