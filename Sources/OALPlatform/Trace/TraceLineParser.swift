import Foundation

/// Reads a trace line straight from its bytes when it has the shape
/// `TraceLineWriter` gives every line, and hands anything else to
/// `JSONDecoder`.
///
/// Reading a week's trace back (the oracle's tail, reports, sweeps) spent
/// most of its time in the decoder's generic machinery. The fast path
/// must never disagree with the decoder, so it gives up rather than guess:
/// on whitespace, an unknown, missing or repeated key, `null`, a number
/// that is not a plain in-range integer, a raw control character, an
/// escape it does not know, a lone surrogate, invalid UTF-8, an unknown
/// process or anything after the closing brace. Those lines go to the
/// decoder, whose value or error is then the answer (`TraceLineParserTests`).
public enum TraceLineParser {
    /// The event on `line`, or the decoder's error.
    public static func decode(_ line: Data, decoder: JSONDecoder = JSONDecoder()) throws -> TraceEvent {
        if let event = line.withUnsafeBytes({ fastDecode($0.assumingMemoryBound(to: UInt8.self)) }) {
            return event
        }
        return try decoder.decode(TraceEvent.self, from: line)
    }

    /// The event on the line `bytes` hold, or the decoder's error.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, decoder: JSONDecoder = JSONDecoder()) throws
        -> TraceEvent
    {
        if let event = fastDecode(bytes) { return event }
        return try decoder.decode(TraceEvent.self, from: Data(bytes))
    }

    /// The event on `line` (UTF-8), or the decoder's error.
    public static func decode(_ line: Substring.UTF8View, decoder: JSONDecoder = JSONDecoder()) throws -> TraceEvent {
        if let fast = line.withContiguousStorageIfAvailable({ fastDecode($0) }) {
            if let event = fast { return event }
        } else if let event = fastDecode(Array(line)) {
            return event
        }
        return try decoder.decode(TraceEvent.self, from: Data(line))
    }

    static func fastDecode(_ bytes: [UInt8]) -> TraceEvent? {
        bytes.withUnsafeBufferPointer { fastDecode($0) }
    }

    /// The event, or nil when the line is not exactly of the writer's shape.
    static func fastDecode(_ bytes: UnsafeBufferPointer<UInt8>) -> TraceEvent? {
        var reader = Reader(bytes: bytes)
        return reader.event()
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var scratch: [UInt8] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            scratch.reserveCapacity(64)
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func event() -> TraceEvent? {
            var event: String?
            var fields: [String: String]?
            var launch: Int?
            var sawLaunch = false
            var pid: Int32?
            var process: ProcessKind?
            var time: String?
            guard consume(UInt8(ascii: "{")) else { return nil }
            if consume(UInt8(ascii: "}")) { return nil }
            repeat {
                guard let key = string() else { return nil }
                guard consume(UInt8(ascii: ":")) else { return nil }
                switch key {
                case "event":
                    guard event == nil, let value = string() else { return nil }
                    event = value
                case "fields":
                    guard fields == nil, let value = object() else { return nil }
                    fields = value
                case "launch":
                    guard !sawLaunch, let value = integer(), let int = Int(exactly: value) else { return nil }
                    sawLaunch = true
                    launch = int
                case "pid":
                    guard pid == nil, let value = integer(), let int = Int32(exactly: value) else { return nil }
                    pid = int
                case "proc":
                    guard process == nil, let value = string(), let kind = ProcessKind(rawValue: value) else {
                        return nil
                    }
                    process = kind
                case "t":
                    guard time == nil, let value = string() else { return nil }
                    time = value
                default:
                    return nil
                }
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")), index == bytes.count, let event, let fields, let pid, let process,
                let time
            else { return nil }
            return TraceEvent(time: time, process: process, pid: pid, launch: launch, event: event, fields: fields)
        }

        /// A flat object of strings; nil on a repeated key.
        mutating func object() -> [String: String]? {
            guard consume(UInt8(ascii: "{")) else { return nil }
            var result: [String: String] = [:]
            if consume(UInt8(ascii: "}")) { return result }
            repeat {
                guard let key = string(), consume(UInt8(ascii: ":")), let value = string() else { return nil }
                guard result.updateValue(value, forKey: key) == nil else { return nil }
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { return nil }
            return result
        }

        /// `0` or `-?[1-9][0-9]*` within `Int64`; no `-0`, fraction or
        /// exponent (the decoder's reading of those is left to it).
        mutating func integer() -> Int64? {
            let negative = consume(UInt8(ascii: "-"))
            let start = index
            var magnitude: UInt64 = 0
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(UInt64(bytes[index] &- UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                magnitude = sum
                index += 1
            }
            let count = index - start
            guard count > 0, count == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            if index < bytes.count {
                let next = bytes[index]
                guard next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E") else {
                    return nil
                }
            }
            if negative {
                guard magnitude != 0, magnitude <= UInt64(Int64.max) + 1 else { return nil }
                return Int64(truncatingIfNeeded: 0 &- magnitude)
            }
            return Int64(exactly: magnitude)
        }

        /// A string with the escapes JSON defines; nil on a raw control
        /// character, an unknown escape, a lone surrogate or invalid UTF-8.
        mutating func string() -> String? {
            guard consume(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
                guard byte >= 0x20 else { return nil }
                index += 1
            }
            return nil
        }

        private mutating func escapedString(from start: Int) -> String? {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: scratch, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                    case UInt8(ascii: "b"): scratch.append(0x08)
                    case UInt8(ascii: "f"): scratch.append(0x0C)
                    case UInt8(ascii: "n"): scratch.append(0x0A)
                    case UInt8(ascii: "r"): scratch.append(0x0D)
                    case UInt8(ascii: "t"): scratch.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let unit = hex4() else { return nil }
                        var scalar = UInt32(unit)
                        if (0xD800..<0xDC00).contains(unit) {
                            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")), let low = hex4(),
                                (0xDC00..<0xE000).contains(low)
                            else { return nil }
                            scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        } else if (0xDC00..<0xE000).contains(unit) {
                            return nil
                        }
                        guard let decoded = Unicode.Scalar(scalar) else { return nil }
                        UTF8.encode(decoded) { scratch.append($0) }
                    default:
                        return nil
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    scratch.append(byte)
                }
            }
            return nil
        }

        private mutating func hex4() -> UInt16? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt16 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt16(digit)
                index += 1
            }
            return value
        }
    }
}
