import Foundation

/// The rules the app publishes for its extensions, in the App Group.
enum MiniStore {
    static let group = "group.example.MiniGuest"
    static var defaults: UserDefaults { UserDefaults(suiteName: group) ?? .standard }

    static func save(_ rules: [MiniRule]) {
        defaults.set(try? JSONEncoder().encode(rules), forKey: "rules")
    }

    static func load() -> [MiniRule] {
        guard let data = defaults.data(forKey: "rules") else { return [] }
        return (try? JSONDecoder().decode([MiniRule].self, from: data)) ?? []
    }
}
