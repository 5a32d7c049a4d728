import Foundation
import OALSystem

/// A small versioned JSON document in the App Group: `<name>.json`, guarded
/// by the lock file `<name>.lock` beside it.
///
/// On disk:
/// ```json
/// {
///   "document" : { ... },
///   "format" : "oal.open-sessions",
///   "formatVersion" : 1
/// }
/// ```
/// - `read()` holds a shared lock while it reads the file.
/// - `update(_:)` holds the exclusive lock for the whole read-modify-write
///   and replaces the file atomically (temporary file + `rename(2)`), so a
///   reader sees the old or the new document, never a mixture, and two
///   writers never lose each other's change.
/// - A `formatVersion` above `version` is never overwritten: reads and
///   updates fail with `StoreError.newerFormat` and leave it as it is.
///   Older versions go through `migrate` when one is given.
/// - A file that does not parse is moved aside (`<name>.json.corrupt-<n>`)
///   and reported as `StoreError.corrupt`; the next access starts empty.
///
/// Crash points: `<name>.update.after-lock`, `<name>.update.before-rename`,
/// `<name>.update.after-rename`.
///
/// One instance may be shared by threads (operations are serialised);
/// separate processes coordinate through the lock file.
public final class DocumentFile<Document: Codable & Sendable>: @unchecked Sendable {
    public typealias Migration = DocumentEnvelope<Document>.Migration

    public let storeName: String
    public let format: String
    public let version: Int
    /// `<container>/<name>.json`
    public let path: String
    /// `<container>/<name>.lock`
    public let lockPath: String
    public let durability: StoreDurability
    /// Whether a write now syncs (`durability`, asked at each write).
    public var durable: Bool { durability.syncsNow }

    private let observer: StoreAccessObserver?
    private let migrate: Migration?
    private let fileLock: FileLock
    private let threadLock = NSLock()

    /// - Parameters:
    ///   - name: the store name; the file is `<name>.json` (validated).
    ///   - format: the format name written into the file.
    ///   - version: the current format version (≥ 1).
    ///   - durable: fsync the file and the directory on every replace.
    public init(
        container: AppGroupContainer, name: String, format: String, version: Int,
        durable: StoreDurability = .never, observer: StoreAccessObserver? = nil, migrate: Migration? = nil
    ) throws(StoreError) {
        precondition(version >= 1, "format versions start at 1")
        try AppGroupContainer.validate(name: name)
        self.storeName = name
        self.format = format
        self.version = version
        self.path = try container.filePath(name + ".json")
        self.lockPath = try container.filePath(name + ".lock")
        self.durability = durable
        self.observer = observer
        self.migrate = migrate
        let lockPath = self.lockPath
        self.fileLock = try io(lockPath, "open lock file") { () throws(Errno) in try FileLock(path: lockPath) }
    }

    /// The current document, or nil when the file does not exist yet.
    /// Takes the shared lock.
    public func read() throws -> Document? {
        try threadLock.withLock { () throws -> Document? in
            guard let bytes = try locked(.shared, { () throws(StoreError) in try readBytes() }) else {
                observer.report(storeName, .read, path)
                return nil
            }
            switch decode(bytes) {
            case .document(let document):
                observer.report(storeName, .read, path)
                return document
            case .newer(let found):
                throw StoreError.newerFormat(path: path, found: found, known: version)
            case .corrupt:
                // Re-check under the exclusive lock: only then may the file move.
                return try locked(.exclusive) { () throws -> Document? in
                    let document = try loadForWriting()
                    observer.report(storeName, .read, path)
                    return document
                }
            }
        }
    }

    /// Reads the document (nil when absent), lets `body` change it, and
    /// writes the result back atomically, all under the exclusive lock.
    /// Setting it to nil removes the file. Nothing is written when `body`
    /// throws, or when the document was and stays absent.
    @discardableResult
    public func update<R>(_ body: (inout Document?) throws -> R) throws -> R {
        try threadLock.withLock { () throws -> R in
            try locked(.exclusive) { () throws -> R in
                CrashPoint.reach("\(storeName).update.after-lock")
                // A writer killed before its rename left its temporary file;
                // under this lock no live writer owns one, so sweep them.
                _ = try? AtomicFile.removeStrayTemporaries(of: path)
                let original = try loadForWriting()
                var document = original
                let result = try body(&document)
                try write(document, existed: original != nil)
                return result
            }
        }
    }

