import Foundation

/// Writes JSON byte for byte as `StoreCoding.encoder()` does (Foundation's
/// `JSONEncoder` with `.prettyPrinted` and `.sortedKeys`, dates as seconds
/// since 1970), for documents written so often that the encoder's generic
/// machinery dominates their cost (`device-state.json` is saved after every
/// event the device handles). Only the output format is reproduced: what is
/// written, and in which key order, is up to the caller (`PrettyJSONWritable`).
///
/// The encoder's rules kept here: two-space indentation, `"key" : value`,
/// an empty container as its brackets around a blank line, keys sorted by
/// their UTF-8 bytes, `/` escaped as `\/`, control characters escaped, other
/// characters as they are, a number as its Swift `description` without a
/// trailing `.0`. `PrettyJSONWriterTests` compares it with the encoder.
public struct PrettyJSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// One entry per open container: whether it has an element yet.
    private var open: [Bool] = []

    public init() {
        bytes.reserveCapacity(4096)
    }

    // MARK: - Containers

    public mutating func beginObject() { begin(UInt8(ascii: "{")) }
    public mutating func endObject() { end(UInt8(ascii: "}")) }
    public mutating func beginArray() { begin(UInt8(ascii: "[")) }
    public mutating func endArray() { end(UInt8(ascii: "]")) }

    /// Starts the member `name` of the open object; its value comes next.
    /// The caller writes members in `sortedKeys` order (`sorted(_:)`).
    public mutating func key(_ name: String) {
        element()
        string(name)
        bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
    }

    /// Starts the next element of the open array.
    public mutating func element() {
        if open.last == true { bytes.append(UInt8(ascii: ",")) }
        if !open.isEmpty { open[open.count - 1] = true }
        bytes.append(0x0A)
        indent(open.count)
    }

    /// The keys of a dictionary in the encoder's `sortedKeys` order.
    /// Inlinable: unspecialized, the generic sort was most of a write.
    @inlinable
    public static func sorted<Value>(_ dictionary: [String: Value]) -> [(key: String, value: Value)] {
        dictionary.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { ($0, dictionary[$0]!) }
    }

    // MARK: - Values

    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        // The runs between escapes are copied whole, not byte by byte (the
        // byte loop was a sixth of a state save): most strings (ids, names,
        // dates' keys) are one run, and a trace line in the oracle's
        // excerpt has a quote every few bytes.
        var value = value
        value.withUTF8 { utf8 in
            var run = 0
            for index in utf8.indices where Self.needsEscape(utf8[index]) {
                bytes.append(contentsOf: utf8[run..<index])
                appendEscape(utf8[index])
                run = index + 1
            }
            bytes.append(contentsOf: utf8[run...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `byte` (one `needsEscape` accepts) as `JSONEncoder` escapes it.
    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(0x5C)
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(contentsOf: Array("u00".utf8))
            hex.withUTF8Buffer { digits in
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xF)])
            }
        }
    }

    /// A byte `string` writes as an escape: a quote, a backslash, a slash
    /// (`JSONEncoder` escapes it) or a control character.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    public mutating func int(_ value: Int) { bytes.append(contentsOf: Array(String(value).utf8)) }

    public mutating func bool(_ value: Bool) { bytes.append(contentsOf: Array((value ? "true" : "false").utf8)) }

    /// A finite number (the encoder refuses the others, and so do the
    /// documents written through here: a trap, as a failed encode is).
    public mutating func double(_ value: Double) {
        precondition(value.isFinite, "PrettyJSONWriter: \(value) is not a JSON number")
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: Array(text.utf8))
    }

    /// A date as `.secondsSince1970`.
    public mutating func date(_ value: Date) { double(value.timeIntervalSince1970) }

    public mutating func strings<S: Sequence<String>>(_ values: S) {
        beginArray()
        for value in values {
            element()
            string(value)
        }
        endArray()
    }

    // MARK: - Internals

    /// How many containers are open: a value's bytes depend on it (its
    /// indentation) and on nothing else before it.
    var openDepth: Int { open.count }

    /// A complete value's bytes, written before at the same depth.
    mutating func append(fragment: [UInt8]) {
        bytes.append(contentsOf: fragment)
    }

    /// Whether the innermost open container is an array with no element yet.
    var isAtArrayStart: Bool { open.last == false && bytes.last == UInt8(ascii: "[") }

    /// The open container has elements now (written from a fragment).
    mutating func markElementWritten() {
        open[open.count - 1] = true
    }

    private mutating func begin(_ bracket: UInt8) {
        bytes.append(bracket)
        open.append(false)
    }

    private mutating func end(_ bracket: UInt8) {
        let hadElements = open.removeLast()
        bytes.append(0x0A)
        if !hadElements { bytes.append(0x0A) }
        indent(open.count)
        bytes.append(bracket)
    }

    private mutating func indent(_ depth: Int) {
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }
}

/// A document that writes itself through `PrettyJSONWriter`, exactly as its
/// `Encodable` conformance would through `StoreCoding.encoder()`:
/// `DocumentEnvelope.encode` then skips the encoder. Keys in sorted order,
/// an absent optional omitted (`encodeIfPresent`), a `Set` in its own
/// iteration order (as the encoder writes it).
public protocol PrettyJSONWritable {
    func writeJSON(to writer: inout PrettyJSONWriter)
}
