import Foundation
import OALDomain

/// The app's mirror of its rules for the extensions (`rule-snapshots.json`).
/// Written by `oal-app` on every enforcement refresh; read by the extensions.
public final class RuleSnapshotStore: SingleDocumentStore, Sendable {
    public static let storeName = "rule-snapshots"
    public static let format = "oal.rule-snapshots"
    public static let version = 1

    /// The on-disk document: the rules in the app's order, and the
    /// generation of the app database they mirror (absent in files written
    /// before it existed, and in those of `replaceAll`).
    public struct Document: Codable, Sendable, Hashable {
        public var rules: [RuleSnapshot]
        public var generation: Int?
        public init(rules: [RuleSnapshot], generation: Int? = nil) {
            self.rules = rules
            self.generation = generation
        }
    }

    /// What `publish` did.
    public enum PublishOutcome: Hashable, Sendable {
        /// The mirror already held these rules at this generation: nothing written.
        case unchanged
        case published
        /// The mirror holds a newer generation: nothing written.
        case refused(mirrorGeneration: Int)
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

    /// Replaces the whole mirror with no generation check and none recorded
    /// (probes and tests; the `mirror-without-generation` mutant). The app
    /// publishes with `publish`.
    public func replaceAll(_ rules: [RuleSnapshot]) throws {
        try file.update { $0 = Document(rules: rules) }
    }

    /// The app's refresh: replaces the mirror with `rules` of database
    /// `generation`, unless the mirror already holds a newer generation (a
    /// refresh that read the database before a later change must never
    /// publish over it). The check and the write are one exclusive-lock
    /// step; a shared read first spares the write when nothing changed.
    /// A mirror without a generation accepts any. `force` publishes over a
    /// newer generation (the database itself went back: restored or reset).
    public func publish(_ rules: [RuleSnapshot], generation: Int, force: Bool = false) throws -> PublishOutcome {
        let wanted = Document(rules: rules, generation: generation)
        func verdict(_ current: Document?) -> PublishOutcome? {
            guard let current else { return nil }
            if current == wanted { return .unchanged }
            if !force, let newer = current.generation, newer > generation { return .refused(mirrorGeneration: newer) }
            return nil
        }
        if let early = verdict(try file.read()) { return early }
        do {
            return try file.update { document in
                // Throwing leaves the file as it is (no write).
                if let early = verdict(document) { throw Declined(outcome: early) }
                document = wanted
                return .published
            }
        } catch let declined as Declined {
            return declined.outcome
        }
    }

    private struct Declined: Error {
        let outcome: PublishOutcome
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
            document = Document(rules: rules, generation: document?.generation)
            return result
        }
    }
}
