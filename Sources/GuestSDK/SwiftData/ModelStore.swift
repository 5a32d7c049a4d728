import Foundation
import GuestRuntime
import OALStore
import OALSystem

/// The rows of one store: per entity, per row key, the row's fields.
struct StoreDocument: Codable, Hashable, Sendable {
    var entities: [String: [String: StoredRow]] = [:]
    /// The next row key (`p<n>`); keys are never reused.
    var nextKey: Int = 1

    mutating func newKey() -> String {
        defer { nextKey += 1 }
        return "p\(nextKey)"
    }
}

/// One saved model: its persisted properties by name.
typealias StoredRow = [String: StoredValue]

/// Where a container's rows live. Every context of a container shares its
/// store; a context sees another's changes once that one saves.
protocol ModelStore: AnyObject, Sendable {
    /// `memory:<n>` or the file's path, for identifiers.
    var identifier: String { get }
    func read() throws -> StoreDocument
    /// One read-modify-write, atomic against every other context and process.
    func update(_ body: (inout StoreDocument) throws -> Void) throws -> StoreDocument
}

/// `isStoredInMemoryOnly: true`: the rows live as long as the container.
final class MemoryModelStore: ModelStore, @unchecked Sendable {
    let identifier: String
    private let lock = NSLock()
    private var document = StoreDocument()
    private static let counter = Counter()

    init() { identifier = "memory:\(Self.counter.next())" }

    func read() throws -> StoreDocument { lock.withLock { document } }

    func update(_ body: (inout StoreDocument) throws -> Void) throws -> StoreDocument {
        try lock.withLock {
            var copy = document
            try body(&copy)
            document = copy
            return copy
        }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }
}

/// A store on disk: `<name>.store.json`, a versioned document under the
/// App Group store discipline (docs/CONTRACT.md): a shared lock to read, the
/// exclusive lock and an atomic replace to save, a file that does not parse
/// moved aside and reported, a newer format never overwritten. Reads and
/// saves are traced as `store.read` / `store.write` (`store: swiftdata`).
final class FileModelStore: ModelStore, @unchecked Sendable {
    let identifier: String
    private let file: DocumentFile<StoreDocument>
    private let relativePath: String

    static let format = "oal.swiftdata"

    init(url: URL) throws {
        identifier = url.path
        relativePath = ModelStoreLocation.relativePath(of: url)
        let directory = url.deletingLastPathComponent()
        do {
            // A save is a SQLite commit on iOS (Core Data's store): on disk
            // when it returns. When power can be lost, each save is synced
            // before it returns, so a power loss takes only a save in
            // flight (docs/FAULTS.md, "Power loss").
            try FileSystem.createDirectory(directory.path, durable: SyncRecorder.isRecording)
            file = try DocumentFile(
                container: AppGroupContainer(url: directory), name: url.lastPathComponent, format: Self.format,
                version: 1, durable: .whenPowerCanBeLost)
        } catch {
            throw SwiftDataError.store("\(url.path): cannot open the store: \(error)")
        }
    }

    func read() throws -> StoreDocument {
        do {
            let document = try file.read() ?? StoreDocument()
            trace("store.read")
            return document
        } catch {
            throw SwiftDataError.store("\(identifier): \(error)")
        }
    }

    func update(_ body: (inout StoreDocument) throws -> Void) throws -> StoreDocument {
        var result = StoreDocument()
        do {
            try file.update { (document: inout StoreDocument?) in
                var current = document ?? StoreDocument()
                try body(&current)
                document = current
                result = current
            }
        } catch let error as SwiftDataError {
            throw error
        } catch {
            throw SwiftDataError.store("\(identifier): \(error)")
        }
        trace("store.write")
        return result
    }

    private func trace(_ event: String) {
        guard GuestDevice.isInstalled else { return }
        GuestDevice.context.record(event, ["store": "swiftdata", "path": relativePath])
    }
}
