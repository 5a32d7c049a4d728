import Foundation
import Testing

/// docs/SCENARIOS.md shows the demo day as its full example. A newcomer
/// copies it, so it must be the file `scripts/supervise` plays, byte for
/// byte, and not an older copy of it.
@Suite struct ScenariosDocTests {
    static let heading = "## A full example"

    /// The lines of the first fenced block under `heading`, before the next
    /// `## ` heading; nil when there is none.
    static func fullExample(in document: String) -> String? {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == heading }) else { return nil }
        var block: [Substring] = []
        var inside = false
        for line in lines[(start + 1)...] {
            if !inside, line.hasPrefix("## ") { return nil }
            if line.hasPrefix("```") {
                if inside { return block.map { $0 + "\n" }.joined() }
                inside = true
                continue
            }
            if inside { block.append(line) }
        }
        return nil
    }

    @Test func theFullExampleIsTheDemoDayFile() throws {
        let doc = try String(
            contentsOf: Repository.root.appendingPathComponent("docs/SCENARIOS.md"), encoding: .utf8)
        let demo = try String(
            contentsOf: Repository.root.appendingPathComponent("scenarios/demo-day.scenario"), encoding: .utf8)
        let example = try #require(
            Self.fullExample(in: doc), "docs/SCENARIOS.md has no fenced block under \"\(Self.heading)\"")
        if example != demo {
            let shown = example.split(separator: "\n", omittingEmptySubsequences: false)
            let file = demo.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(shown, file).enumerated().first { $0.element.0 != $0.element.1 }
            let place =
                first.map { "line \($0.offset + 1): the doc has \"\($0.element.0)\", the file \"\($0.element.1)\"" }
                ?? "the doc has \(shown.count) lines, the file \(file.count)"
            Issue.record("docs/SCENARIOS.md's full example is not scenarios/demo-day.scenario: \(place)")
        }
    }

    @Test func theExtractionFindsTheBlockUnderTheHeading() {
        let doc = """
            # Title
            ```
            not this
            ```
            ## A full example

            Some words.

            ```
            a
            b
            ```
            ## Next
            """
        #expect(Self.fullExample(in: doc) == "a\nb\n")
        #expect(Self.fullExample(in: "## A full example\n\nno block\n## Next\n```\nx\n```\n") == nil)
        #expect(Self.fullExample(in: "# Nothing here\n") == nil)
    }
}
