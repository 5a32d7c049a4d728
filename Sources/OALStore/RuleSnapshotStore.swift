import Foundation
import OALDomain

/// The app's mirror of its rules for the extensions (`rule-snapshots.json`).
/// Written by `oal-app` on every enforcement refresh; read by the extensions.
public final class RuleSnapshotStore: SingleDocumentStore, Sendable {
    public static let storeName = "rule-snapshots"
    public static let format = "oal.rule-snapshots"
    public static let version = 1

    /// The on-disk document: the rules in the app's order.
    public struct Document: Codable, Sendable, Hashable {
        public var rules: [RuleSnapshot]
        public init(rules: [RuleSnapshot]) { self.rules = rules }
    }

    public let file: DocumentFile<Document>

    public init(
        container: AppGroupContainer, durable: Bool = false, observer: StoreAccessObserver? = nil
    ) throws(StoreError) {
        file = try Self.openFile(in: container, durable: durable, observer: observer)
    }

    /// Every snapshot (empty when the app has not written any yet).
    public func all() throws -> [RuleSnapshot] { try file.read()?.rules ?? [] }

    /// The snapshot of rule `id`, if the app published one.
    public func snapshot(id: UUID) throws -> RuleSnapshot? { try all().first { $0.id == id } }

    /// Replaces the whole mirror (the app's refresh).
    public func replaceAll(_ rules: [RuleSnapshot]) throws {
        try file.update { $0 = Document(rules: rules) }
    }

    /// Inserts or replaces one snapshot, keeping the others.
    public func upsert(_ rule: RuleSnapshot) throws {
        try modify { rules in
            if let index = rules.firstIndex(where: { $0.id == rule.id }) {
                rules[index] = rule
            } else {
                rules.append(rule)
            }
        }
    }

    /// Removes rule `id`; true when it was there.
    @discardableResult
    public func remove(id: UUID) throws -> Bool {
        try modify { rules in
            let before = rules.count
            rules.removeAll { $0.id == id }
            return rules.count != before
        }
    }

    /// One atomic read-modify-write of the list.
    @discardableResult
    public func modify<R>(_ body: (inout [RuleSnapshot]) throws -> R) throws -> R {
        try file.update { document in
            var rules = document?.rules ?? []
            let result = try body(&rules)
            document = Document(rules: rules)
            return result
        }
    }
}
