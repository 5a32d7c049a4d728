import Foundation
import OALDomain
import Testing

@testable import OALPlatform

/// `TraceLineParser` against `JSONDecoder`: the same event for every line
/// the writer writes, and for anything else the decoder's own answer.
@Suite struct TraceLineParserTests {
    /// An event, or an error by its description (dictionaries are compared
    /// as values: two equal ones may print in different orders).
    enum Answer: Equatable {
        case event(TraceEvent)
        case error(String)

        init(_ body: () throws -> TraceEvent) {
            do { self = .event(try body()) } catch { self = .error("\(error)") }
        }
    }

    /// The decoder's answer and the parser's, and the fast path's event.
    static func answers(_ text: String) -> (decoder: Answer, parser: Answer, fast: TraceEvent?) {
        let data = Data(text.utf8)
        return answers(data, fast: TraceLineParser.fastDecode(Array(data)))
    }

    static func answers(_ data: Data, fast: TraceEvent?) -> (decoder: Answer, parser: Answer, fast: TraceEvent?) {
        (
            Answer { try JSONDecoder().decode(TraceEvent.self, from: data) },
            Answer { try TraceLineParser.decode(data) }, fast
        )
    }

    /// The fast path either agrees with the decoder or stays out.
    static func expectAgreement(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (decoder, parser, fast) = answers(text)
        #expect(parser == decoder, "\(text)", sourceLocation: sourceLocation)
        if let fast { #expect(.event(fast) == decoder, "\(text)", sourceLocation: sourceLocation) }
        let viaSubstring = Answer { try TraceLineParser.decode(Substring(text).utf8) }
        #expect(viaSubstring == decoder, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func theWritersLinesTakeTheFastPath() throws {
        var random = SplitMix64(seed: 0xDEC0DE)
        for _ in 0..<5000 {
            let event = TraceLineWriterTests.randomEvent(&random)
            let bytes = TraceLineWriter.encode(event)
            let fast = TraceLineParser.fastDecode(bytes)
            #expect(fast == event, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(fast == (try JSONDecoder().decode(TraceEvent.self, from: Data(bytes))))
            if fast != event { return }
        }
    }

    static let good =
        #"{"event":"store.read","fields":{"path":"\/a","store":"policy"},"launch":3,"pid":812,"proc":"monitor","#
        + #""t":"2026-12-06T18:17:00.000Z"}"#

    @Test func escapesTheWriterNeverWritesStillAgree() {
        #expect(Self.answers(Self.good).fast != nil)
        for escaped in [
            #"\u00e9"#, #"\u00E9"#, #"\ud83d\ude00"#, #"\uD83D\uDE00"#, #"\u0000"#, #"\/"#, #"\b\f\n\r\t"#, #"\u2028"#,
            #"\ud83d"#, #"\ude00"#, #"\ud83d\u0041"#, #"\ud83dx"#, #"\u12"#, #"\u12g4"#, #"\x"#, #"\'"#, #"\U00e9"#,
            "\\",
            "\u{01}", "\t", "\u{7F}", "é", "😀",
        ] {
            Self.expectAgreement(Self.good.replacingOccurrences(of: "policy", with: escaped))
            Self.expectAgreement(Self.good.replacingOccurrences(of: #""store""#, with: "\"s\(escaped)\""))
        }
        #expect(Self.answers(Self.good.replacingOccurrences(of: "policy", with: #"\ud83d\ude00"#)).fast != nil)
    }

    @Test func hostileLinesGetTheDecodersAnswer() {
        let good = Self.good
        let plain: [String] = [
            "", "{", "}", "{}", "[]", "null", good + "x", good + " ", " " + good, good + "}", good + "\n",
            "\u{FEFF}" + good, #"{"t":"x","proc":"app","pid":1,"fields":{},"event":"e"}"#,
        ]
        let swaps: [(String, String)] = [
            (#""launch":3"#, #""launch":null"#),
            (#""launch":3,"#, ""),
            (#""pid":812"#, #""pid":1.5"#),
            (#""pid":812"#, #""pid":1e2"#),
            (#""pid":812"#, #""pid":1E2"#),
            (#""pid":812"#, #""pid":-0"#),
            (#""pid":812"#, #""pid":0812"#),
            (#""pid":812"#, #""pid":-812"#),
            (#""pid":812"#, #""pid":2147483648"#),
            (#""pid":812"#, #""pid":-2147483648"#),
            (#""pid":812"#, #""pid":99999999999999999999999"#),
            (#""pid":812"#, #""pid":"812""#),
            (#""pid":812"#, #""pid":+812"#),
            (#""pid":812"#, #""pid":-"#),
            (#""launch":3"#, #""launch":9223372036854775807"#),
            (#""launch":3"#, #""launch":9223372036854775808"#),
            (#""launch":3"#, #""launch":-9223372036854775808"#),
            (#""launch":3"#, #""launch":-9223372036854775809"#),
            (#""launch":3"#, #""launch":18446744073709551616"#),
            (#""launch":3"#, #""launch":3.0"#),
            (#""launch":3"#, #""launch":true"#),
            (#""proc":"monitor""#, #""proc":"kernel""#),
            (#""proc":"monitor""#, #""proc":"Monitor""#),
            (#""t":"#, #""t":"x","t":"#),
            (#""pid":812,"#, #""pid":812,"pid":813,"#),
            (#""path":"\/a","#, #""path":"\/a","path":"\/b","#),
            (#""fields":{"#, #""extra":"1","fields":{"#),
            (#""fields":{"#, #""fields":{"n":{"x":"y"},"#),
            (#""fields":{"#, #""fields":{"n":1,"#),
            (#""fields":{"#, #""fields":{"n":null,"#),
            (#""fields":{"path":"\/a","store":"policy"}"#, #""fields":{}"#),
            (#""fields":{"path":"\/a","store":"policy"}"#, #""fields":[]"#),
            (#""fields":{"path":"\/a","store":"policy"}"#, #""fields":{,}"#),
            (#""store":"policy"}"#, #""store":"policy",}"#),
            (#","t":"2026-12-06T18:17:00.000Z""#, ""),
            (":", " : "),
            (",", ", "),
            (#""event""#, #""ev\u0065nt""#),
            ("{", "{\n"),
        ]
        var hostile: [String] = plain + swaps.map { good.replacingOccurrences(of: $0.0, with: $0.1) }
        for cut in stride(from: 0, to: good.utf8.count, by: 3) {
            hostile.append(String(decoding: Array(good.utf8.prefix(cut)), as: UTF8.self))
        }
        for text in hostile { Self.expectAgreement(text) }
        #expect(Self.answers(plain.last!).fast != nil)
        #expect(
            Self.answers(good.replacingOccurrences(of: #""pid":812"#, with: #""pid":-2147483648"#)).fast?.pid == .min)
    }

    @Test func invalidUTF8GetsTheDecodersAnswer() {
        let good = Array(Self.good.utf8)
        let at = good.firstIndex(of: UInt8(ascii: "y"))!  // in "policy"
        for bad: [UInt8] in [
            [0xFF], [0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF],
        ] {
            var bytes = good
            bytes.replaceSubrange(at...at, with: bad)
            let (decoder, parser, fast) = Self.answers(Data(bytes), fast: TraceLineParser.fastDecode(bytes))
            #expect(parser == decoder, "\(bad)")
            #expect(fast == nil, "\(bad)")
        }
    }
}
