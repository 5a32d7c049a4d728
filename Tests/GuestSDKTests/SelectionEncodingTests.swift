import FamilyControls
import Foundation
import ManagedSettings
import OALDomain
import OALPlatform
import Testing

/// The harness hands the guest the user's selection as the emulator encodes
/// it; the guest decodes it as a `FamilyActivitySelection`. Both must be one
/// format, with the catalog's tokens.
struct SelectionEncodingTests {
    @Test func aFamilyActivitySelectionIsTheEmulatorsSelection() throws {
        let app = InstalledAppCatalog.appToken(bundleIdentifier: "com.burbn.instagram")
        let category = InstalledAppCatalog.categoryToken(named: "Games")
        let domain = InstalledAppCatalog.webDomainToken(domain: "reddit.com")
        let emulator = AppSelection(applications: [app], categories: [category], webDomains: [domain])
        let guest = try JSONDecoder().decode(FamilyActivitySelection.self, from: emulator.encoded())
        #expect(guest.applicationTokens == [ApplicationToken(app)])
        #expect(guest.categoryTokens == [ActivityCategoryToken(category)])
        #expect(guest.webDomainTokens == [WebDomainToken(domain)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encode(guest) == emulator.encoded())
    }
}
