import Foundation

/// The versioned JSON envelope every App Group document is stored in
/// (`{"document": ..., "format": ..., "formatVersion": N}`), and the rules
/// for reading one: the format must match, a newer version is refused, an
/// older one goes through the migration when there is one.
///
/// Pure bytes in, bytes out: `DocumentFile` adds the locks, the atomic
/// replace and the quarantine, and the fuzz target (`oal-fuzz document`)
/// decodes hostile bytes through exactly this code.
public struct DocumentEnvelope<Document: Codable & Sendable>: Sendable {
    /// Converts an older version's file bytes to the current document.
    public typealias Migration = @Sendable (_ fromVersion: Int, _ fileBytes: Data) throws -> Document

    public enum Decoded {
        case document(Document)
        /// A `formatVersion` above the known one: never to be overwritten.
        case newer(Int)
        /// Not this format's document; the reason names what is wrong.
        case corrupt(String)
    }

    public let format: String
    public let version: Int
    public let migrate: Migration?

    public init(format: String, version: Int, migrate: Migration? = nil) {
        self.format = format
        self.version = version
        self.migrate = migrate
    }

    private struct Header: Decodable {
        var format: String
        var formatVersion: Int
    }

    private struct Envelope<Body: Codable>: Codable {
        var document: Body
        var format: String
        var formatVersion: Int
    }

    /// Reads a file's bytes.
    public func decode(_ bytes: [UInt8]) -> Decoded {
        let data = Data(bytes)
        let decoder = StoreCoding.decoder()
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch {
            return .corrupt("not a \(format) document: \(StoreCoding.describe(error))")
        }
        guard header.format == format else {
            return .corrupt("format is \(String(reflecting: header.format)), expected \(String(reflecting: format))")
        }
        guard header.formatVersion >= 1 else { return .corrupt("formatVersion \(header.formatVersion) is not valid") }
        if header.formatVersion > version { return .newer(header.formatVersion) }
        do {
            if header.formatVersion < version, let migrate {
                return .document(try migrate(header.formatVersion, data))
            }
            return .document(try decoder.decode(Envelope<Document>.self, from: data).document)
        } catch {
            return .corrupt("version \(header.formatVersion) document does not decode: \(StoreCoding.describe(error))")
        }
    }

    /// The file's bytes for `document` at the current version: sorted keys
    /// (stable bytes) and a final newline. `storeName` names the store in
    /// the trap a document that cannot encode is (a programming error).
    public func encode(_ document: Document, storeName: String) -> [UInt8] {
        if let writable = document as? any PrettyJSONWritable { return encode(writable) }
        do {
            let envelope = Envelope(document: document, format: format, formatVersion: version)
            return Array(try StoreCoding.encoder().encode(envelope)) + [0x0A]
        } catch {
            preconditionFailure("\(storeName): document does not encode: \(error)")
        }
    }

    /// The same bytes through the document's own writer: the envelope's
    /// three keys in sorted order around it.
    private func encode(_ document: any PrettyJSONWritable) -> [UInt8] {
        var writer = PrettyJSONWriter()
        writer.beginObject()
        writer.key("document")
        document.writeJSON(to: &writer)
        writer.key("format")
        writer.string(format)
        writer.key("formatVersion")
        writer.int(version)
        writer.endObject()
        return writer.bytes + [0x0A]
    }
}