    /// Replaces the document without reading the file first, under the
    /// exclusive lock, atomically and with the same crash points as
    /// `update`.
    ///
    /// Only for a file this process alone writes and has already written
    /// through `update` (which refuses a newer format, quarantines a
    /// damaged file and sweeps the temporaries a killed writer left): it
    /// skips reading back and decoding what it wrote itself, and would
    /// overwrite whatever else is there. Written through a spare file
    /// (`AtomicFile.replaceThroughSpare`): the device saves its own state
    /// files this way after every event.
    public func overwrite(_ document: Document) throws {
        try threadLock.withLock { () throws in
            try locked(.exclusive) { () throws in
                CrashPoint.reach("\(storeName).update.after-lock")
                try write(document, existed: true, throughSpare: true)
            }
        }
    }

    /// The crash points a write passes (`update`, `overwrite`), without
    /// writing: for the one writer of a file that skips a document the file
    /// already holds, so a `kill … at <store>.update.before-rename#N` still
    /// counts the same saves. What such a kill leaves is the same file.
    public func passWriteCrashPoints() {
        CrashPoint.reach("\(storeName).update.after-lock")
        CrashPoint.reach("\(storeName).update.before-rename")
        CrashPoint.reach("\(storeName).update.after-rename")
    }

    // MARK: - Internals

    private func locked<R>(_ mode: LockMode, _ body: () throws -> R) throws -> R {
        try io(lockPath, "flock") { () throws(Errno) in try fileLock.acquire(mode) }
        defer { try? fileLock.release() }
        return try body()
    }

    private func readBytes() throws(StoreError) -> [UInt8]? {
        try io(path, "read") { () throws(Errno) in try FileSystem.readFile(path) }
    }

    /// Under the exclusive lock: the current document, with a corrupt file
    /// quarantined (and reported) and a newer one refused.
    private func loadForWriting() throws(StoreError) -> Document? {
        guard let bytes = try readBytes() else { return nil }
        switch decode(bytes) {
        case .document(let document):
            return document
        case .newer(let found):
            throw StoreError.newerFormat(path: path, found: found, known: version)
        case .corrupt(let reason):
            let moved = try Quarantine.moveAside(path, durable: durable)
            observer.report(storeName, .write, path)
            throw StoreError.corrupt(path: path, line: nil, reason: reason, quarantinedTo: moved)
        }
    }

    private var envelope: DocumentEnvelope<Document> {
        DocumentEnvelope(format: format, version: version, migrate: migrate)
    }

    private var memoKey: DecodedDocumentMemo.Key {
        DecodedDocumentMemo.Key(path: path, format: format, version: version, document: Document.self)
    }

    /// `envelope.decode`, skipped for the bytes last decoded or written
    /// here (`DecodedDocumentMemo`).
    private func decode(_ bytes: [UInt8]) -> DocumentEnvelope<Document>.Decoded {
        let key = memoKey
        if let known: Document = DecodedDocumentMemo.shared.document(key, bytes: bytes) { return .document(known) }
        DecodedDocumentMemo.shared.missed(path)
        let decoded = envelope.decode(bytes)
        if case .document(let document) = decoded { DecodedDocumentMemo.shared.remember(document, key, bytes: bytes) }
        return decoded
    }

    private func write(_ document: Document?, existed: Bool, throughSpare: Bool = false) throws(StoreError) {
        guard let document else {
            guard existed else { return }
            DecodedDocumentMemo.shared.forget(memoKey)
            try io(path, "unlink") { () throws(Errno) in try FileSystem.unlink(path) }
            observer.report(storeName, .write, path)
            return
        }
        let bytes = envelope.encode(document, storeName: storeName)
        let name = storeName
        let hooks = AtomicFile.Hooks(
            beforeRename: { CrashPoint.reach("\(name).update.before-rename") },
            afterRename: { CrashPoint.reach("\(name).update.after-rename") })
        try io(path, "atomic replace") { () throws(Errno) in
            if throughSpare {
                try AtomicFile.replaceThroughSpare(path, with: bytes, durable: durable, hooks: hooks)
            } else {
                try AtomicFile.replace(path, with: bytes, durable: durable, hooks: hooks)
            }
        }
        observer.report(storeName, .write, path)
    }
}

/// The JSON settings every App Group file uses: sorted keys (stable bytes),
/// dates as seconds since 1970 (UTC), binary data as base64.
public enum StoreCoding {
    public static func encoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.dataEncodingStrategy = .base64
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.dataDecodingStrategy = .base64
        return decoder
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.debugDescription
        case DecodingError.keyNotFound(let key, let context):
            return "missing key \(path(context.codingPath + [key]))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        default:
            return String(describing: error)
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "top level" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
