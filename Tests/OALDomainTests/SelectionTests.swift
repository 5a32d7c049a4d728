import Foundation
import OALDomain
import Testing

@Suite struct SelectionTests {
    @Test func tokensEncodeAsPlainStrings() throws {
        #expect(try JSONEncoder().encode(ApplicationToken("app.x")) == Data(#""app.x""#.utf8))
        #expect(try JSONDecoder().decode(CategoryToken.self, from: Data(#""cat.y""#.utf8)) == CategoryToken("cat.y"))
        #expect(
            try JSONDecoder().decode([WebDomainToken].self, from: Data(#"["a.com"]"#.utf8)) == [WebDomainToken("a.com")]
        )
    }

    @Test func encodingIsSortedAndDeterministic() {
        let selection = AppSelection(
            applications: [ApplicationToken("z"), ApplicationToken("a"), ApplicationToken("m")],
            categories: [CategoryToken("games")], webDomains: [])
        let text = String(decoding: selection.encoded(), as: UTF8.self)
        #expect(text == #"{"applications":["a","m","z"],"categories":["games"],"webDomains":[]}"#)
        // Built in another order, same bytes.
        let again = AppSelection(
            applications: [ApplicationToken("m"), ApplicationToken("z"), ApplicationToken("a")],
            categories: [CategoryToken("games")])
        #expect(again.encoded() == selection.encoded())
    }

    @Test func decodeRoundTripAndRejects() throws {
        #expect(try AppSelection(decoding: Fixture.selection.encoded()) == Fixture.selection)
        #expect(throws: (any Error).self) { try AppSelection(decoding: Data("{}".utf8)) }
        #expect(throws: (any Error).self) {
            try AppSelection(decoding: Data(#"{"applications":[1],"categories":[],"webDomains":[]}"#.utf8))
        }
        #expect(throws: (any Error).self) { try AppSelection(decoding: Data()) }
    }

    @Test func emptinessAndCoverage() {
        #expect(AppSelection.empty.isEmpty)
        #expect(!AppSelection(webDomains: [WebDomainToken("a.com")]).isEmpty)
        #expect(Fixture.selection.itemCount == 4)
        #expect(Fixture.selection.covers(ApplicationToken("app.social"), category: nil))
        #expect(Fixture.selection.covers(ApplicationToken("app.other"), category: CategoryToken("cat.games")))
        #expect(!Fixture.selection.covers(ApplicationToken("app.other"), category: CategoryToken("cat.news")))
    }
}
