import Foundation
import GuestFoundation
import GuestRuntime
import OALTestSupport
import SwiftData
import Testing

// What the guest build's prelude does for guest code: Foundation's
// SortDescriptor cannot sort by `.localizedStandard` on Linux.
private typealias SortDescriptor = GuestSortDescriptor

// Two models shaped like the real app's (a rule pointing at a list, the
// list's rules as the inverse), with the conformance and schema facts the
// guest build generates from a model's source (SwiftDataSchemaGenerator).

@Model
final class SDList {
    var id: UUID
    var name: String
    var rules: [SDRule] = []
    var createdAt: Date

    init(name: String, id: UUID = UUID()) {
        self.id = id
        self.name = name
        self.createdAt = Date(timeIntervalSince1970: 0)
        SDList.initialised += 1
    }

    nonisolated(unsafe) static var initialised = 0
}

@Model
final class SDRule {
    var id: UUID
    var name: String
    var dayNumbers: [Int]
    var pausedUntil: Date?
    var appList: SDList?

    init(name: String, dayNumbers: [Int] = [2, 3]) {
        self.id = UUID()
        self.name = name
        self.dayNumbers = dayNumbers
    }
}

/// A model whose relationship cascades and one whose relationship denies.
@Model
final class SDFolder {
    var name: String
    var notes: [SDNote] = []
    init(name: String) { self.name = name }
}

@Model
final class SDNote {
    var text: String
    var folder: SDFolder?
    init(text: String) { self.text = text }
}

extension SDList: PersistentModel {
    static var schemaMetadata: [Schema.PropertyMetadata] {
        [
            .init(name: "id", keypath: \SDList.id, defaultValue: nil, metadata: Schema.Attribute(.unique)),
            .init(name: "name", keypath: \SDList.name, defaultValue: nil, metadata: nil),
            .init(
                name: "rules", keypath: \SDList.rules, defaultValue: [] as [SDRule],
                metadata: Schema.Relationship(deleteRule: .nullify, inverse: \SDRule.appList)),
            .init(name: "createdAt", keypath: \SDList.createdAt, defaultValue: nil, metadata: nil),
        ]
    }
}

extension SDRule: PersistentModel {
    static var schemaMetadata: [Schema.PropertyMetadata] {
        [
            .init(name: "id", keypath: \SDRule.id, defaultValue: nil, metadata: Schema.Attribute(.unique)),
            .init(name: "name", keypath: \SDRule.name, defaultValue: nil, metadata: nil),
            .init(name: "dayNumbers", keypath: \SDRule.dayNumbers, defaultValue: nil, metadata: nil),
            .init(name: "pausedUntil", keypath: \SDRule.pausedUntil, defaultValue: nil, metadata: nil),
            .init(name: "appList", keypath: \SDRule.appList, defaultValue: nil, metadata: nil),
        ]
    }
}

extension SDFolder: PersistentModel {
    static var schemaMetadata: [Schema.PropertyMetadata] {
        [
            .init(name: "name", keypath: \SDFolder.name, defaultValue: nil, metadata: nil),
            .init(
                name: "notes", keypath: \SDFolder.notes, defaultValue: [] as [SDNote],
                metadata: Schema.Relationship(deleteRule: .cascade, inverse: \SDNote.folder)),
        ]
    }
}

extension SDNote: PersistentModel {
    static var schemaMetadata: [Schema.PropertyMetadata] {
        [
            .init(name: "text", keypath: \SDNote.text, defaultValue: nil, metadata: nil),
            .init(name: "folder", keypath: \SDNote.folder, defaultValue: nil, metadata: nil),
        ]
    }
}

/// A session that always belongs to a profile (Foqos's
/// `BlockedProfileSession.blockedProfile`: a non-optional to-one).
@Model
final class SDProfile {
    var name: String
    var sessions: [SDSession] = []
    init(name: String) { self.name = name }
}

@Model
final class SDSession {
    var tag: String
    var profile: SDProfile
    init(tag: String, profile: SDProfile) {
        self.tag = tag
        self.profile = profile
    }
}

extension SDProfile: PersistentModel {
    static var schemaMetadata: [Schema.PropertyMetadata] {
        [
            .init(name: "name", keypath: \SDProfile.name, defaultValue: nil, metadata: nil),
            .init(
                name: "sessions", keypath: \SDProfile.sessions, defaultValue: [] as [SDSession],
                metadata: Schema.Relationship(deleteRule: .cascade, inverse: \SDSession.profile)),
        ]
    }
}

extension SDSession: PersistentModel {
    static var schemaMetadata: [Schema.PropertyMetadata] {
        [
            .init(name: "tag", keypath: \SDSession.tag, defaultValue: nil, metadata: nil),
            .init(name: "profile", keypath: \SDSession.profile, defaultValue: nil, metadata: nil),
        ]
    }
}

