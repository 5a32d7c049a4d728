import Foundation
import OALDomain
import Testing

@testable import OALPlatform

/// `TraceLineWriter` against the encoder it replaces: any byte it writes
/// differently would change every trace compared across versions.
@Suite struct TraceLineWriterTests {
    static func encoderBytes(_ event: TraceEvent) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(event))
    }

    /// Every control character, DEL, quote, backslash, slash, non-ASCII
    /// (precomposed and combining), emoji, line separators, the empty string.
    static let pool: [String] = {
        var pool = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        pool += [
            "\u{7F}", "\"", "\\", "/", "é", "e\u{301}", "😀", "👩‍👩‍👧", "\u{2028}", "\u{85}", "", "a", "B", "Z", "a1",
            "a_", "~", "store.read", "https://x/y", "\\u0041", "9", "10", "Å", "\u{FEFF}", "\u{FFFF}",
        ]
        return pool
    }()

    static func randomString(_ random: inout SplitMix64) -> String {
        (0..<random.int(in: 0...4)).map { _ in pool[random.int(in: 0..<pool.count)] }.joined()
    }

    static func randomEvent(_ random: inout SplitMix64) -> TraceEvent {
        var fields: [String: String] = [:]
        for _ in 0..<random.int(in: 0...6) { fields[randomString(&random)] = randomString(&random) }
        let pids: [Int32] = [0, 1, -1, 4242, .max, .min]
        let launches: [Int?] = [nil, 0, 1, -7, 123_456_789, .max, .min]
        return TraceEvent(
            time: random.int(in: 0...3) == 0
                ? randomString(&random) : TraceEvent.timestamp(Date(timeIntervalSince1970: 1_796_581_020)),
            process: ProcessKind.allCases[random.int(in: 0..<ProcessKind.allCases.count)],
            pid: random.int(in: 0...1) == 0
                ? pids[random.int(in: 0..<pids.count)] : Int32(truncatingIfNeeded: random.int(in: -100_000...100_000)),
            launch: launches[random.int(in: 0..<launches.count)], event: randomString(&random), fields: fields)
    }

    @Test func aTypicalLineIsTheEncoders() throws {
        let event = TraceEvent(
            time: "2026-12-06T18:17:00.000Z", process: .shieldConfig, pid: 812, launch: 17, event: "store.write",
            fields: ["store": "policy", "bytes": "120", "path": "/a/b"])
        #expect(TraceLineWriter.encode(event) == (try Self.encoderBytes(event)))
        #expect(
            String(decoding: TraceLineWriter.encode(event), as: UTF8.self)
                == #"{"event":"store.write","fields":{"bytes":"120","path":"/a/b","store":"policy"},"launch":17,"#
                + #""pid":812,"proc":"shield-config","t":"2026-12-06T18:17:00.000Z"}"#)
    }

    @Test func launchIsLeftOutWhenNil() throws {
        let event = TraceEvent(time: "t", process: .device, pid: -3, launch: nil, event: "run.start", fields: [:])
        #expect(TraceLineWriter.encode(event) == (try Self.encoderBytes(event)))
        #expect(String(decoding: TraceLineWriter.encode(event), as: UTF8.self).contains("launch") == false)
    }

    /// The encoder sorts keys by UTF-8 bytes: upper case before lower,
    /// `1` before `_` before letters, a combining accent (`e` + U+0301)
    /// right after `e`, not where its canonical form `é` would go.
    @Test func fieldKeysSortAsTheEncoderSortsThem() throws {
        let keys = ["a", "B", "é", "a1", "a_", "Z", "", "aa", "~", "\u{7F}", "😀", "a10", "a9", "e\u{301}x", "ey", "Ａ"]
        let event = TraceEvent(
            time: "t", process: .app, pid: 1, launch: nil, event: "e",
            fields: Dictionary(uniqueKeysWithValues: keys.map { ($0, $0) }))
        #expect(TraceLineWriter.encode(event) == (try Self.encoderBytes(event)))
        let sorted = TraceLineWriter.sortedFields(event.fields).map(\.key)
        #expect(
            sorted == [
                "", "B", "Z", "a", "a1", "a10", "a9", "a_", "aa", "ey", "e\u{301}x", "~", "\u{7F}", "é", "Ａ", "😀",
            ])
    }

    @Test func everyControlCharacterEscapesAsTheEncoderEscapesIt() throws {
        for scalar in (0...0x7F).compactMap(Unicode.Scalar.init) + ["é", "😀", "\u{2028}"] {
            let text = "<\(scalar)>"
            let event = TraceEvent(time: text, process: .monitor, pid: 0, launch: 0, event: text, fields: [text: text])
            #expect(TraceLineWriter.encode(event) == (try Self.encoderBytes(event)), "U+\(scalar.value)")
        }
    }

    @Test func randomLinesAreTheEncoders() throws {
        var random = SplitMix64(seed: 0x7ACE)
        for _ in 0..<5000 {
            let event = Self.randomEvent(&random)
            let expected = try Self.encoderBytes(event)
            let written = TraceLineWriter.encode(event)
            #expect(written == expected, "\(String(decoding: expected, as: UTF8.self))")
            if written != expected { return }
        }
    }
}
