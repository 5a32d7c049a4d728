import Combine
import FamilyControls
import Foundation
import GuestFoundation
import GuestRuntime
import ManagedSettings
import ManagedSettingsUI
import OALPlatform
import OALProcesses
import OALStore
import OSLog
import SwiftUI
import Testing

/// The stand-ins Foqos's extensions needed (issue 26, item 3; docs/FOQOS.md), each against the Apple page it follows.
@Suite("Stand-ins a second app needed")
struct FoqosStandInTests {
    /// https://developer.apple.com/documentation/uikit/uiscreen/bounds: the
    /// screen's rectangle in points, portrait-up; .../uiscreen/scale: points
    /// to pixels. The emulated device is one iPhone (a stated model: an
    /// iPhone 15, 393 × 852 points at 3×), so Foqos's layout choice is fixed.
    /// https://developer.apple.com/documentation/familycontrols/familyactivityselection/applications
    /// (and `categories`, `webDomains`): what was picked, as the framework's
    /// values. In the app's process they carry the token only: iOS keeps
    /// the bundle identifier and name from the app that asked (a stated
    /// model; only a `Label(token)` shows the name there).
    @Test func aSelectionAnswersItsPicksAsValuesWithTheirTokensOnly() {
        let app = ApplicationToken(catalogID: "app-1")
        let category = ActivityCategoryToken(catalogID: "cat-1")
        let domain = WebDomainToken(catalogID: "web-1")
        let selection = FamilyActivitySelection(
            applicationTokens: [app], categoryTokens: [category], webDomainTokens: [domain])
        #expect(selection.applications == [Application(token: app)])
        #expect(selection.categories == [ActivityCategory(token: category)])
        #expect(selection.webDomains == [WebDomain(token: domain)])
        #expect(selection.applications.first?.bundleIdentifier == nil)
        #expect(FamilyActivitySelection().applications.isEmpty)
    }

    @Test @MainActor func theScreenIsOneIPhonesInPointsPortraitUp() {
        let screen = UIScreen.main
        #expect(screen.bounds == CGRect(x: 0, y: 0, width: 393, height: 852))
        #expect(screen.scale == 3)
        #expect(screen.nativeBounds == CGRect(x: 0, y: 0, width: 1179, height: 2556))
        #expect(UIScreen.main === screen)
    }

    /// https://developer.apple.com/documentation/uikit/uicolor/getred(_:green:blue:alpha:)
    /// and .../uicolor/withalphacomponent(_:): the components in the RGB
    /// colour space; the same colour at another alpha.
    @Test func aColourAnswersItsComponentsAndTakesAnotherAlpha() {
        var red: CGFloat = -1
        var green: CGFloat = -1
        var blue: CGFloat = -1
        var alpha: CGFloat = -1
        let translucent = UIColor.white.withAlphaComponent(0.88)
        #expect(translucent.getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        #expect([red, green, blue, alpha] == [1, 1, 1, 0.88])
        #expect(UIColor.black.getRed(&red, green: nil, blue: nil, alpha: &alpha))
        #expect(red == 0 && alpha == 1)
        // A colour whose components the emulator does not know cannot be
        // converted: false, as UIKit answers for such a colour.
        #expect(!UIColor(Color("Brand")).getRed(&red, green: &green, blue: &blue, alpha: &alpha))
    }

    /// https://developer.apple.com/documentation/swiftui/color/init(_:red:green:blue:opacity:)
    /// and https://developer.apple.com/documentation/uikit/uicolor/init(_:)-6kjz0
    /// (`UIColor(_ color: Color)`): Foqos's theme colour from `#894fa3`.
    @Test func aSwiftUIColourBecomesTheSameUIColor() {
        let purple = Color(.sRGB, red: 137 / 255, green: 79 / 255, blue: 163 / 255, opacity: 1)
        var red: CGFloat = 0
        var green: CGFloat = 0
        var blue: CGFloat = 0
        var alpha: CGFloat = 0
        #expect(UIColor(purple).getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        #expect(Int((red * 255).rounded()) == 137 && Int((green * 255).rounded()) == 79)
        #expect(Int((blue * 255).rounded()) == 163 && alpha == 1)
    }

