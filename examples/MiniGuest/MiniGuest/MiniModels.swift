import Foundation
import SwiftData

/// The app's database: its rules and app lists, as SwiftData models.
@Model
final class MiniRuleModel {
    @Attribute(.unique) var id: UUID
    var name: String
    var enabled: Bool
    var start: Int
    var end: Int
    var weekdays: [Int]
    var list: MiniListModel?
    var createdAt: Date

    init(id: UUID = UUID(), name: String, start: Int, end: Int, weekdays: [Int]) {
        self.id = id
        self.name = name
        self.enabled = true
        self.start = start
        self.end = end
        self.weekdays = weekdays
        self.createdAt = .now
    }

    /// What the enforcer and the extensions work on.
    var rule: MiniRule {
        MiniRule(id: id, name: name, enabled: enabled, start: start, end: end, weekdays: weekdays, selection: list?.selection)
    }

    /// The Rules screen's status: "On" or "Off", and whether it blocks now.
    func statusLabel(at now: Date, calendar: Calendar) -> String {
        guard enabled else { return "Off" }
        return rule.isActive(at: now, calendar: calendar) ? "Blocking" : "Waiting"
    }
}

@Model
final class MiniListModel {
    @Attribute(.unique) var id: UUID
    var name: String
    var selection: Data?
    var count: Int
    var createdAt: Date
    @Relationship(deleteRule: .nullify, inverse: \MiniRuleModel.list)
    var rules: [MiniRuleModel] = []

    init(id: UUID = UUID(), name: String, selection: Data?, count: Int) {
        self.id = id
        self.name = name
        self.selection = selection
        self.count = count
        self.createdAt = .now
    }
}

enum MiniDatabase {
    /// The app's container (on disk, in its App Group, as SwiftData puts it).
    @MainActor static let container: ModelContainer = {
        do {
            return try ModelContainer(for: MiniRuleModel.self, MiniListModel.self)
        } catch {
            fatalError("MiniGuest: cannot open the database: \(error)")
        }
    }()
}
