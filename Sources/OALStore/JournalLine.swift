import Foundation

/// The fields of one journal line the ledger understands. Unknown keys are
/// ignored, so later versions of format 1 may add fields.
struct JournalLine: Decodable {
    var format: String?
    var formatVersion: Int?
    var day: String?
    var rule: String?
    var opens: Int?
    var minutesAtLeast: Int?

    /// Parses one line (without its newline); nil when it is not a JSON
    /// object with fields of the expected types.
    ///
    /// Lines the ledger writes are flat objects of strings and integers; a
    /// hand-written scanner reads those without allocating a decoder. Anything
    /// else (whitespace, escapes, nested values, ...) goes to `JSONDecoder`.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> JournalLine? {
        if let fast = scan(line) { return fast }
        return try? JSONDecoder().decode(JournalLine.self, from: Data(buffer: line))
    }

    static func preview(_ line: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: line.prefix(80), as: UTF8.self)
        return String(reflecting: line.count > 80 ? text + "…" : text)
    }

    private enum Value {
        case string(String)
        case int(Int)
    }

    /// The fast path: `{"key":"string"|integer,...}` with no whitespace and
    /// no escapes. Returns nil (meaning: use the full decoder) on anything else.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> JournalLine? {
        let quote: UInt8 = 0x22, colon: UInt8 = 0x3A, comma: UInt8 = 0x2C
        let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D, backslash: UInt8 = 0x5C, minus: UInt8 = 0x2D
        var i = 0
        let n = bytes.count
        guard n >= 2, bytes[0] == openBrace, bytes[n - 1] == closeBrace else { return nil }
        i = 1
        var result = JournalLine()
        if n == 2 { return result }

        func string() -> String? {
            guard i < n, bytes[i] == quote else { return nil }
            i += 1
            let start = i
            while i < n, bytes[i] != quote {
                if bytes[i] == backslash || bytes[i] < 0x20 { return nil }
                i += 1
            }
            guard i < n else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            i += 1
            return text
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
            guard let key = string(), i < n, bytes[i] == colon else { return nil }
            i += 1
            let value: Value
            if i < n, bytes[i] == quote {
                guard let text = string() else { return nil }
                value = .string(text)
            } else {
                guard let number = integer() else { return nil }
                value = .int(number)
            }
            switch (key, value) {
            case ("format", .string(let v)): result.format = v
            case ("formatVersion", .int(let v)): result.formatVersion = v
            case ("day", .string(let v)): result.day = v
            case ("rule", .string(let v)): result.rule = v
            case ("opens", .int(let v)): result.opens = v
            case ("minutesAtLeast", .int(let v)): result.minutesAtLeast = v
            case ("format", _), ("formatVersion", _), ("day", _), ("rule", _), ("opens", _), ("minutesAtLeast", _):
                return nil  // a known key with the wrong type: the decoder will say so
            default: break  // unknown key: ignored
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
