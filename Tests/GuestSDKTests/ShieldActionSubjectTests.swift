import Foundation
import GuestRuntime
import ManagedSettings
import OALPlatform
import Testing

@testable import GuestHarness

/// Which of the ShieldActionDelegate's three overloads a press reaches. In
/// the serialized SwiftData suite: the guest device is one per process.
extension SwiftDataTests {
    /// Records the overload called; answers `.none`.
    final class OverloadProbe: ShieldActionDelegate {
        var called: [String] = []

        override func handle(
            action: ShieldAction, for application: ApplicationToken,
            completionHandler: @escaping (ShieldActionResponse) -> Void
        ) {
            called.append("application")
            completionHandler(.none)
        }

        override func handle(
            action: ShieldAction, for category: ActivityCategoryToken,
            completionHandler: @escaping (ShieldActionResponse) -> Void
        ) {
            called.append("category \(category.catalogID)")
            completionHandler(.none)
        }
    }

    /// https://developer.apple.com/documentation/managedsettings/shieldactiondelegate:
    /// `handle(action:for:)` for an application, a web domain, or "an
    /// activity category" — the category overload when the app is shielded
    /// because of its category, as the configuration extension's `in
    /// category:` overload already is.
    @Test func aPressOnAnAppShieldedByItsCategoryReachesTheCategoryOverload() throws {
        let base = try Self.installDevice("press-category")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        let catalog = try GuestDevice.context.platform.catalog.catalog()
        let chess = try #require(catalog.app(named: "Chess"))
        let instagram = try #require(catalog.app(named: "Instagram"))
        try GuestDevice.context.platform.managedSettings.store(named: "games").update {
            $0.shield.applicationCategories = .specific([chess.category], except: [])
            $0.shield.applications = [instagram.token]
        }
        let probe = OverloadProbe()
        for app in [chess, instagram] {
            let subject = try ShieldSubjectResolver(context: GuestDevice.context).resolve(
                kind: "application", token: app.token.description)
            ShieldActionMain.dispatch(.secondaryButtonPressed, subject: subject, to: probe) { _ in }
        }
        #expect(probe.called == ["category \(chess.category.id)", "application"])
    }
}
