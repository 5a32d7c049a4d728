import Foundation

/// The journal line parser's two paths, for the fuzz target
/// (`oal-fuzz journal-line`): the hand-written fast path is an
/// optimisation of `JSONDecoder`, so whenever it accepts a line the decoder
/// must read the same fields from it.
@_spi(Fuzzing) public enum JournalLineParsers {
    /// What a line says, however it was parsed.
    public struct Fields: Equatable, CustomStringConvertible {
        public var format: String?
        public var formatVersion: Int?
        public var day: String?
        public var hasRule: Bool
        public var ruleIdentifier: UUID?
        public var opens: Int?
        public var minutesAtLeast: Int?

        init(_ line: JournalLine) {
            format = line.format
            formatVersion = line.formatVersion
            day = line.day
            hasRule = line.rule != nil || line.ruleID != nil
            ruleIdentifier = line.ruleIdentifier
            opens = line.opens
            minutesAtLeast = line.minutesAtLeast
        }

        public var description: String {
            "format \(format.debugDescription), formatVersion \(formatVersion.map(String.init) ?? "nil"), "
                + "day \(day.debugDescription), rule \(hasRule ? ruleIdentifier?.uuidString ?? "(not an id)" : "nil"), "
                + "opens \(opens.map(String.init) ?? "nil"), minutesAtLeast \(minutesAtLeast.map(String.init) ?? "nil")"
        }
    }

    /// What the ledger reads: the fast path, else the decoder.
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Fields? { JournalLine.parse(line).map(Fields.init) }

    /// The fast path alone; nil when it hands the line to the decoder.
    public static func fastPath(_ line: UnsafeBufferPointer<UInt8>) -> Fields? {
        JournalLine.scan(line).map(Fields.init)
    }

    /// `JSONDecoder` alone.
    public static func decoder(_ line: UnsafeBufferPointer<UInt8>) -> Fields? {
        JournalLine.decode(line).map(Fields.init)
    }

    /// The ledger's short quotation of a bad line in its error.
    public static func preview(_ line: UnsafeBufferPointer<UInt8>) -> String { JournalLine.preview(line) }
}