/// Serialized: `SDList.initialised` is one counter for the process, and a
/// test that creates lists while another counts them made the count flaky
/// (seen once in CI: 5 against 4).
@Suite("SwiftData stand-in", .serialized)
struct SwiftDataTests {
    func memoryContext() throws -> ModelContext {
        let container = try ModelContainer(
            for: Schema([SDRule.self, SDList.self]), configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        return ModelContext(container)
    }

    @Test func aFetchHandsBackTheInsertedInstanceFilteredAndSorted() throws {
        let context = try memoryContext()
        let b10 = SDRule(name: "b10")
        let capitalB2 = SDRule(name: "B2")
        let a = SDRule(name: "a")
        for rule in [b10, capitalB2, a] { context.insert(rule) }
        // Before a save: a fetch sees the context's pending inserts.
        #expect(try context.fetchCount(FetchDescriptor<SDRule>()) == 3)
        try context.save()
        let sorted = try context.fetch(FetchDescriptor<SDRule>(sortBy: [SortDescriptor(\.name)]))
        // The default comparator is .localizedStandard: case-insensitive, numbers by value.
        #expect(sorted.map(\.name) == ["a", "B2", "b10"])
        #expect(sorted[0] === a)
        let named = try context.fetch(FetchDescriptor<SDRule>(predicate: #Predicate { $0.name == "B2" }))
        #expect(named.count == 1 && named[0] === capitalB2)
        let lexical = try context.fetch(
            FetchDescriptor<SDRule>(sortBy: [SortDescriptor(\.name, comparator: .lexical, order: .reverse)]))
        #expect(lexical.map(\.name) == ["b10", "a", "B2"])
    }

    @Test func assigningEitherSideOfARelationshipKeepsItsInverse() throws {
        let context = try memoryContext()
        let work = SDList(name: "Work")
        let play = SDList(name: "Play")
        let rule = SDRule(name: "Focus")
        context.insert(work)
        context.insert(play)
        context.insert(rule)
        rule.appList = work
        #expect(work.rules.map(\.name) == ["Focus"])
        rule.appList = play
        #expect(work.rules.isEmpty)
        #expect(play.rules.count == 1)
        let second = SDRule(name: "Evening")
        context.insert(second)
        work.rules.append(second)
        #expect(second.appList === work)
        // Appending to another list moves it: the to-one side holds one list.
        play.rules.append(second)
        #expect(second.appList === play)
        #expect(work.rules.isEmpty)
        rule.appList = nil
        #expect(play.rules.map(\.name) == ["Evening"])
    }

    @Test func aModelAssignedToAnInsertedOneIsInsertedWithIt() throws {
        let context = try memoryContext()
        let rule = SDRule(name: "Focus")
        context.insert(rule)
        let list = SDList(name: "Work")
        rule.appList = list
        #expect(list.modelContext === context)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<SDList>()) == 1)
        #expect(list.rules.first === rule)
    }

    @Test func deletingAListNullifiesItsRulesAndDeleteRulesCascade() throws {
        let context = try memoryContext()
        let list = SDList(name: "Work")
        let rule = SDRule(name: "Focus")
        context.insert(list)
        context.insert(rule)
        rule.appList = list
        try context.save()
        context.delete(list)
        #expect(rule.appList == nil)
        #expect(list.isDeleted)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<SDList>()) == 0)
        #expect(try context.fetch(FetchDescriptor<SDRule>()).first?.appList == nil)

        let notes = ModelContext(
            try ModelContainer(for: SDFolder.self, SDNote.self, configurations: .init(isStoredInMemoryOnly: true)))
        let folder = SDFolder(name: "Inbox")
        notes.insert(folder)
        folder.notes.append(SDNote(text: "one"))
        folder.notes.append(SDNote(text: "two"))
        try notes.save()
        #expect(try notes.fetchCount(FetchDescriptor<SDNote>()) == 2)
        notes.delete(folder)
        try notes.save()
        #expect(try notes.fetchCount(FetchDescriptor<SDNote>()) == 0)
    }

    @Test func aUniqueAttributeMakesTheSecondInsertAnUpdate() throws {
        let context = try memoryContext()
        let id = UUID()
        context.insert(SDList(name: "First", id: id))
        try context.save()
        let other = ModelContext(context.container)
        other.insert(SDList(name: "Second", id: id))
        try other.save()
        let lists = try ModelContext(context.container).fetch(FetchDescriptor<SDList>())
        #expect(lists.map(\.name) == ["Second"])
    }

    @Test func rollbackDiscardsInsertsDeletionsAndChanges() throws {
        let context = try memoryContext()
        let kept = SDRule(name: "Kept")
        context.insert(kept)
        try context.save()
        kept.name = "Renamed"
        context.insert(SDRule(name: "New"))
        #expect(context.hasChanges)
        context.rollback()
        #expect(kept.name == "Kept")
        #expect(try context.fetch(FetchDescriptor<SDRule>()).map(\.name) == ["Kept"])
        #expect(!context.hasChanges)
    }

    /// The main context saves at the end of the run loop's turn, as
    /// SwiftData's autosave does: a change left unsaved by the app's code
    /// reaches the store (another process reads it), and a change another
    /// process saves then reaches the model at the next fetch.
    @MainActor @Test func theMainContextAutosavesAtTheEndOfARunLoopTurn() throws {
        let directory = try TemporaryDirectory.make(prefix: "swiftdata")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("default.store")
        let main = try ModelContainer(
            for: Schema([SDRule.self, SDList.self]), configurations: ModelConfiguration(url: url)
        )
        .mainContext
        let rule = SDRule(name: "Focus", dayNumbers: [1])
        main.insert(rule)
        try main.save()
        rule.name = "Deep Focus"  // the app's code never saves this
        let other = ModelContext(
            try ModelContainer(for: Schema([SDRule.self, SDList.self]), configurations: ModelConfiguration(url: url)))
        #expect(try other.fetch(FetchDescriptor<SDRule>()).first?.name == "Focus")
        RunLoopTurn.end()
        #expect(!main.hasChanges)
        let read = try #require(try other.fetch(FetchDescriptor<SDRule>()).first)
        #expect(read.name == "Deep Focus")
        read.name = "Stopped elsewhere"
        try other.save()
        #expect(try main.fetch(FetchDescriptor<SDRule>()).first?.name == "Stopped elsewhere")
    }

    @Test func aStoreOnDiskIsSharedAndLoadsModelsWithoutTheirInitialisers() throws {
        let directory = try TemporaryDirectory.make(prefix: "swiftdata")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("default.store")
        let writer = ModelContext(
            try ModelContainer(for: Schema([SDRule.self, SDList.self]), configurations: ModelConfiguration(url: url)))
        let list = SDList(name: "Work")
        let rule = SDRule(name: "Focus", dayNumbers: [1, 7])
        rule.pausedUntil = Date(timeIntervalSince1970: 1_800_000_000)
        writer.insert(list)
        writer.insert(rule)
        rule.appList = list
        try writer.save()

        let before = SDList.initialised
        // Another container on the same file stands for another process.
        let reader = ModelContext(
            try ModelContainer(for: Schema([SDRule.self, SDList.self]), configurations: ModelConfiguration(url: url)))
        let rules = try reader.fetch(FetchDescriptor<SDRule>())
        #expect(SDList.initialised == before)
        #expect(rules.count == 1)
        let loaded = try #require(rules.first)
        #expect(loaded !== rule)
        #expect(loaded.id == rule.id)
        #expect(loaded.dayNumbers == [1, 7])
        #expect(loaded.pausedUntil == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(loaded.appList?.name == "Work")
        #expect(loaded.appList?.rules.first === loaded)
        #expect(loaded.persistentModelID == rule.persistentModelID)

        // A change saved by one is seen by the other's next fetch.
        rule.name = "Deep Focus"
        try writer.save()
        #expect(try reader.fetch(FetchDescriptor<SDRule>()).first?.name == "Deep Focus")
        #expect(loaded.name == "Deep Focus")

        // A model the reader changed and did not save keeps its change.
        loaded.name = "Mine"
        rule.name = "Theirs"
        try writer.save()
        _ = try reader.fetch(FetchDescriptor<SDRule>())
        #expect(loaded.name == "Mine")
    }

    /// https://developer.apple.com/documentation/swiftdata/relationship(_:deleterule:minimummodelcount:maximummodelcount:originalname:inverse:hashmodifier:):
    /// a to-one relationship may be non-optional. Another process loads
    /// such a model from the store, whichever side it fetches first.
    @Test func aNonOptionalRelationshipLoadsInAnotherProcess() throws {
        let directory = try TemporaryDirectory.make(prefix: "swiftdata")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("default.store")
        let schema = Schema([SDProfile.self, SDSession.self])
        let writer = ModelContext(try ModelContainer(for: schema, configurations: ModelConfiguration(url: url)))
        let work = SDProfile(name: "Work")
        writer.insert(work)
        writer.insert(SDSession(tag: "manual", profile: work))
        try writer.save()

        let sessions = try ModelContext(try ModelContainer(for: schema, configurations: ModelConfiguration(url: url)))
            .fetch(FetchDescriptor<SDSession>())
        #expect(sessions.map(\.profile.name) == ["Work"])
        #expect(sessions.first?.profile.sessions.first === sessions.first)
        let profiles = try ModelContext(try ModelContainer(for: schema, configurations: ModelConfiguration(url: url)))
            .fetch(FetchDescriptor<SDProfile>())
        #expect(profiles.first?.sessions.map(\.tag) == ["manual"])
    }

    @Test func aStoreThatDoesNotParseIsReportedAndKept() throws {
        let directory = try TemporaryDirectory.make(prefix: "swiftdata")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("default.store")
        try Data("{ not json".utf8).write(to: directory.appendingPathComponent("default.store.json"))
        let context = ModelContext(try ModelContainer(for: SDRule.self, configurations: ModelConfiguration(url: url)))
        #expect(throws: SwiftDataError.self) { try context.fetch(FetchDescriptor<SDRule>()) }
        let moved = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(moved.contains { $0.hasPrefix("default.store.json.corrupt") })
    }
}
