import OALProcesses
import OALStore

/// `oal-fuzz document`: the bytes as the file of every App Group document
/// (the envelope's `format` field picks the one that reads it).
enum DocumentFuzz {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) throws(InvariantBroken) {
        let file = Array(bytes)
        try check(file, OpenSessionStore.self)
        try check(file, PendingGrantStore.self)
        try check(file, RuleSnapshotStore.self)
        try check(file, GroupDefaults.self)
        try check(file, ShieldStoreTracking.self)
        try check(
            file, DocumentEnvelope<AppDatabase>(format: AppDatabase.format, version: AppDatabase.version), "rules")
    }

    private static func check<Store: SingleDocumentStore>(_ file: [UInt8], _ store: Store.Type)
        throws(InvariantBroken) where Store.Document: Hashable
    {
        try check(file, DocumentEnvelope<Store.Document>(format: store.format, version: store.version), store.storeName)
    }

    /// A document that decodes is written back as the store writes it; those
    /// bytes decode to the same document and encode to the same bytes again,
    /// so a read-modify-write that changes nothing changes nothing.
    private static func check<Document: Codable & Hashable>(
        _ file: [UInt8], _ envelope: DocumentEnvelope<Document>, _ name: String
    ) throws(InvariantBroken) {
        switch envelope.decode(file) {
        case .corrupt(let reason):
            try require(!reason.isEmpty, "\(name): a corrupt document without a reason")
        case .newer(let found):
            try require(found > envelope.version, "\(name): version \(found) reported newer than \(envelope.version)")
        case .document(let document):
            let written = envelope.encode(document, storeName: name)
            guard case .document(let reread) = envelope.decode(written) else {
                throw InvariantBroken(
                    "\(name): its own bytes do not decode:\n\(String(decoding: written, as: UTF8.self))")
            }
            try require(
                reread == document,
                "\(name): the document read back differs\n--- read:\n\(document)\n--- read back:\n\(reread)")
            let rewritten = envelope.encode(reread, storeName: name)
            try require(
                rewritten == written,
                "\(name): the bytes change on a second write\n--- first:\n\(String(decoding: written, as: UTF8.self))"
                    + "\n--- second:\n\(String(decoding: rewritten, as: UTF8.self))")
        }
    }
}
