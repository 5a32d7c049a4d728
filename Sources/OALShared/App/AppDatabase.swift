import Foundation
import OALDomain
import OALStore

/// The app's private database, `<root>/app/rules.json`: its rules and app
/// lists, the SwiftData store of the real app. Only `oal-app` opens it;
/// the extensions learn of rules through the published snapshots.
public struct AppDatabase: Codable, Hashable, Sendable {
    public var rules: [Rule]
    public var lists: AppListLibrary

    public init(rules: [Rule] = [], lists: AppListLibrary = AppListLibrary.empty) {
        self.rules = rules
        self.lists = lists
    }

    public static let storeName = "rules"
    public static let format = "oal.app-rules"
    public static let version = 1

    /// Opens the file in the app container, reporting to the process trace.
    public static func open(_ context: ProcessContext) throws -> DocumentFile<AppDatabase> {
        try DocumentFile(
            container: AppGroupContainer(url: context.root.appContainer), name: storeName, format: format,
            version: version, observer: context.observer)
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
