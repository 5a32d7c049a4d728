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
        // A site names the source's text, not the schemata around it, so
        // its key (what mutants-equivalent names) is stable.
        #expect(byOperator[.negateCondition]?.map(\.original) == ["used >= max", "isEnabled"])
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

    @Test func repeatsOfOneTextOnALineHaveDistinctKeys() {
        let source = "func f(m: Int) -> Int {\n    let x = ((m % (24 * 60)) + 24 * 60) % (24 * 60)\n    return x\n}\n"
        let (_, sites) = MutantSchema.rewrite(source, file: "f.swift", firstID: 1)
        let twentyFours = sites.filter { $0.op == .changeConstant && $0.original == "24" }
        #expect(twentyFours.map(\.occurrence) == [1, 2, 3])
        #expect(Set(sites.map(\.key)).count == sites.count)
        #expect(twentyFours.last?.key == "f.swift:2:change-constant:24#3")
    }
}
