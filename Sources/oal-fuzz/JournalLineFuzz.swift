@_spi(Fuzzing) import OALStore

/// `oal-fuzz journal-line`: the bytes as one line of `usage.jsonl`.
enum JournalLineFuzz {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) throws(InvariantBroken) {
        let parsed = JournalLineParsers.parse(bytes)
        let decoded = JournalLineParsers.decoder(bytes)
        if let fast = JournalLineParsers.fastPath(bytes) {
            try require(
                fast == decoded,
                "the fast path reads \(fast), the decoder \(decoded.map(String.init(describing:)) ?? "no line")")
        }
        try require(
            parsed == decoded,
            "the ledger reads \(String(describing: parsed)), the decoder \(String(describing: decoded))")
        // The line quoted in a corrupt-journal error stays short: 80 bytes,
        // each at most one escape (`\u{1F}`, 6 characters), quotes and "…".
        let preview = JournalLineParsers.preview(bytes)
        try require(preview.count <= 80 * 6 + 3, "a preview of \(preview.count) characters: \(preview)")
    }
}
