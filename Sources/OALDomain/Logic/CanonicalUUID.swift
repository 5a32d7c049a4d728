import Foundation

/// UUIDs as this project spells them: `UUID.uuidString`'s canonical form,
/// 36 characters, upper-case hex with hyphens at 8, 13, 18 and 23 (rule
/// ids in the usage journal, activity and store names).
///
/// Foundation parses with `sscanf` and formats with sixteen `snprintf`
/// calls, which cost more than the rest of a journal line together and
/// were the oracle's and the device's most frequent libc calls; these
/// hand-written routines do the canonical case directly.
public enum CanonicalUUID {
    /// Strict: exactly `UUID.uuidString`'s form. Names built from ids must
    /// map back to one id, so lower-case or braced variants are rejected
    /// rather than normalised.
    static func strict(_ text: Substring) -> UUID? {
        let id =
            text.utf8.withContiguousStorageIfAvailable { parseCanonical($0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { parseCanonical($0) }
        guard let id, string(id) == text else { return nil }
        return id
    }

    private static let hyphen: UInt8 = 0x2D
    private static let digits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Parses an id. The canonical shape (either case of hex digit) is read
    /// here; anything else goes to `UUID(uuidString:)`, so exactly the
    /// strings Foundation accepts are accepted, with the same values.
    public static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        if let id = parseCanonical(text) { return id }
        return UUID(uuidString: String(decoding: text, as: UTF8.self))
    }

    public static func parse(_ text: String) -> UUID? {
        if let id = text.utf8.withContiguousStorageIfAvailable({ parseCanonical($0) }) ?? nil { return id }
        return UUID(uuidString: text)
    }

    /// `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` in hex digits of either case,
    /// nothing more or less; nil otherwise.
    public static func parseCanonical(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36, text[8] == hyphen, text[13] == hyphen, text[18] == hyphen, text[23] == hyphen
        else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &uuid) { out -> Bool in
            var i = 0
            for k in 0..<16 {
                if i == 8 || i == 13 || i == 18 || i == 23 { i += 1 }
                let high = nibble(text[i])
                let low = nibble(text[i + 1])
                guard high | low < 16 else { return false }
                out[k] = high << 4 | low
                i += 2
            }
            return true
        }
        return valid ? UUID(uuid: uuid) : nil
    }

    @inline(__always)
    private static func nibble(_ c: UInt8) -> UInt8 {
        switch c {
        case 0x30...0x39: c &- 0x30
        case 0x41...0x46: c &- 0x37
        case 0x61...0x66: c &- 0x57
        default: 0xFF
        }
    }

    /// Appends the canonical form (36 bytes, equal to `id.uuidString`).
    public static func append(_ id: UUID, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: id.uuid) { raw in
            for k in 0..<16 {
                if k == 4 || k == 6 || k == 8 || k == 10 { bytes.append(hyphen) }
                bytes.append(digits[Int(raw[k] >> 4)])
                bytes.append(digits[Int(raw[k] & 0x0F)])
            }
        }
    }

    /// The canonical form as a string (equal to `id.uuidString`).
    public static func string(_ id: UUID) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        append(id, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
