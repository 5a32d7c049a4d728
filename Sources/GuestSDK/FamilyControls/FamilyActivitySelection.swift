import ManagedSettings

/// What the user picked in the system picker: tokens of the device catalog.
/// It encodes with the emulator's selection format (sorted token arrays
/// under `applications`, `categories`, `webDomains`), so the harness can
/// hand the guest a selection built from the user's taps.
public struct FamilyActivitySelection: Hashable, Codable, Sendable {
    public var applicationTokens: Set<ApplicationToken>
    public var categoryTokens: Set<ActivityCategoryToken>
    public var webDomainTokens: Set<WebDomainToken>

    public init() {
        applicationTokens = []
        categoryTokens = []
        webDomainTokens = []
    }

    public init(
        applicationTokens: Set<ApplicationToken>, categoryTokens: Set<ActivityCategoryToken>,
        webDomainTokens: Set<WebDomainToken>
    ) {
        self.applicationTokens = applicationTokens
        self.categoryTokens = categoryTokens
        self.webDomainTokens = webDomainTokens
    }

    private enum CodingKeys: String, CodingKey {
        case applications, categories, webDomains
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        applicationTokens = Set(try container.decode([ApplicationToken].self, forKey: .applications))
        categoryTokens = Set(try container.decode([ActivityCategoryToken].self, forKey: .categories))
        webDomainTokens = Set(try container.decode([WebDomainToken].self, forKey: .webDomains))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(applicationTokens.sorted(), forKey: .applications)
        try container.encode(categoryTokens.sorted(), forKey: .categories)
        try container.encode(webDomainTokens.sorted(), forKey: .webDomains)
    }
}

extension FamilyActivitySelection {
    // What was picked, as values. iOS hands the app that asked only the
    // tokens (the bundle identifier and name stay with the system; a
    // `Label(token)` draws the name), so each value carries its token alone.

    public var applications: Set<Application> { Set(applicationTokens.map { Application(token: $0) }) }
    public var categories: Set<ActivityCategory> { Set(categoryTokens.map { ActivityCategory(token: $0) }) }
    public var webDomains: Set<WebDomain> { Set(webDomainTokens.map { WebDomain(token: $0) }) }
}
