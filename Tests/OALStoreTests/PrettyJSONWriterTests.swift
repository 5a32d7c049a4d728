import Foundation
import OALStore
import Testing

/// `PrettyJSONWriter` writes what `StoreCoding.encoder()` writes, byte for
/// byte: the documents written through it (`device-state.json`) must stay
/// the files they were.
@Suite struct PrettyJSONWriterTests {
    private struct Sample: Codable {
        var text: String
        var number: Double
        var count: Int
        var flag: Bool
        var when: Date
        var list: [String]
        var empty: [String]
        var map: [String: Double]
        var none: [String: Bool]
        var nested: [[String]]
    }

    private static let awkward = [
        "", "plain", "a/b", "quote\"d", "back\\slash", "line\nfeed", "tab\t", "cr\r", "bell\u{7}", "\u{8}\u{C}",
        "\u{1F}", "\u{7F}", "é", "😀", "\u{2028}", "10", "9", "A", "_x", "a", "a-1", "a01", "a1", "a10", "a9", "aB",
        "ab", "a|2", "Z", "z",
    ]

    private static let numbers: [Double] = [
        0, -0.0, 0.1, 1.5, -2.25, 1e20, 1e16, 1e-7, 123_456_789_012.5, 1_796_020_320, 1_796_020_320.123,
        .leastNonzeroMagnitude, .greatestFiniteMagnitude, 86_400, 3.0e-5,
    ]

    private func write(_ sample: Sample) -> [UInt8] {
        var writer = PrettyJSONWriter()
        writer.beginObject()
        writer.key("count")
        writer.int(sample.count)
        writer.key("empty")
        writer.strings(sample.empty)
        writer.key("flag")
        writer.bool(sample.flag)
        writer.key("list")
        writer.strings(sample.list)
        writer.key("map")
        writer.beginObject()
        for (key, value) in PrettyJSONWriter.sorted(sample.map) {
            writer.key(key)
            writer.double(value)
        }
        writer.endObject()
        writer.key("nested")
        writer.beginArray()
        for inner in sample.nested {
            writer.element()
            writer.strings(inner)
        }
        writer.endArray()
        writer.key("none")
        writer.beginObject()
        writer.endObject()
        writer.key("number")
        writer.double(sample.number)
        writer.key("text")
        writer.string(sample.text)
        writer.key("when")
        writer.date(sample.when)
        writer.endObject()
        return writer.bytes
    }

    @Test func matchesTheStoreEncoder() throws {
        for (index, text) in Self.awkward.enumerated() {
            let number = Self.numbers[index % Self.numbers.count]
            let sample = Sample(
                text: text, number: number, count: index * -7_919, flag: index % 2 == 0,
                when: Date(timeIntervalSince1970: Self.numbers[(index + 3) % Self.numbers.count]),
                list: Array(Self.awkward.prefix(index)), empty: [],
                map: Dictionary(uniqueKeysWithValues: Self.awkward.map { ($0, number) }), none: [:],
                nested: [[], [text], []])
            let expected = Array(try StoreCoding.encoder().encode(sample))
            let written = write(sample)
            #expect(
                written == expected,
                "\(String(reflecting: text)), \(number):\n\(String(decoding: written, as: UTF8.self))")
        }
    }

    @Test func anEmptyTopLevelObjectIsTheEncoders() throws {
        var writer = PrettyJSONWriter()
        writer.beginObject()
        writer.endObject()
        #expect(writer.bytes == Array(try StoreCoding.encoder().encode([String: Int]())))
    }
}
