import Foundation
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// What a fork server does between two launches, so that its next child
/// starts with the runtime's first-use work already done: it decodes (and
/// encodes again) every document a callback reads, from the root's current
/// bytes, and builds the clock's calendar. Most of a cold monitor launch
/// was that work (type metadata instantiated, protocol conformances looked
/// up through every image's records, ICU's zone data loaded, code pages
/// faulted in), none of it callback state.
///
/// It keeps nothing it decoded: only the runtime's caches and the touched
/// pages stay, which a child inherits. It reads the files without their
/// locks and without the stores (`DocumentFile`), so it leaves no trace
/// line, takes no lock, and fills none of the process's own statics (the
/// decode memo, crash and pause points, mutants), which each child must
/// start without. A torn or missing file is skipped.
enum ForkWarmUp {
    /// One pass over `root`'s documents; stops early when `interrupted`
    /// says a launch is waiting, so the pass never delays one by more than
    /// a document's decode. Returns the paths it decoded.
    @discardableResult
    static func run(root: DeviceRoot, interrupted: () -> Bool = { false }) -> [String] {
        decoded = []
        let appGroup = root.appGroup.path + "/"
        let system = root.system.path + "/"
        let steps: [() -> Void] = [
            {
                let envelope = DocumentEnvelope<ClockState>(
                    format: EmulatedClock.format, version: EmulatedClock.version)
                decode(system + EmulatedClock.storeName + ".json", envelope) { clock in
                    // ICU loads a zone's rules when a date is first placed
                    // in it, not when the calendar is made.
                    guard let calendar = try? clock.calendar() else { return }
                    _ = DayKey(clock.now, calendar: calendar)
                    _ = WallClock.startOfDay(clock.now, calendar: calendar)
                }
            },
            { decodeRules(appGroup + RuleSnapshotStore.storeName + ".json") },
            { decodeRules(appGroup + RuleSnapshotStore.copyName + ".json") },
            { decode(appGroup, OpenSessionStore.self) },
            { decode(appGroup, PendingGrantStore.self) },
            { decode(appGroup, GroupDefaults.self) },
            { decode(appGroup, ShieldStoreTracking.self) },
            {
                decode(
                    system + DeviceActivityCenter.storeName + ".json",
                    DocumentEnvelope<ActivityRegistry>(
                        format: DeviceActivityCenter.format, version: DeviceActivityCenter.formatVersion))
            },
            {
                decode(
                    system + CatalogFile.storeName + ".json",
                    DocumentEnvelope<InstalledAppCatalog>(format: CatalogFile.format, version: CatalogFile.version))
            },
            {
                let names = try? FileManager.default.contentsOfDirectory(atPath: root.managedSettings.path)
                guard let first = names?.filter({ $0.hasSuffix(".json") }).min() else { return }
                decode(
                    root.managedSettings.path + "/" + first,
                    DocumentEnvelope<StoreSettings>(
                        format: ManagedSettingsStore.format, version: ManagedSettingsStore.version))
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

    /// A single-document store's file in `directory` (a path ending in `/`).
    private static func decode<Store: SingleDocumentStore>(_ directory: String, _ store: Store.Type) {
        decode(
            directory + store.storeName + ".json",
            DocumentEnvelope<Store.Document>(format: store.format, version: store.version))
    }

    /// Decodes `path` when it is larger than at any earlier pass: a document
    /// only brings new types to instantiate when it holds more than it
    /// did (the first rule, the first session), so most passes read a
    /// `stat` per file and nothing else.
    private static func decode<Document>(
        _ path: String, _ envelope: DocumentEnvelope<Document>, then use: (Document) -> Void = { _ in }
    ) {
        guard let size = (try? FileSystem.status(path))??.size, size > largestDecoded[path, default: -1] else {
            return
        }
        largestDecoded[path] = size
        guard let bytes = try? FileSystem.readFile(path), case .document(let document) = envelope.decode(bytes)
        else { return }
        _ = envelope.encode(document, storeName: path)
        use(document)
        decoded.append(path)
    }

    /// Per file, the size it had at the pass that last decoded it. The fork
    /// server's own (its children never run a pass).
    nonisolated(unsafe) private static var largestDecoded: [String: Int64] = [:]
    /// The paths the pass in progress decoded.
    nonisolated(unsafe) private static var decoded: [String] = []
}
