import Foundation
import OALDomain

/// The app's mirror of its rules for the extensions (`rule-snapshots.json`).
/// Written by `oal-app` on every enforcement refresh; read by the extensions.
///
/// Every write goes to a copy (`rule-snapshots-copy.json`) first, then to
/// the mirror itself. Only the app can rebuild the mirror (only it reads its
/// database), so a mirror damaged between two refreshes would leave the
/// extensions enforcing nothing for hours: a reader that finds the mirror
/// absent, damaged or of a newer format reads the copy instead.
public final class RuleSnapshotStore: SingleDocumentStore, Sendable {
    public static let storeName = "rule-snapshots"
    public static let copyName = "rule-snapshots-copy"
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
    /// The second copy every write updates first.
    public let copy: DocumentFile<Document>
    /// False only for the `mirror-without-copy` mutant: one file, no fallback.
    public let keepsCopy: Bool

    public init(
        container: AppGroupContainer, durable: StoreDurability = .never, observer: StoreAccessObserver? = nil,
        keepsCopy: Bool = true
    ) throws(StoreError) {
        file = try Self.openFile(in: container, durable: durable, observer: observer)
        copy = try DocumentFile(
            container: container, name: Self.copyName, format: Self.format, version: Self.version, durable: durable,
            observer: observer)
        self.keepsCopy = keepsCopy
    }

    /// Every snapshot (empty when the app has not written any yet).
    public func all() throws -> [RuleSnapshot] { try current()?.rules ?? [] }

    /// The mirror, or its copy when the mirror is absent (quarantined),
    /// damaged (quarantined now) or of a newer format. The mirror's own
    /// error stands when the copy has nothing readable either.
    public func current() throws -> Document? {
        guard keepsCopy else { return try file.read() }
        do {
            if let document = try file.read() { return document }
            return try copy.read()
        } catch let error as StoreError {
            switch error {
            case .corrupt, .newerFormat:
                guard let fallback = try? copy.read() else { throw error }
                return fallback
            default:
                throw error
            }
        }
    }

    /// The snapshot of rule `id`, if the app published one.
    public func snapshot(id: UUID) throws -> RuleSnapshot? { try all().first { $0.id == id } }

    /// Replaces the whole mirror with no generation check and none recorded
    /// (probes and tests; the `mirror-without-generation` mutant). The app
    /// publishes with `publish`.
    public func replaceAll(_ rules: [RuleSnapshot]) throws {
        if keepsCopy { try copy.update { $0 = Document(rules: rules) } }
        try file.update { $0 = Document(rules: rules) }
    }

    /// The app's refresh: replaces the mirror with `rules` of database
    /// `generation`, unless the mirror already holds a newer generation (a
    /// refresh that read the database before a later change must never
    /// publish over it). The check and the write are one exclusive-lock
    /// step; a shared read first spares the write when nothing changed.
    /// A mirror without a generation accepts any. `force` publishes over a
    /// newer generation (the database itself went back: restored or reset).
    ///
    /// The copy is published first, by the same rule. A damaged mirror is
    /// quarantined and rebuilt (the app holds the truth); a newer-format
    /// one is left as it is, and the copy alone carries the publish.
    public func publish(_ rules: [RuleSnapshot], generation: Int, force: Bool = false) throws -> PublishOutcome {
        guard keepsCopy else { return try Self.publish(rules, generation: generation, force: force, to: file) }
        let copied = try Self.publish(rules, generation: generation, force: force, to: copy, rebuild: true)
        // A refresh the copy refuses is stale: it must not reach the mirror.
        if case .refused = copied { return copied }
        do {
            return try Self.publish(rules, generation: generation, force: force, to: file, rebuild: true)
        } catch StoreError.newerFormat {
            return copied
        }
    }

    /// One file's generation-checked publish; `rebuild`: a damaged file is
    /// quarantined by the first attempt and written fresh by a second.
    private static func publish(
        _ rules: [RuleSnapshot], generation: Int, force: Bool, to file: DocumentFile<Document>, rebuild: Bool = false
    ) throws -> PublishOutcome {
        do {
            return try publishOnce(rules, generation: generation, force: force, to: file)
        } catch StoreError.corrupt where rebuild {
            return try publishOnce(rules, generation: generation, force: force, to: file)
        }
    }

    private static func publishOnce(
        _ rules: [RuleSnapshot], generation: Int, force: Bool, to file: DocumentFile<Document>
    ) throws -> PublishOutcome {
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

    /// One atomic read-modify-write of the list (then the same document
    /// written to the copy).
    @discardableResult
    public func modify<R>(_ body: (inout [RuleSnapshot]) throws -> R) throws -> R {
        var written: Document?
        let result = try file.update { document in
            var rules = document?.rules ?? []
            let result = try body(&rules)
            document = Document(rules: rules, generation: document?.generation)
            written = document
            return result
        }
        if keepsCopy, let written { try copy.update { $0 = written } }
        return result
    }
}
