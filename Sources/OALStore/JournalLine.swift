import Foundation
import OALDomain

/// The fields of one journal line the ledger understands. Unknown keys are
/// ignored, so later versions of format 1 may add fields.
struct JournalLine: Decodable {
    var format: String?
    var formatVersion: Int?
    var day: String?
    var rule: String?
    var opens: Int?
    var minutesAtLeast: Int?
    /// The rule id, already parsed by the fast path (then `rule` is nil).
    var ruleID: UUID?

    private enum CodingKeys: String, CodingKey {
        case format, formatVersion, day, rule, opens, minutesAtLeast
    }

    /// The entry's rule id: parsed here, or from the decoded text.
    var ruleIdentifier: UUID? { ruleID ?? rule.flatMap(CanonicalUUID.parse) }

    /// Parses one line (without its newline); nil when it is not a JSON
    /// object with fields of the expected types.
    ///
    /// Lines the ledger writes are flat objects of strings and integers; a
    /// hand-written scanner reads those without allocating a decoder. Anything
    /// else (whitespace, escapes, nested values, ...) goes to `JSONDecoder`.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> JournalLine? {
        if let fast = scan(line) { return fast }
        return decode(line)
    }

    /// The full decoder alone, the reference the fast path must agree with.
    static func decode(_ line: UnsafeBufferPointer<UInt8>) -> JournalLine? {
        try? JSONDecoder().decode(JournalLine.self, from: Data(buffer: line))
    }

    static func preview(_ line: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: line.prefix(80), as: UTF8.self)
        return String(reflecting: line.count > 80 ? text + "…" : text)
    }

    private enum Value {
        case string(Range<Int>)
        case int(Int)
    }

    private enum Key: UInt8 {
        case format, formatVersion, day, rule, opens, minutesAtLeast, other
    }

    /// The fast path: `{"key":"string"|integer,...}` with no whitespace, no
    /// escapes, ASCII strings and no known key twice. Returns nil (meaning: use the full decoder) on anything else.
    /// Keys are matched on bytes and a canonical rule id is parsed in place,
    /// so an entry line allocates nothing.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> JournalLine? {
        let quote: UInt8 = 0x22
        let colon: UInt8 = 0x3A
        let comma: UInt8 = 0x2C
        let openBrace: UInt8 = 0x7B
        let closeBrace: UInt8 = 0x7D
        let backslash: UInt8 = 0x5C
        let minus: UInt8 = 0x2D
        var i = 0
        let n = bytes.count
        guard n >= 2, bytes[0] == openBrace, bytes[n - 1] == closeBrace else { return nil }
        i = 1
        var result = JournalLine()
        if n == 2 { return result }
        var seen: UInt8 = 0

        func string() -> Range<Int>? {
            guard i < n, bytes[i] == quote else { return nil }
            i += 1
            let start = i
            while i < n, bytes[i] != quote {
                // An escape, a control byte, or any non-ASCII byte (which
                // may not be UTF-8, which the decoder refuses): its call.
                if bytes[i] == backslash || bytes[i] < 0x20 || bytes[i] >= 0x80 { return nil }
                i += 1
            }
            guard i < n else { return nil }
            i += 1
            return start..<(i - 1)
        }

        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        func key(_ range: Range<Int>) -> Key {
            func matches(_ name: StaticString) -> Bool {
                guard range.count == name.utf8CodeUnitCount else { return false }
                let expected = name.utf8Start
                for k in 0..<range.count where bytes[range.lowerBound + k] != expected[k] { return false }
                return true
            }
            switch range.count {
            case 3: return matches("day") ? .day : .other
            case 4: return matches("rule") ? .rule : .other
            case 5: return matches("opens") ? .opens : .other
            case 6: return matches("format") ? .format : .other
            case 13: return matches("formatVersion") ? .formatVersion : .other
            case 14: return matches("minutesAtLeast") ? .minutesAtLeast : .other
            default: return .other
            }
        }

        func integer() -> Int? {
            var negative = false
            if i < n, bytes[i] == minus {
                negative = true
                i += 1
            }
            let start = i
            var value = 0
            while i < n, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (plus, o2) = times.addingReportingOverflow(Int(bytes[i] - 0x30))
                if o1 || o2 { return nil }
                value = plus
                i += 1
            }
            guard i > start else { return nil }
            // A leading zero, fraction or exponent: leave it to the decoder.
            if i - start > 1 && bytes[start] == 0x30 { return nil }
            return negative ? -value : value
        }

        while true {
            guard let keyRange = string(), i < n, bytes[i] == colon else { return nil }
            i += 1
            let value: Value
            if i < n, bytes[i] == quote {
                guard let range = string() else { return nil }
                value = .string(range)
            } else {
                guard let number = integer() else { return nil }
                value = .int(number)
            }
            let key = key(keyRange)
            if key != .other {
                // A known key given twice: JSONDecoder keeps the first
                // value, so the line is its call.
                let bit: UInt8 = 1 << key.rawValue
                if seen & bit != 0 { return nil }
                seen |= bit
            }
            switch (key, value) {
            case (.format, .string(let v)): result.format = text(v)
            case (.formatVersion, .int(let v)): result.formatVersion = v
            case (.day, .string(let v)): result.day = text(v)
            case (.rule, .string(let v)):
                if let id = CanonicalUUID.parseCanonical(UnsafeBufferPointer(rebasing: bytes[v])) {
                    result.ruleID = id
                    result.rule = nil
                } else {
                    result.ruleID = nil
                    result.rule = text(v)
                }
            case (.opens, .int(let v)): result.opens = v
            case (.minutesAtLeast, .int(let v)): result.minutesAtLeast = v
            case (.other, _): break  // unknown key: ignored
            default: return nil  // a known key with the wrong type: the decoder will say so
            }
            guard i < n else { return nil }
            if bytes[i] == comma {
                i += 1
                continue
            }
            guard bytes[i] == closeBrace, i == n - 1 else { return nil }
            return result
        }
    }
}
