import Foundation

/// Open presses in flight (`open-grants.json`): what a press is about to
/// grant, written before it records a session, lifts a shield or spends,
/// so that a press killed half-way can be resolved by whichever process
/// runs next (docs/CONTRACT.md, "Pending grants"). Written by
/// `oal-shield-action` (add); resolved and removed by any process holding
/// the press lock (`open-press.lock`), which proves no press is running.
public final class PendingGrantStore: SingleDocumentStore, Sendable {
    public static let storeName = "open-grants"
    public static let format = "oal.open-grants"
    public static let version = 1
    /// The press lock beside it (`open-press.lock`, always empty): a press
    /// holds it exclusive from before its lookup until it exits.
    public static let pressLockName = "open-press.lock"

    /// One rule's part of a press: the open it spends is the rule's
    /// `opensBefore + 1`-th of `day`, and the session it records ends at
    /// `expiry`.
    public struct Part: Codable, Sendable, Hashable {
        public var rule: String
        public var opensBefore: Int
        public var expiry: Date
        public init(rule: UUID, opensBefore: Int, expiry: Date) {
            self.rule = rule.uuidString
            self.opensBefore = opensBefore
            self.expiry = expiry
        }
        public var ruleID: UUID? { UUID(uuidString: rule) }
    }

    /// One press: its launch (for the trace), the day it spends on, its parts.
    public struct Grant: Codable, Sendable, Hashable {
        public var press: String
        public var day: String
        public var parts: [Part]
        public init(press: String, day: String, parts: [Part]) {
            self.press = press
            self.day = day
            self.parts = parts
        }
    }

    /// The on-disk document: the presses in flight, oldest first.
    public struct Document: Codable, Sendable, Hashable {
        public var grants: [Grant]
        public init(grants: [Grant] = []) { self.grants = grants }
    }

    public let file: DocumentFile<Document>

    public init(
        container: AppGroupContainer, durable: StoreDurability = .never, observer: StoreAccessObserver? = nil
    ) throws(StoreError) {
        file = try Self.openFile(in: container, durable: durable, observer: observer)
    }

    /// Every press in flight.
    public func all() throws -> [Grant] { try file.read()?.grants ?? [] }

    /// Records a press about to grant.
    public func add(_ grant: Grant) throws {
        try file.update { document in
            var value = document ?? Document()
            value.grants.append(grant)
            document = value
        }
    }
}
