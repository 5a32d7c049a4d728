/// Writes a trace line's JSON by hand, byte for byte what `JSONEncoder` with
/// `[.sortedKeys, .withoutEscapingSlashes]` writes for a `TraceEvent`.
///
/// Every process writes a line for every store access, and the encoder's
/// generic machinery (a boxed value tree, a sort through `String` views)
/// was most of what a line cost. The output must not change, since runs
/// are compared byte for byte across versions (`scripts/compare-runs`), so
/// each rule below is the encoder's, pinned by `TraceLineWriterTests`:
/// - keys in UTF-8 byte order, which for the event's own keys is
///   `event, fields, launch, pid, proc, t`; `launch` left out when nil;
/// - `"` and `\` escaped, `\b \t \n \f \r` short, the other control
///   characters as `\u00xx` in lowercase hex; DEL, `/` and every
///   non-ASCII scalar written raw.
public enum TraceLineWriter {
    /// The line's bytes, without the newline.
    public static func encode(_ event: TraceEvent) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160)
        append(event, to: &out)
        return out
    }

    /// Appends the line's bytes, without the newline, to `out`.
    public static func append(_ event: TraceEvent, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"event":"#.utf8)
        appendString(event.event, to: &out)
        out.append(contentsOf: #","fields":{"#.utf8)
        var first = true
        for (key, value) in sortedFields(event.fields) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            appendString(value, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        if let launch = event.launch {
            out.append(contentsOf: #","launch":"#.utf8)
            appendInteger(Int64(launch), to: &out)
        }
        out.append(contentsOf: #","pid":"#.utf8)
        appendInteger(Int64(event.pid), to: &out)
        out.append(contentsOf: #","proc":"#.utf8)
        appendString(event.process.rawValue, to: &out)
        out.append(contentsOf: #","t":"#.utf8)
        appendString(event.time, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The encoder's `.sortedKeys` order: the keys' UTF-8 bytes compared
    /// lexicographically, not `String <` (which compares canonical forms).
    static func sortedFields(_ fields: [String: String]) -> [(key: String, value: String)] {
        if fields.count < 2 { return fields.map { ($0.key, $0.value) } }
        return fields.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most fields need no escape: copied whole, not byte by byte.
        var text = text
        let plain = text.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else { return false }
            out.append(contentsOf: utf8)
            return true
        }
        if plain {
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x00..<0x20:
                out.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)],
                ])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = out.count
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        out[start...].reverse()
    }
}
