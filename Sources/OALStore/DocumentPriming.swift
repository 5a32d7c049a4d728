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
    /// Decodes `path`'s current bytes with `envelope`, as a `DocumentFile`
    /// of that format, version and type would, and remembers the document
    /// for this process (and the children it forks). Returns the document
    /// when it decoded one now; nil when the memo already held those bytes,
    /// or the file is missing or does not decode (the reader will report
    /// that itself). Reads without the store's lock: a document is replaced
    /// whole by `rename(2)`, and a read that races a write only misses.
    @discardableResult
    public static func prime<Document>(_ path: String, _ envelope: DocumentEnvelope<Document>) -> Document? {
        guard let bytes = try? FileSystem.readFile(path) else { return nil }
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

    /// How many times this process decoded `path`'s bytes in a read or an
    /// update, the memo having no answer.
    public static func decodes(of path: String) -> Int {
        DecodedDocumentMemo.shared.misses(of: path)
    }
}
