import Foundation
import OALDomain
import Testing

@testable import OALOracle

/// The stores-parse check parses only what a day journal gained since its
/// last parse (`JournalResumption`); its answer must be the whole parse's,
/// line number included, whatever was appended: good lines, bad lines,
/// empty lines, a torn tail completed or left torn, or a rewrite.
@Suite struct JournalResumptionTests {
    private static let pieces = [
        "{\"rule\":\"A\",\"opens\":1}\n", "{\"rule\":\"B\",\"minutesAtLeast\":12}\n", "\n", "{\"rule\":\"A\",",
        "\"opens\":2}\n", "not json\n", "{\"rule\"", "}\n",
    ]

    @Test(arguments: 1...40) func anAppendedJournalIsJudgedAsAWholeParseJudgesIt(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let path = "/group/usage/2026-12-01.jsonl"
        var bytes = Data()
        var earlier: ParsedFile?
        for _ in 0..<12 {
            let count = Int(random.next() % 3) + 1
            for _ in 0..<count { bytes += Data(Self.pieces[Int(random.next() % UInt64(Self.pieces.count))].utf8) }
            if random.next() % 10 == 0 { bytes = Data(Self.pieces[0].utf8) }  // compacted: a rewrite
            let whole = Oracle.parseProblem(data: bytes, path: path)
            #expect(
                Oracle.parseProblem(data: bytes, path: path, after: earlier) == whole,
                "\(String(decoding: bytes, as: UTF8.self))")
            earlier = ParsedFile(bytes: bytes, problem: whole, status: nil, readAt: 0)
        }
    }

    @Test func itResumesAtTheLastLineItHadAndOnlyWhenTheFileGrew() {
        let earlier = Data("{\"a\":1}\n{\"b\":".utf8)
        let grown = earlier + Data("2}\n{\"c\":3}\n".utf8)
        #expect(JournalResumption(grown, grownFrom: earlier) == JournalResumption(offset: 8, line: 1))
        #expect(JournalResumption(earlier, grownFrom: earlier) == nil)
        #expect(JournalResumption(Data("{\"a\":2}\n{\"b\":2}\n".utf8), grownFrom: earlier) == nil)
        #expect(JournalResumption(grown, grownFrom: Data()) == JournalResumption(offset: 0, line: 0))
        // A bad line before the resumption point is the whole parse's answer too.
        let bad = Data("nope\n{\"a\":1}\n".utf8)
        #expect(
            Oracle.parseProblem(data: bad + Data("{\"b\":2}\n".utf8), path: "x.jsonl", after: nil)
                == "line 1 is not JSON")
    }
}
