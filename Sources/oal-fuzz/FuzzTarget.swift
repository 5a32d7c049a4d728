import OALSystem

/// One parser the fuzzer feeds: its real entry point called with the
/// input's bytes, then the invariants its result must keep.
enum FuzzTarget: String, CaseIterable {
    case scenario
    case journalLine = "journal-line"
    case document
    case arguments

    var summary: String {
        switch self {
        case .scenario: "ScenarioParser.parse; a parsed scenario's shrinker rewrite parses to the same scenario"
        case .journalLine: "the usage journal's line parser; its fast path reads what JSONDecoder reads"
        case .document: "the App Group document envelope; a decoded document re-encodes to stable bytes"
        case .arguments: "ArgumentParser.parse (oal-app's options) and the option value parsers"
        }
    }

    /// Runs one input; throws when an invariant is broken. Rejecting the
    /// input (a parse error) is a pass: only wrong answers and crashes fail.
    func run(_ bytes: UnsafeBufferPointer<UInt8>) throws(InvariantBroken) {
        switch self {
        case .scenario: try ScenarioFuzz.run(bytes)
        case .journalLine: try JournalLineFuzz.run(bytes)
        case .document: try DocumentFuzz.run(bytes)
        case .arguments: try ArgumentsFuzz.run(bytes)
        }
    }
}
