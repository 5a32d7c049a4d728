import Foundation
import OALStore
import OALSystem

/// One `UserDefaults` domain as a file of the device: an App Group suite is
/// `<root>/appgroup/Library/Preferences/<suite>.json` (where iOS keeps the
/// group's plist), a process's own domain lives in its private container.
///
/// Each call is one locked step of a versioned document (shared lock to
/// read, exclusive lock and atomic replace to write), as one `UserDefaults`
/// call is atomic on iOS. Nothing holds a lock across calls: a guest's
/// read-modify-write of a key over two calls can lose a concurrent write,
/// exactly as it can on a device. Every read and write of a key is traced
/// (`store.read` / `store.write`, `store: defaults`, with the key), so the
/// access audit covers the guest.
public final class DefaultsDomain: @unchecked Sendable {
    public struct Document: Codable, Hashable, Sendable {
        public var values: [String: DefaultsValue] = [:]
    }

    public let suite: String
    public let relativePath: String
    private let file: DocumentFile<Document>
    /// Writes the file refused (a full disk, an I/O error): iOS keeps such
    /// a value in the process's defaults and never ends the process, so
    /// this process reads it back, another never sees it, and it is lost
    /// with the process. `nil` inside: a removal that was not saved.
    private var unsaved: [String: DefaultsValue?] = [:]
    private let lock = NSLock()

    public static let format = "oal.user-defaults"

    public init(suite: String, directory: URL, relativePath: String) throws {
        self.suite = suite
        self.relativePath = relativePath
        try FileSystem.createDirectory(directory.path, durable: SyncRecorder.isRecording)
        // Apple: a default is "changed synchronously within your process,
        // and asynchronously to persistent storage", and the defaults
        // system may not drop it. When power can be lost, the model takes
        // that "asynchronously" as at once: each write is synced before
        // `set` returns, so a power loss takes only the write in flight
        // (docs/FAULTS.md, "Power loss").
        file = try DocumentFile(
            container: AppGroupContainer(url: directory), name: suite, format: Self.format, version: 1,
            durable: .whenPowerCanBeLost)
    }

    /// The App Group suite `suite` of the installed device.
    public static func appGroup(_ suite: String) throws -> DefaultsDomain {
        let context = GuestDevice.context
        let directory = context.root.appGroup.appendingPathComponent("Library/Preferences", isDirectory: true)
        return try DefaultsDomain(
            suite: suite, directory: directory, relativePath: "appgroup/Library/Preferences/\(suite).json")
    }

    /// The process's own domain (`UserDefaults.standard`, or a suite it is
    /// not entitled to share): private to this kind of process.
    public static func processPrivate(_ suite: String) throws -> DefaultsDomain {
        let context = GuestDevice.context
        let base =
            context.kind == .app
            ? context.root.appContainer
            : context.root.system.appendingPathComponent("extensions/\(context.kind.rawValue)")
        let directory = base.appendingPathComponent("Library/Preferences", isDirectory: true)
        let prefix = context.kind == .app ? "app" : "system/extensions/\(context.kind.rawValue)"
        return try DefaultsDomain(
            suite: suite, directory: directory, relativePath: "\(prefix)/Library/Preferences/\(suite).json")
    }

    public func value(forKey key: String) -> DefaultsValue? {
        let value: DefaultsValue?
        if let pending = lock.withLock({ unsaved[key] }) {
            trace("store.read", key: key)
            return pending
        }
        do { value = try file.read()?.values[key] } catch {
            GuestDevice.fail("UserDefaults(suiteName: \"\(suite)\").object(forKey: \"\(key)\"): \(error)")
        }
        trace("store.read", key: key)
        return value
    }

    /// Sets (or, with nil, removes) one key in one locked step.
    public func set(_ value: DefaultsValue?, forKey key: String) {
        do {
            try file.update { (document: inout Document?) in
                var current = document ?? Document()
                current.values[key] = value
                document = current
            }
        } catch let error as StoreError {
            guard case .io = error else {
                GuestDevice.fail("UserDefaults(suiteName: \"\(suite)\").set(_:forKey: \"\(key)\"): \(error)")
            }
            lock.withLock { unsaved[key] = .some(value) }
            GuestDevice.context.record(
                "store.write.failed",
                [
                    "store": "defaults", "suite": suite, "key": key, "path": relativePath, "error": error.description,
                    "effect": "kept in this process only, as iOS keeps an unsaved default",
                ])
            return
        } catch {
            GuestDevice.fail("UserDefaults(suiteName: \"\(suite)\").set(_:forKey: \"\(key)\"): \(error)")
        }
        lock.withLock { unsaved[key] = nil }
        trace("store.write", key: key)
    }

    /// Every stored key, in one read.
    public func all() -> [String: DefaultsValue] {
        let values: [String: DefaultsValue]
        do { values = try file.read()?.values ?? [:] } catch {
            GuestDevice.fail("UserDefaults(suiteName: \"\(suite)\").dictionaryRepresentation(): \(error)")
        }
        var merged = values
        for (key, value) in lock.withLock({ unsaved }) { merged[key] = value }
        trace("store.read", key: "*")
        return merged
    }

    /// Removes every key in one locked step.
    public func removeAll() {
        do {
            try file.update { (document: inout Document?) in document = Document() }
        } catch {
            GuestDevice.fail("UserDefaults.removePersistentDomain(forName: \"\(suite)\"): \(error)")
        }
        trace("store.write", key: "*")
    }

    private func trace(_ event: String, key: String) {
        GuestDevice.context.record(event, ["store": "defaults", "suite": suite, "key": key, "path": relativePath])
    }
}
