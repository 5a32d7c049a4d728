import Foundation
import OALGuestBuild
import Testing

/// Mutant schemata: each operator's rewrite, numbered, and the lines left
/// alone.
@Suite struct MutantSchemaTests {
    static let source = """
        struct Gate {
            var opens = 0
            func decide(_ used: Int, max: Int) -> Bool {
                if used >= max {
                    record(used)
                }
                guard isEnabled else { return false }
                return used < max
            }
            func reset() {
                opens = 0
            }
            var label: String { "Open" }  // a string: left alone
        }
        """

    @Test func everyOperatorIsRewrittenAsASchema() {
        let (text, sites) = MutantSchema.rewrite(Self.source, file: "Shared/Gate.swift", firstID: 1)
        let byOperator = Dictionary(grouping: sites, by: \.op)
        // A line deleted as a whole is not mutated within as well.
        #expect(byOperator[.changeConstant]?.map(\.line) == [2])
        #expect(byOperator[.swapRelational]?.map(\.original).sorted() == ["used < max", "used >= max"])
        #expect(byOperator[.negateCondition]?.map(\.line) == [4, 7])
        #expect(byOperator[.deleteStatement]?.map(\.original) == ["record(used)", "opens = 0"])
        #expect(byOperator[.returnEarly]?.map(\.line) == [10])
        #expect(Set(sites.map(\.id)) == Set(1...sites.count))
        #expect(text.contains("if !__oalMutant("))
        #expect(text.contains("var label: String { \"Open\" }"))
        #expect(!text.contains("⟦"))
    }

    @Test func skippedLinesAreLeftAsTheyWere() {
        let (text, sites) = MutantSchema.rewrite(Self.source, file: "f.swift", firstID: 1, skip: [2, 4, 5, 8, 10, 11])
        #expect(sites.allSatisfy { ![2, 4, 5, 8, 10, 11].contains($0.line) })
        #expect(text.contains("    var opens = 0\n"))
    }
}
