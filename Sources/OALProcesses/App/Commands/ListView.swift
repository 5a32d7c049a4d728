import OALDomain
import OALPlatform

/// One app list as `list show` prints it. Member names come from the
/// device catalog, as `Label(token)` draws them on iOS.
struct ListView: Encodable {
    var id: String
    var name: String
    var count: String
    var members: [String]

    init(_ list: AppList, catalog: InstalledAppCatalog? = nil) {
        id = CanonicalUUID.string(list.id)
        name = list.name
        count = list.countText
        guard let catalog else {
            members = []
            return
        }
        let selection = list.selection
        members =
            selection.applications.map { catalog.displayName($0) }.sorted()
            + selection.categories.map { catalog.category($0)?.name ?? $0.description }.sorted()
            + selection.webDomains.map { token in
                catalog.webDomains.first { $0.token == token }?.domain ?? token.description
            }.sorted()
    }
}
