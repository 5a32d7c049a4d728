import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import Testing

/// An Allow Only rule shields everything except its list's apps,
/// categories and web domains (`ShieldScope`), and what its store holds
/// says exactly that for every app, category and domain of the catalog.
@Suite struct AllowOnlyShieldTests {
    static let catalog = InstalledAppCatalog.standard

    /// Where the written settings and the domain's scope disagree, as
    /// readable lines; empty when they agree everywhere in the catalog.
    static func disagreements(
        _ settings: StoreSettings, _ scope: ShieldScope, catalog: InstalledAppCatalog
    ) -> [String] {
        var found: [String] = []
        for app in catalog.apps {
            let expected = scope.covers(.application(app.token, category: app.category))
            if settings.shield.shields(app.token, category: app.category) != expected {
                found.append("app \(app.name): expected \(expected ? "shielded" : "free")")
            }
        }
        // A category is judged by an app the list does not name that the
        // catalog files under it (one the user might install tomorrow).
        for category in catalog.categories {
            let newcomer = ApplicationToken("app.newcomer.\(category.name)")
            let expected = scope.covers(.application(newcomer, category: category.token))
            if settings.shield.shields(newcomer, category: category.token) != expected {
                found.append("category \(category.name): expected \(expected ? "shielded" : "free")")
            }
        }
        for domain in catalog.webDomains {
            let expected = scope.covers(.webDomain(domain.token))
            if settings.shield.shields(domain.token, category: domain.category) != expected {
                found.append("domain \(domain.domain): expected \(expected ? "shielded" : "free")")
            }
        }
        return found
    }

    static func selection(apps: [String] = [], categories: [String] = [], domains: [String] = []) -> AppSelection {
        AppSelection(
            applications: Set(apps.compactMap { catalog.app(named: $0)?.token }),
            categories: Set(categories.compactMap { catalog.category(named: $0)?.token }),
            webDomains: Set(domains.compactMap { catalog.webDomain(named: $0)?.token }))
    }

    /// A 09:00–17:00 schedule in `mode`.
    static func schedule(_ mode: SelectionMode) throws -> Rule {
        Rule(
            id: UUID(), name: "Focus", createdAt: .distantPast,
            configuration: .schedule(try ScheduleConfig(startMinutes: 540, endMinutes: 1020, selectionMode: mode)))
    }

    static let lists: [(String, AppSelection)] = [
        ("apps", selection(apps: ["Kindle", "Notes"])),
        ("a category", selection(categories: ["Games"])),
        ("a domain", selection(domains: ["news.ycombinator.com"])),
        (
            "apps, categories and domains",
            selection(
                apps: ["Instagram"], categories: ["Games", "Information & Reading"],
                domains: ["youtube.com", "reddit.com"])
        ),
        ("every category", selection(categories: catalog.categories.map(\.name))),
    ]

    @Test(arguments: [SelectionMode.allowOnly, .block])
    func theWrittenSettingsEqualTheScopeForEveryCatalogAppCategoryAndDomain(mode: SelectionMode) throws {
        let rule = try Self.schedule(mode)
        let on = EnforcementDecision(
            shield: true, filterAdultContent: false, reason: .windowActive(until: .distantFuture))
        let categories = Set(Self.catalog.categories.map(\.token))
        for (label, selection) in Self.lists {
            let settings = ShieldController.settings(
                rule: rule, selection: selection, decision: on, catalogCategories: categories)
            let scope = ShieldScope(rule: rule, selection: selection)
            let wrong = Self.disagreements(settings, scope, catalog: Self.catalog)
            #expect(wrong.isEmpty, "\(mode) with \(label): \(wrong.joined(separator: "; "))")
        }
    }

    @Test func theOldAllExceptAppsOnlySettingsDisagreeWithTheScope() throws {
        // The shape `allow-only-blocks-list` keeps: an allowed category stays
        // blocked and no website is ever blocked.
        let rule = try Self.schedule(.allowOnly)
        let selection = Self.selection(apps: ["Kindle"], categories: ["Games"], domains: ["reddit.com"])
        let old = StoreSettings(shield: ShieldSettings(applicationCategories: .all(except: selection.applications)))
        let wrong = Self.disagreements(old, ShieldScope(rule: rule, selection: selection), catalog: Self.catalog)
        #expect(wrong.contains("app Chess: expected free"))
        #expect(wrong.contains("domain youtube.com: expected shielded"))
    }

    /// The device, driven through real processes: the app's refresh and the
    /// monitor's window start both write the exempting settings.
    @Test func allowOnlyExemptsItsListsAppsCategoriesAndDomainsOnBothPaths() throws {
        let device = try Device()
        try Self.playStudy(on: device)
    }

    /// `allow-only-blocks-list`: the old settings keep Chess (an allowed
    /// category) blocked and leave every website free.
    @Test func theAllowOnlyBlocksListMutantKeepsAnAllowedCategoryBlocked() throws {
        let device = try Device()
        device.environment = ["OAL_MUTANT": "allow-only-blocks-list"]
        try device.set(2026, 11, 30, 9, 0)
        try device.app("list", "add", "Focus", "--apps", "Kindle", "--categories", "Games")
        _ = try device.addRule(
            "schedule", "Study", "--list", "Focus", "--from", "09:00", "--to", "17:00", "--allow-only")
        #expect(try device.isShielded("Chess"))
        #expect(
            try !device.effective().isShielded(InstalledAppCatalog.webDomainToken(domain: "youtube.com"), category: nil)
        )
    }

    static func playStudy(on device: Device) throws {
        try device.set(2026, 11, 30, 8, 0)
        try device.app(
            "list", "add", "Focus", "--apps", "Kindle", "--categories", "Games", "--domains", "news.ycombinator.com")
        let id = try device.addRule(
            "schedule", "Study", "--list", "Focus", "--from", "09:00", "--to", "17:00", "--allow-only")
        #expect(try device.effective().stores.values.allSatisfy { $0.shield.isEmpty })

        func check(_ path: String) throws {
            let effective = try device.effective()
            #expect(try !device.isShielded("Kindle"), "\(path)")
            #expect(try !device.isShielded("Chess"), "\(path): Games is allowed")
            #expect(try !device.isShielded("Candy Crush"), "\(path): Games is allowed")
            #expect(try device.isShielded("Instagram"), "\(path)")
            #expect(try device.isShielded("YouTube"), "\(path)")
            #expect(
                !effective.isShielded(InstalledAppCatalog.webDomainToken(domain: "news.ycombinator.com"), category: nil)
            )
            #expect(
                effective.isShielded(InstalledAppCatalog.webDomainToken(domain: "youtube.com"), category: nil),
                "\(path)")
            let store = try #require(effective.stores["rule-\(id.uuidString)"])
            let list = Self.selection(apps: ["Kindle"], categories: ["Games"], domains: ["news.ycombinator.com"])
            let rule = try Self.schedule(.allowOnly)
            let wrong = Self.disagreements(store, ShieldScope(rule: rule, selection: list), catalog: Self.catalog)
            #expect(wrong.isEmpty, "\(path): \(wrong.joined(separator: "; "))")
        }

        // Background: the window starts with the app closed.
        try device.set(2026, 11, 30, 9, 0)
        try device.monitor("intervalDidStart", "sched-\(id.uuidString)")
        try check("monitor")

        // Foreground: the store lost, the app's refresh writes it again.
        try device.clearStore("rule-\(id.uuidString)")
        try device.app("refresh")
        try check("refresh")
    }
}
