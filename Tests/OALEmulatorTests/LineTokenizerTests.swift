import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

@Suite struct LineTokenizerTests {
    @Test func aHashInsideAWordIsTextSoCrashPointOccurrencesSurvive() throws {
        let words = try LineTokenizer.words("kill shield-action at ledger.append.after-lock#2 launch 47 # why")
        #expect(words == ["kill", "shield-action", "at", "ledger.append.after-lock#2", "launch", "47"])
    }

    @Test func aHashAtAWordStartBeginsAComment() throws {
        #expect(try LineTokenizer.words("# a whole-line comment").isEmpty)
        #expect(try LineTokenizer.words("leave #now") == ["leave"])
        #expect(
            try LineTokenizer.words("expect shield Chess \"App #1\" # note") == ["expect", "shield", "Chess", "App #1"])
    }
}
