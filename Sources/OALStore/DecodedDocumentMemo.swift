import Foundation

/// The document last decoded from (or written as) each file's bytes, in
/// this process.
///
/// Why: one monitor callback reads the rule snapshots several times, and a
/// warm extension process (docs/PROCESSES.md) reads the same bytes callback
/// after callback; decoding them with `JSONDecoder` was about a tenth of a
/// week's simulation. Only the decode is skipped: the file is still read,
/// under its lock, at every access, and bytes that differ in any way are
/// decoded afresh, so a hit is exactly what decoding those bytes returns
/// (documents are values). A memo of what a store *last* held, with no
/// look at the file, is the bug class warm processes exist to catch; this
/// is not one.
final class DecodedDocumentMemo: @unchecked Sendable {
    static let shared = DecodedDocumentMemo()

    struct Key: Hashable {
        var path: String
        var format: String
        var version: Int
        var type: ObjectIdentifier

        init<Document>(path: String, format: String, version: Int, document: Document.Type) {
            self.path = path
            self.format = format
            self.version = version
            type = ObjectIdentifier(document)
        }
    }

    private struct Entry {
        var bytes: [UInt8]
        var document: any Sendable
    }

    private var entries: [Key: Entry] = [:]
    /// Told of each decode this memo did not answer, by token, while set
    /// (`DocumentPriming.countingDecodes`); none in every run. Several may
    /// be set at once (tests running side by side), each removed by its own
    /// token.
    private var missObservers: [Int: @Sendable (String) -> Void] = [:]
    private var lastObserverToken = 0
    private let lock = NSLock()

    /// The document decoded from exactly `bytes` under `key`, if that is
    /// the last thing remembered for it.
    func document<Document: Sendable>(_ key: Key, bytes: [UInt8]) -> Document? {
        lock.withLock {
            guard let entry = entries[key], entry.bytes == bytes else { return nil }
            return entry.document as? Document
        }
    }

    /// Whether `bytes` are what is remembered under `key`.
    func holds(_ key: Key, bytes: [UInt8]) -> Bool {
        lock.withLock { entries[key]?.bytes == bytes }
    }

    func remember<Document: Sendable>(_ document: Document, _ key: Key, bytes: [UInt8]) {
        lock.withLock { entries[key] = Entry(bytes: bytes, document: document) }
    }

    func forget(_ key: Key) {
        _ = lock.withLock { entries.removeValue(forKey: key) }
    }

    func forgetAll() {
        lock.withLock { entries = [:] }
    }

    /// A decode of `path`'s bytes that the memo could not answer.
    func missed(_ path: String) {
        let observers = lock.withLock { missObservers.isEmpty ? [] : Array(missObservers.values) }
        for observer in observers { observer(path) }
    }

    /// Tells `observer` of every miss from now on; returns the token that
    /// removes it (`stopObservingMisses`).
    func observeMisses(_ observer: @escaping @Sendable (String) -> Void) -> Int {
        lock.withLock {
            lastObserverToken += 1
            missObservers[lastObserverToken] = observer
            return lastObserverToken
        }
    }

    func stopObservingMisses(_ token: Int) {
        _ = lock.withLock { missObservers.removeValue(forKey: token) }
    }
}
