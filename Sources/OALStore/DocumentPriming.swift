import OALSystem

/// Documents decoded before the reads that will want them: a fork server
/// decodes the root's documents between two launches and its children
/// inherit the memo (`DecodedDocumentMemo`), so a forked callback that
/// reads bytes the server saw skips `JSONDecoder` (about a fifth of a
/// forked monitor callback's own work, docs/PERFORMANCE.md).
///
/// It cannot change what a read returns: the memo answers only for the
/// exact bytes a reader finds under its lock, and a document is what
/// decoding those bytes gives, whichever process decoded them.
public enum DocumentPriming {
    /// Decodes `bytes`, read from `path` by the caller, with `envelope`,
    /// as a `DocumentFile` of that format, version and type would, and
    /// remembers the document for this process (and the children it
    /// forks). Returns the document when it decoded one now; nil when the
    /// memo already held those bytes or they do not decode (the reader will
    /// report that itself). The caller reads without the store's lock: a
    /// document is replaced whole by `rename(2)`, and a read that races a
    /// write only misses. Bytes, not a path: a caller decodes one read as
    /// more than one type (the registry), or needs its size.
    @discardableResult
    public static func prime<Document>(
        _ path: String, bytes: [UInt8], _ envelope: DocumentEnvelope<Document>
    ) -> Document? {
        let key = DecodedDocumentMemo.Key(
            path: path, format: envelope.format, version: envelope.version, document: Document.self)
        guard !DecodedDocumentMemo.shared.holds(key, bytes: bytes),
            case .document(let document) = envelope.decode(bytes)
        else { return nil }
        DecodedDocumentMemo.shared.remember(document, key, bytes: bytes)
        return document
    }

    /// Forgets every primed and remembered document, so the next read of
    /// each file decodes it: a child that must not trust its parent's
    /// decoding (one running a mutant) starts so.
    public static func forgetAll() {
        DecodedDocumentMemo.shared.forgetAll()
    }

    /// Runs `body` and returns, per path, how many times a read or an
    /// update in this process decoded that path's bytes meanwhile, the
    /// memo having no answer. For tests: a run never counts; other
    /// threads' decodes (of their own paths) are counted too, and calls on
    /// several threads at once each count for themselves.
    public static func countingDecodes(_ body: () throws -> Void) rethrows -> [String: Int] {
        let counts = LockedValue<[String: Int]>([:])
        let token = DecodedDocumentMemo.shared.observeMisses { path in
            counts.withLock { $0[path, default: 0] += 1 }
        }
        defer { DecodedDocumentMemo.shared.stopObservingMisses(token) }
        try body()
        return counts.withLock { $0 }
    }
}
