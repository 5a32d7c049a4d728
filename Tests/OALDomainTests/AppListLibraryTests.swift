import Foundation
import OALDomain
import Testing

@Suite struct AppListLibraryTests {
    func library() throws -> AppListLibrary {
        try AppListLibrary(lists: [
            AppList(id: Fixture.listA, name: "Social", selection: Fixture.selection),
            AppList(id: Fixture.listB, name: "Games"),
        ])
    }

    @Test func resolvesARulesSelection() throws {
        let lib = try library()
        #expect(lib.selection(for: Fixture.schedule(540, 1020, appListID: Fixture.listA)) == Fixture.selection)
        #expect(lib.selection(for: Fixture.schedule(540, 1020)) == nil)
        #expect(lib.selection(for: Fixture.schedule(540, 1020, appListID: UUID())) == nil)
        #expect(lib.list(id: Fixture.listA)?.countText == "4 Apps")
        #expect(
            AppList(id: UUID(), name: "x", selection: AppSelection(applications: [ApplicationToken("a")])).countText
                == "1 App")
    }

    @Test func duplicateIDsRejected() throws {
        var lib = try library()
        #expect(throws: AppListError.duplicateID(Fixture.listA)) {
            try lib.add(AppList(id: Fixture.listA, name: "Again"))
        }
    }

    @Test func pickerCannotDeleteAListInUse() throws {
        var lib = try library()
        var rules = [Fixture.schedule(540, 1020, id: Fixture.ruleA, appListID: Fixture.listA)]
        #expect(AppListLibrary.isInUse(Fixture.listA, by: rules))
        #expect(!AppListLibrary.isInUse(Fixture.listB, by: rules))
        #expect(!lib.canDelete(Fixture.listA, from: .picker, rules: rules, listsReadOnly: false))
        #expect(lib.canDelete(Fixture.listB, from: .picker, rules: rules, listsReadOnly: false))
        #expect(throws: AppListError.inUse(Fixture.listA, ruleIDs: [Fixture.ruleA])) {
            try lib.delete(Fixture.listA, from: .picker, rules: &rules, listsReadOnly: false)
        }
        #expect(lib.list(id: Fixture.listA) != nil)
    }

    @Test func deletingDetachesFromRules() throws {
        var lib = try library()
        var rules = [
            Fixture.schedule(540, 1020, id: Fixture.ruleA, appListID: Fixture.listA),
            Fixture.timeLimit(30, id: Fixture.ruleB),
            Fixture.openLimit(3, id: Fixture.ruleC),
        ]
        rules[1].appListID = Fixture.listA
        rules[2].appListID = Fixture.listB
        try lib.delete(Fixture.listA, from: .management, rules: &rules, listsReadOnly: false)
        #expect(lib.list(id: Fixture.listA) == nil)
        #expect(rules.map(\.appListID) == [nil, nil, Fixture.listB])
        #expect(lib.selection(for: rules[0]) == nil)
    }

    @Test func readOnlyBlocksEditAndDeleteButNotCreate() throws {
        var lib = try library()
        var rules: [Rule] = []
        #expect(!lib.canDelete(Fixture.listB, from: .management, rules: rules, listsReadOnly: true))
        #expect(throws: AppListError.readOnly(Fixture.listB)) {
            try lib.delete(Fixture.listB, from: .management, rules: &rules, listsReadOnly: true)
        }
        #expect(throws: AppListError.readOnly(Fixture.listB)) {
            try lib.update(AppList(id: Fixture.listB, name: "Renamed"), listsReadOnly: true)
        }
        try lib.add(AppList(id: UUID(), name: "New"))
        #expect(lib.lists.count == 3)
        try lib.update(AppList(id: Fixture.listB, name: "Renamed"), listsReadOnly: false)
        #expect(lib.list(id: Fixture.listB)?.name == "Renamed")
        #expect(throws: AppListError.unknownList(Fixture.ruleA)) {
            try lib.update(AppList(id: Fixture.ruleA, name: "?"), listsReadOnly: false)
        }
    }
}
