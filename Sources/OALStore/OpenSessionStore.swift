import Foundation

/// Granted "Open" sessions: rule id → the session's expiry
/// (`open-sessions.json`). Written by `oal-shield-action` (set) and
/// `oal-monitor` (clear at session end); read by all extensions and the app.
public final class OpenSessionStore: SingleDocumentStore, Sendable {
    public static let storeName = "open-sessions"
    public static let format = "oal.open-sessions"
    public static let version = 1

    /// The on-disk document: upper-case rule UUID → expiry.
    public struct Document: Codable, Sendable, Hashable {
        public var sessions: [String: Date]
        public init(sessions: [String: Date] = [:]) { self.sessions = sessions }
    }

    public let file: DocumentFile<Document>

    public init(
        container: AppGroupContainer, durable: StoreDurability = .never, observer: StoreAccessObserver? = nil
    ) throws(StoreError) {
        file = try Self.openFile(in: container, durable: durable, observer: observer)
    }

    /// Every recorded session, expired ones included (the store has no clock).
    public func all() throws -> [UUID: Date] {
        var result: [UUID: Date] = [:]
        for (key, expiry) in try file.read()?.sessions ?? [:] {
            if let id = UUID(uuidString: key) { result[id] = expiry }
        }
        return result
    }

    /// The expiry recorded for `rule`, if any.
    public func expiry(rule: UUID) throws -> Date? { try file.read()?.sessions[rule.uuidString] }

    /// Records (or replaces) the session of `rule`.
    public func set(rule: UUID, expiresAt: Date) throws {
        try file.update { document in
            var value = document ?? Document()
            value.sessions[rule.uuidString] = expiresAt
            document = value
        }
    }

    /// Removes the session of `rule`; true when there was one.
    @discardableResult
    public func clear(rule: UUID) throws -> Bool {
        try file.update { document in
            guard var value = document, value.sessions.removeValue(forKey: rule.uuidString) != nil else {
                return false
            }
            document = value
            return true
        }
    }

    /// Removes the session of `rule` only if its expiry is still `expiry`
    /// (to the millisecond), so the end of an old session never clears a
    /// newer one granted meanwhile. True when it cleared.
    @discardableResult
    public func clear(rule: UUID, ifExpiryIs expiry: Date) throws -> Bool {
        try file.update { document in
            guard var value = document, let current = value.sessions[rule.uuidString],
                abs(current.timeIntervalSince(expiry)) < 0.001
            else { return false }
            value.sessions.removeValue(forKey: rule.uuidString)
            document = value
            return true
        }
    }
}
