import Foundation
import OALDomain
import OALStore

/// The app's private database, `<root>/app/rules.json`: its rules and app
/// lists, the SwiftData store of the real app. Only `oal-app` opens it;
/// the extensions learn of rules through the published snapshots.
///
/// `generation` counts the changes: every `AppSession.mutate` bumps it, and
/// the App Group mirror records the generation it was published from, so a
/// refresh holding an older read can never publish over a newer one. A
/// file written before the field existed reads as generation 0.
public struct AppDatabase: Codable, Hashable, Sendable {
    public var rules: [Rule]
    public var lists: AppListLibrary
    public var generation: Int

    public init(rules: [Rule] = [], lists: AppListLibrary = AppListLibrary.empty, generation: Int = 0) {
        self.rules = rules
        self.lists = lists
        self.generation = generation
    }

    private enum CodingKeys: String, CodingKey {
        case rules, lists, generation
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rules = try container.decode([Rule].self, forKey: .rules)
        lists = try container.decode(AppListLibrary.self, forKey: .lists)
        generation = try container.decodeIfPresent(Int.self, forKey: .generation) ?? 0
    }

    public static let storeName = "rules"
    public static let format = "oal.app-rules"
    public static let version = 1

    /// Opens the file in the app container, reporting to the process trace.
    public static func open(_ context: ProcessContext) throws -> DocumentFile<AppDatabase> {
        try DocumentFile(
            container: AppGroupContainer(url: context.root.appContainer), name: storeName, format: format,
            version: version, durable: context.durability, observer: context.observer)
    }

    public func selection(for rule: Rule) -> AppSelection? { lists.selection(for: rule) }
}

extension AppListLibrary {
    /// No lists (the initialiser only throws for duplicate ids).
    public static var empty: AppListLibrary { AppListLibrary.none }

    private static let none: AppListLibrary = {
        guard let library = try? AppListLibrary(lists: []) else { preconditionFailure("empty library") }
        return library
    }()
}
