import Foundation
import Testing

@testable import OALGuestBuild

/// The equivalent-mutants file (`guest-harness/<app>/mutants-equivalent`):
/// a whole file, one line, or one mutant, each with its reason; the most
/// specific entry wins, and a malformed line is named by file and line.
@Suite struct EquivalentMutantsTests {
    let text = """
        # a comment
        Shared/Platform/Report.swift -- no process calls it
        Shared/Models/Labels.swift:81 -- clamps minutes already in 0..<1440
        Shared/Ext.swift:56:delete-statement:super.start() -- the base class does nothing
        Shared/Store.swift:119-150 -- MockStore: a test double

        """

    func site(_ file: String, _ line: Int, _ op: MutationSite.Operator, _ original: String) -> MutationSite {
        MutationSite(id: 1, file: file, line: line, op: op, original: original, mutated: "")
    }

    @Test func theMostSpecificEntryGivesTheReason() throws {
        let equivalent = try EquivalentMutants.parse(text, path: "eq")
        #expect(
            equivalent.reason(for: site("Shared/Platform/Report.swift", 3, .changeConstant, "60"))
                == "no process calls it")
        #expect(
            equivalent.reason(for: site("Shared/Models/Labels.swift", 81, .changeConstant, "24"))
                == "clamps minutes already in 0..<1440")
        #expect(equivalent.reason(for: site("Shared/Models/Labels.swift", 82, .changeConstant, "24")) == nil)
        #expect(
            equivalent.reason(for: site("Shared/Ext.swift", 56, .deleteStatement, "super.start()"))
                == "the base class does nothing")
        #expect(equivalent.reason(for: site("Shared/Ext.swift", 56, .returnEarly, "super.start()")) == nil)
        #expect(
            equivalent.reason(for: site("Shared/Store.swift", 119, .returnEarly, "func a() {"))
                == "MockStore: a test double")
        #expect(equivalent.reason(for: site("Shared/Store.swift", 118, .returnEarly, "func a() {")) == nil)
        #expect(equivalent.count == 4)
    }

    @Test func aLineWithoutAReasonIsNamed() {
        #expect(throws: EquivalentMutants.ParseError.self) {
            try EquivalentMutants.parse("Shared/A.swift:3\n", path: "guest-harness/x/mutants-equivalent")
        }
        do {
            _ = try EquivalentMutants.parse("ok.swift -- fine\nShared/A.swift:3\n", path: "eq")
        } catch {
            #expect(error.description == "eq:2: expected `FILE[:FROM-TO|:LINE[:OPERATOR:ORIGINAL]] -- REASON`")
        }
    }
}
