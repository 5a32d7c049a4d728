import Foundation

/// Writes a `system/` document only the device writes (`device-state`,
/// `oracle-state`) from the copy it keeps in memory. The first write of a
/// process goes through `DocumentFile.update`, which checks what is on disk
/// (refuses a newer format, quarantines a damaged file); once that succeeded
/// the file holds what this process wrote, and later writes use
/// `DocumentFile.overwrite`, which skips reading it back.
public final class OwnedDocumentWriter<Document: Codable & Sendable> {
    private let file: DocumentFile<Document>
    private var verified = false

    public init(file: DocumentFile<Document>) {
        self.file = file
    }

    public func write(_ document: Document) throws {
        if verified {
            try file.overwrite(document)
        } else {
            try file.update { $0 = document }
            verified = true
        }
    }
}
