import Foundation
import OALStore
import OALSystem

/// The last decoded version of one `system/` document, reused while the
/// file's bytes stay the same.
///
/// Every lookup reads the file (a few tens of µs for the 81 KB registry)
/// and compares the bytes with the ones the cached document was decoded
/// from: any change a child made, whatever its inode or timestamps, is seen
/// before the next decision. Only the decode (the expensive part) is
/// skipped. Bytes that do not decode as a plain current-version document
/// are never cached: the platform's own reader handles them (locking,
/// quarantine, `newerFormat`) exactly as before.
final class DocumentCache<Document: Codable> {
    private struct Envelope: Decodable {
        var document: Document
        var format: String
        var formatVersion: Int
    }

    let path: String
    private let format: String
    private let formatVersion: Int
    private var bytes: [UInt8]?
    private var cached: Document?
    /// How many lookups were answered without decoding, and decodes.
    private(set) var hits = 0
    private(set) var decodes = 0
    /// Names the document the last lookup returned: the same version is
    /// the same decoded bytes; nil when it came from the fallback.
    private(set) var version: Int?

    init(path: String, format: String, version: Int) {
        self.path = path
        self.format = format
        formatVersion = version
    }

    /// The document as the platform's `read()` would return it.
    /// `fallback` is the platform's reader, for an absent, damaged or
    /// other-version file.
    func document(orElse fallback: () throws -> Document) throws -> Document {
        guard let current = try? FileSystem.readFile(path) else {
            forget()
            return try fallback()
        }
        if let cached, current == bytes {
            hits += 1
            version = decodes
            return cached
        }
        decodes += 1
        if let envelope = try? StoreCoding.decoder().decode(Envelope.self, from: Data(current)),
            envelope.format == format, envelope.formatVersion == self.formatVersion
        {
            bytes = current
            cached = envelope.document
            version = decodes
            return envelope.document
        }
        forget()
        return try fallback()
    }

    /// Whether the file still holds exactly the bytes of the cached
    /// document.
    func isUnchanged() -> Bool {
        guard cached != nil, let current = try? FileSystem.readFile(path) else { return false }
        return current == bytes
    }

    func forget() {
        bytes = nil
        cached = nil
        version = nil
    }
}
