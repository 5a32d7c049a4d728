import Foundation
import ManagedSettings
import OALDomain
import OALPlatform
import OALProcesses
import OALSystem

/// What iOS hands a shield extension for a token: the app (with the
/// category the device files it under) or the web domain, from the device
/// catalog, and whether the shield on the app is there because of its
/// category (iOS then calls the `in category` overloads).
struct ShieldSubjectResolver {
    let context: ProcessContext

    enum Subject {
        case application(Application, category: ActivityCategory?, byCategory: Bool)
        case webDomain(ManagedSettings.WebDomain)
    }

    func resolve(kind: String, token: String) throws -> Subject {
        let catalog = try context.platform.catalog.catalog()
        switch kind {
        case "application":
            let app = catalog.app(OALDomain.ApplicationToken(token))
            let category = app.map { ActivityCategory(token: ActivityCategoryToken($0.category)) }
            let byCategory = try app.map { try shieldedOnlyByCategory($0) } ?? false
            return .application(
                Application(
                    token: ApplicationToken(catalogID: token), bundleIdentifier: app?.bundleIdentifier,
                    localizedDisplayName: app?.name),
                category: category, byCategory: byCategory)
        case "web-domain":
            let domain = catalog.webDomains.first { $0.token.id == token }
            return .webDomain(
                ManagedSettings.WebDomain(token: WebDomainToken(catalogID: token), domain: domain?.domain))
        default:
            throw ProcessFailure.usage("unknown shield subject '\(kind)' (expected application or web-domain)")
        }
    }

    /// True when no store names the app itself but one shields its category.
    private func shieldedOnlyByCategory(_ app: InstalledApp) throws -> Bool {
        let effective = try context.platform.managedSettings.effective()
        let named = effective.stores.values.contains { $0.shield.applications?.contains(app.token) == true }
        return !named && effective.isShielded(app.token, category: app.category)
    }
}
