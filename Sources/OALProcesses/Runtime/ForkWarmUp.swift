import Foundation
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// What a fork server does between two launches, so that its next child
/// starts with the runtime's first-use work and its documents' decoding
/// already done. It decodes every document a callback reads, from the
/// root's current bytes, into the process's decode memo
/// (`DocumentPriming`), which a child inherits: a child that finds the
/// same bytes under its lock skips `JSONDecoder`, one that finds others
/// decodes them itself. A document first decoded is encoded once more and
/// the clock's calendar built, for the runtime's caches: most of a cold
/// monitor launch was first-use work (type metadata instantiated, protocol
/// conformances looked up through every image's records, ICU's zone data
/// loaded, code pages faulted in), none of it callback state.
///
/// The memo is keyed by the exact bytes, so it holds no state a cold
/// launch must not have. The pass reads the files without their locks and
/// without the stores (`DocumentFile`), so it leaves no trace line, takes
/// no lock, creates no file, and fills none of the statics a launch's
/// variables set (crash and pause points, mutants), which each child must
/// read for itself. A torn or missing file is skipped.
enum ForkWarmUp {
    /// One pass over `root`'s documents; stops early when `interrupted`
    /// says a launch is waiting, so the pass never delays one by more than
    /// a document's decode. Returns the paths it decoded: those whose bytes
    /// changed since the memo last held them.
    @discardableResult
    static func run(root: DeviceRoot, interrupted: () -> Bool = { false }) -> [String] {
        decoded = []
        let appGroup = root.appGroup.path + "/"
        let system = root.system.path
        // The documents every monitor callback reads first.
        let steps: [() -> Void] = [
            { decodeRules(appGroup + RuleSnapshotStore.storeName + ".json") },
            {
                if DeviceActivityCenter.prime(system: system) {
                    decoded.append(system + "/" + DeviceActivityCenter.storeName + ".json")
                }
            },
            {
                let envelope = DocumentEnvelope<ClockState>(
                    format: EmulatedClock.format, version: EmulatedClock.version)
                decode(system + "/" + EmulatedClock.storeName + ".json", envelope) { clock in
                    // ICU loads a zone's rules when a date is first placed
                    // in it, not when the calendar is made.
                    guard let calendar = try? clock.calendar() else { return }
                    _ = DayKey(clock.now, calendar: calendar)
                    _ = WallClock.startOfDay(clock.now, calendar: calendar)
                }
            },
            { decodeSettings(root.managedSettings.path) },
            { decode(appGroup, ShieldStoreTracking.self) },
            { decode(appGroup, OpenSessionStore.self) },
            { decode(appGroup, PendingGrantStore.self) },
            { decode(appGroup, GroupDefaults.self) },
            { decodeRules(appGroup + RuleSnapshotStore.copyName + ".json") },
            {
                decode(
                    system + "/" + CatalogFile.storeName + ".json",
                    DocumentEnvelope<InstalledAppCatalog>(format: CatalogFile.format, version: CatalogFile.version))
            },
        ]
        for step in steps {
            if interrupted() { break }
            step()
        }
        return decoded
    }

    /// The rules as a callback reads them: each snapshot turned back into
    /// the domain's rule, as `PublishedRule` does.
    private static func decodeRules(_ path: String) {
        let envelope = DocumentEnvelope<RuleSnapshotStore.Document>(
            format: RuleSnapshotStore.format, version: RuleSnapshotStore.version)
        decode(path, envelope) { document in
            for snapshot in document.rules { _ = try? snapshot.decoded() }
        }
    }

    /// Every ManagedSettings store's file: a callback reads all of them to
    /// reconcile the shields.
    private static func decodeSettings(_ directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names.sorted() where name.hasSuffix(".json") {
            decode(
                directory + "/" + name,
                DocumentEnvelope<StoreSettings>(
                    format: ManagedSettingsStore.format, version: ManagedSettingsStore.version))
        }
    }

    /// A single-document store's file in `directory` (a path ending in `/`).
    private static func decode<Store: SingleDocumentStore>(_ directory: String, _ store: Store.Type) {
        decode(
            directory + store.storeName + ".json",
            DocumentEnvelope<Store.Document>(format: store.format, version: store.version))
    }

    /// Decodes `path` into the memo when its bytes are not what the memo
    /// holds; a document is encoded once more, and `use`d, the first time
    /// its file reaches a size: only a larger document brings new types to
    /// instantiate (the first rule, the first session).
    private static func decode<Document>(
        _ path: String, _ envelope: DocumentEnvelope<Document>, then use: (Document) -> Void = { _ in }
    ) {
        guard let bytes = try? FileSystem.readFile(path),
            let document = DocumentPriming.prime(path, bytes: bytes, envelope)
        else { return }
        decoded.append(path)
        let size = bytes.count
        guard size > largestWarmed[path, default: -1] else { return }
        largestWarmed[path] = size
        _ = envelope.encode(document, storeName: path)
        use(document)
    }

    /// Per file, the size it had when its document was last encoded and
    /// used. The fork server's own (its children never run a pass).
    nonisolated(unsafe) private static var largestWarmed: [String: Int] = [:]
    /// The paths the pass in progress decoded.
    nonisolated(unsafe) private static var decoded: [String] = []
}