    /// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer
    /// (the actions run with the renderer's context current) and
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/draw(in:):
    /// the emulated image is what was drawn into it.
    @Test func anImageRendererRecordsWhatItsActionsDraw() {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 96, height: 96))
        let image = renderer.image { _ in
            let paragraph = NSMutableParagraphStyle()
            paragraph.alignment = .center
            let text = NSAttributedString(
                string: "📵", attributes: [.font: UIFont.systemFont(ofSize: 96 * 0.78), .paragraphStyle: paragraph])
            let bounds = text.boundingRect(
                with: CGSize(width: 96, height: 96), options: [.usesLineFragmentOrigin, .usesFontLeading],
                context: nil)
            // The nominal metric: one em per character, 1.2 em per line.
            #expect(abs(bounds.height - 96 * 0.78 * 1.2) < 0.001)
            #expect(abs(bounds.width - 96 * 0.78) < 0.001)
            text.draw(in: CGRect(x: 0, y: 0, width: 96, height: bounds.height))
        }
        #expect(image.size == CGSize(width: 96, height: 96))
        #expect(image.drawings.map(\.text) == ["📵"])
        #expect(image.description == "image 96×96 drawing \"📵\"")
        // A shield configuration carries it as its icon.
        let shield = ShieldConfiguration(backgroundBlurStyle: .dark, icon: image)
        #expect(shield.icon == image)
    }

    /// https://developer.apple.com/documentation/combine/observableobject/objectwillchange-2oa5v:
    /// one publisher per object, which a class gets without declaring it.
    @Test func anObservableObjectHasOnePublisherForItsLife() {
        final class Theme: ObservableObject {}
        let theme = Theme()
        theme.objectWillChange.send()
        theme.objectWillChange.send()
        #expect(theme.objectWillChange === theme.objectWillChange)
        #expect(theme.objectWillChange.announcements == 2)
        #expect(Theme().objectWillChange.announcements == 0)
    }

    /// https://developer.apple.com/documentation/managedsettings/webdomain/init(domain:):
    /// a domain by name, with no token, as a web filter takes it.
    @Test func aWebDomainByNameHasNoToken() {
        let domain = WebDomain(domain: "example.com")
        #expect(domain.domain == "example.com")
        #expect(domain.token == nil)
    }

    /// Apple's OSLog re-exports os: `Logger` is reachable from `import OSLog`
    /// alone (https://developer.apple.com/documentation/oslog/logger).
    @Test func oslogReExportsTheLogger() {
        let logger: OSLog.Logger = Logger(subsystem: "com.foqos.monitor", category: "DeviceActivity")
        #expect(logger.category == "DeviceActivity")
    }
}

/// The stand-ins that touch the device's files run in the serialized
/// SwiftData suite: the guest device installed here is one per process.
extension SwiftDataTests {
    static func installDevice(_ name: String) throws -> URL {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("oal-\(name)-\(UUID().uuidString)")
        let root = DeviceRoot(base)
        for directory in [root.system, root.appGroup, root.logs] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try EmulatedClock(system: AppGroupContainer(url: root.system)).set(
            ClockState(now: Date(timeIntervalSince1970: 1_790_000_000), timeZoneIdentifier: "UTC"))
        GuestDevice.install(
            try ProcessContext(tool: "test", kind: .monitor, rootPath: base.path), appGroups: ["group.test"])
        return base
    }

    /// https://developer.apple.com/documentation/swiftui/appstorage: the
    /// default until the key has a value, then the key's value, in the
    /// store named (Foqos's theme colour, in its App Group suite).
    @Test func appStorageReadsAndWritesItsKeyInTheStoreNamed() throws {
        let base = try Self.installDevice("appstorage")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        struct Theme {
            @AppStorage("foqosThemeColorName", store: GuestUserDefaults(suiteName: "group.test"))
            var name: String = "Grimace Purple"
        }
        let theme = Theme()
        #expect(theme.name == "Grimace Purple")
        theme.name = "Ocean Blue"
        #expect(GuestUserDefaults(suiteName: "group.test")?.string(forKey: "foqosThemeColorName") == "Ocean Blue")
        #expect(Theme().name == "Ocean Blue")
    }

    /// https://developer.apple.com/documentation/managedsettings/applicationsettings/denyappinstallation-swift.property:
    /// nil unless the app constrains it; kept in the named store and read
    /// back by any process, beside `denyAppRemoval`.
    @Test func denyAppInstallationIsKeptInTheNamedStore() throws {
        let base = try Self.installDevice("deny-install")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        let store = ManagedSettings.ManagedSettingsStore(named: .init("foqosAppRestrictions"))
        #expect(store.application.denyAppInstallation == nil)
        store.application.denyAppInstallation = true
        store.application.denyAppRemoval = true
        let again = ManagedSettings.ManagedSettingsStore(named: .init("foqosAppRestrictions"))
        #expect(again.application.denyAppInstallation == true)
        #expect(again.application.denyAppRemoval == true)
        again.clearAllSettings()
        #expect(store.application.denyAppInstallation == nil)
    }
}
