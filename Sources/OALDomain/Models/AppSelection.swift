import Foundation

/// The apps, categories and web domains a list covers; the emulator's
/// stand-in for `FamilyActivitySelection`.
///
/// The encoding is deterministic (sorted keys, sorted members) so that the
/// same selection always yields the same bytes: snapshots compare equal,
/// fixtures diff cleanly and a restart-on-change check never sees a change
/// that is only a reordering.
public struct AppSelection: Hashable, Codable, Sendable {
    public var applications: Set<ApplicationToken>
    public var categories: Set<CategoryToken>
    public var webDomains: Set<WebDomainToken>

    public init(
        applications: Set<ApplicationToken> = [],
        categories: Set<CategoryToken> = [],
        webDomains: Set<WebDomainToken> = []
    ) {
        self.applications = applications
        self.categories = categories
        self.webDomains = webDomains
    }

    public static let empty = AppSelection()

    public var isEmpty: Bool {
        applications.isEmpty && categories.isEmpty && webDomains.isEmpty
    }

    /// What the picker's footer counts ("3 Apps"): every member, whatever
    /// its sort.
    public var itemCount: Int {
        applications.count + categories.count + webDomains.count
    }

    /// Whether an app is covered, directly or through its category.
    /// `category` is the app's category in the device catalog, if known.
    public func covers(_ application: ApplicationToken, category: CategoryToken?) -> Bool {
        if applications.contains(application) { return true }
        if let category, categories.contains(category) { return true }
        return false
    }

    /// The canonical bytes: sorted keys and sorted arrays.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding sets of strings cannot fail; a failure here would be a
        // Foundation bug, and an empty document is the least harmful answer.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    /// Strict decode of `encoded()` output (or any JSON of the same shape).
    public init(decoding data: Data) throws {
        self = try JSONDecoder().decode(AppSelection.self, from: data)
    }

    private enum CodingKeys: String, CodingKey {
        case applications, categories, webDomains
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        applications = Set(try container.decode([ApplicationToken].self, forKey: .applications))
        categories = Set(try container.decode([CategoryToken].self, forKey: .categories))
        webDomains = Set(try container.decode([WebDomainToken].self, forKey: .webDomains))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(applications.sorted(), forKey: .applications)
        try container.encode(categories.sorted(), forKey: .categories)
        try container.encode(webDomains.sorted(), forKey: .webDomains)
    }
}
