import Foundation
import Testing

@testable import OALGuestBuild

/// The generated days a mutation run plays (`guest-harness/<app>/mutation-seeds`,
/// or `--generated-days`): seeds by number, in the order given, each once;
/// a malformed entry is named by file and line.
@Suite struct MutationSeedsTests {
    @Test func seedsAreReadInOrderWithCommentsAndCommas() throws {
        let seeds = try MutationSeeds.parse(
            """
            # chosen: each passes on the unmutated app, twice
            3, 7
            12   # a Hard Mode day
            40

            """, path: "seeds")
        #expect(seeds.seeds == [3, 7, 12, 40])
        #expect(seeds.description == "3, 7, 12, 40")
    }

    @Test func aMalformedOrRepeatedSeedIsNamed() {
        let malformed = #expect(throws: MutationSeeds.ParseError.self) {
            try MutationSeeds.parse("3\nseven\n", path: "seeds")
        }
        #expect(malformed?.description == "seeds:2: 'seven' is not a seed (a whole number)")
        let repeated = #expect(throws: MutationSeeds.ParseError.self) {
            try MutationSeeds.parse("3, 4\n3\n", path: "seeds")
        }
        #expect(repeated?.description == "seeds:2: seed 3 is listed twice")
    }

    @Test func theCommandLineListIsTheSameSyntaxAndNoneIsEmpty() throws {
        #expect(try MutationSeeds.parse("5,1,9", path: "--generated-days").seeds == [5, 1, 9])
        #expect(try MutationSeeds.parse("none", path: "--generated-days").seeds == [])
        #expect(MutationSeeds.none.description == "none")
    }

    @Test func aMissingFileListsNoSeeds() throws {
        let url = URL(fileURLWithPath: "/nonexistent/mutation-seeds")
        #expect(try MutationSeeds.load(url).seeds == [])
    }
}
