import Foundation
import OALDomain
import OALStore
import OALSystem
import Testing

/// Collects observer reports (thread-safe).
final class AccessLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [StoreAccess] = []
    var observer: StoreAccessObserver {
        StoreAccessObserver { access in self.lock.withLock { self.items.append(access) } }
    }
    var accesses: [StoreAccess] { lock.withLock { items } }
}

func sampleRule(_ id: UUID = UUID(), name: String = "Evenings", maxOpens: Int = 3) -> RuleSnapshot {
    RuleSnapshot(
        id: id, name: name, kindRaw: "openLimit", isEnabled: true, hardMode: false,
        selectionModeRaw: "specific", selectionData: Data([1, 2, 3]), dayNumbers: [2, 3, 4],
        startMinutes: 0, endMinutes: 1440, dailyLimitMinutes: 0, maxOpens: maxOpens,
        pausedUntil: Date(timeIntervalSince1970: 1_790_000_000.5))
}

@Suite struct DocumentStoreTests {
    @Test func theMirrorRefusesAnOlderGenerationAndReadsFilesWithoutOne() throws {
        try withContainer { container in
            let store = try RuleSnapshotStore(container: container)
            let study = sampleRule(name: "Study")
            // A file from before generations: no `generation` key.
            try store.replaceAll([study])
            let old = String(decoding: bytes(store.file.path)!, as: UTF8.self)
            #expect(!old.contains("generation"))
            #expect(try store.file.read() == RuleSnapshotStore.Document(rules: [study], generation: nil))
            // Any generation may follow an unnumbered mirror.
            #expect(try store.publish([study], generation: 1) == .published)
            #expect(try store.publish([], generation: 2) == .published)
            #expect(try store.publish([], generation: 2) == .unchanged)
            // The refresh that read generation 1 must not bring Study back.
            #expect(try store.publish([study], generation: 1) == .refused(mirrorGeneration: 2))
            #expect(try store.file.read() == RuleSnapshotStore.Document(rules: [], generation: 2))
            // Unless the database itself went back.
            #expect(try store.publish([study], generation: 1, force: true) == .published)
            #expect(try store.all() == [study])
            let text = String(decoding: bytes(store.file.path)!, as: UTF8.self)
            #expect(text.contains("\"generation\" : 1"))
            // upsert and remove keep the generation they found.
            try store.upsert(sampleRule(name: "Work"))
            #expect(try store.file.read()?.generation == 1)
        }
    }

    /// The mirror is published twice, to a copy first, so a damaged
    /// `rule-snapshots.json` (a bad write, a bad sector, a newer app's
    /// format) leaves the extensions a readable mirror (issue 10 part A).
    @Test func aDamagedMirrorIsReadFromItsCopy() throws {
        try withContainer { container in
            let store = try RuleSnapshotStore(container: container)
            let study = sampleRule(name: "Study")
            #expect(try store.publish([study], generation: 1) == .published)
            let copy = try #require(bytes(store.copy.path))
            #expect(try store.copy.read() == RuleSnapshotStore.Document(rules: [study], generation: 1))
            // Truncated: quarantined, and the copy answers.
            let primary = try #require(bytes(store.file.path))
            try AtomicFile.replace(store.file.path, with: Array(primary.prefix(primary.count / 2)), durable: false)
            #expect(try store.all() == [study])
            let entries = try FileManager.default.contentsOfDirectory(atPath: container.path)
            #expect(entries.contains { $0.hasPrefix("rule-snapshots.json.corrupt-") }, "\(entries)")
            // Quarantined (absent) primary: still the copy.
            #expect(try RuleSnapshotStore(container: container).all() == [study])
            #expect(bytes(store.copy.path) == copy, "reading never writes the copy")
            // The app's next publish rebuilds the primary from its database.
            let work = sampleRule(name: "Work")
            #expect(try store.publish([study, work], generation: 2) == .published)
            #expect(try store.file.read() == RuleSnapshotStore.Document(rules: [study, work], generation: 2))
            // Corrupt in place: the app's publish quarantines it and publishes
            // instead of failing (it is the mirror's only writer and holds the truth).
            try write("{\"format\":\"oal.rule-snapshots\",\u{1}#!garb", to: store.file.path)
            #expect(try store.all() == [study, work])
            try write("{\"format\":\"oal.rule-snapshots\",\u{1}#!garb", to: store.file.path)
            #expect(try store.publish([work], generation: 3) == .published)
            #expect(try store.all() == [work])
        }
    }

    /// A newer format is never overwritten, but the copy still carries
    /// every later publish to the extensions.
    @Test func aNewerFormatMirrorIsLeftAloneAndTheCopyCarriesPublishes() throws {
        try withContainer { container in
            let store = try RuleSnapshotStore(container: container)
            #expect(try store.publish([sampleRule(name: "Study")], generation: 1) == .published)
            let newer = """
                {"format":"oal.rule-snapshots","formatVersion":2,"document":{"rulesV2":[]}}
                """
            try write(newer, to: store.file.path)
            let before = bytes(store.file.path)
            let work = sampleRule(name: "Work")
            #expect(try store.publish([work], generation: 2) == .published)
            #expect(bytes(store.file.path) == before)
            #expect(try store.all() == [work])
            #expect(try store.copy.read()?.generation == 2)
        }
    }

    @Test func ruleSnapshotsRoundTrip() throws {
        try withContainer { container in
            let log = AccessLog()
            let store = try RuleSnapshotStore(container: container, observer: log.observer)
            #expect(try store.all().isEmpty)
            let a = sampleRule()
            let b = sampleRule(name: "Work")
            try store.replaceAll([a, b])
            #expect(try store.all() == [a, b])
            #expect(try store.snapshot(id: b.id) == b)
            var changed = b
            changed.maxOpens = 9
            try store.upsert(changed)
            #expect(try store.snapshot(id: b.id)?.maxOpens == 9)
            #expect(try store.remove(id: a.id))
            #expect(try store.all() == [changed])
            // A second object (as another process would) sees the same.
            #expect(try RuleSnapshotStore(container: container).all() == [changed])
            let accesses = log.accesses
            #expect(accesses.contains(StoreAccess(storeName: "rule-snapshots", kind: .write, path: store.file.path)))
            #expect(accesses.contains(StoreAccess(storeName: "rule-snapshots", kind: .read, path: store.file.path)))
            let text = String(decoding: bytes(store.file.path)!, as: UTF8.self)
            #expect(text.contains("\"format\" : \"oal.rule-snapshots\""))
            #expect(text.contains("\"formatVersion\" : 1"))
        }
    }

    @Test func openSessionsSetClearAndConditionalClear() throws {
        try withContainer { container in
            let store = try OpenSessionStore(container: container)
            let rule = UUID()
            let other = UUID()
            let expiry = Date(timeIntervalSince1970: 1_790_000_900.25)
            try store.set(rule: rule, expiresAt: expiry)
            try store.set(rule: other, expiresAt: expiry)
            #expect(try store.expiry(rule: rule) == expiry)
            #expect(try !store.clear(rule: rule, ifExpiryIs: expiry.addingTimeInterval(60)))
            #expect(try store.clear(rule: rule, ifExpiryIs: expiry))
            #expect(try store.all() == [other: expiry])
            #expect(try store.clear(rule: other))
            #expect(try !store.clear(rule: other))
            #expect(try store.all().isEmpty)
        }
    }

    @Test func shieldTrackingAndGroupDefaults() throws {
        try withContainer { container in
            let tracking = try ShieldStoreTracking(container: container)
            #expect(try tracking.add("rule-b"))
            #expect(try tracking.add("rule-a"))
            #expect(try !tracking.add("rule-a"))
            #expect(try tracking.names() == ["rule-a", "rule-b"])
            #expect(try tracking.remove("rule-b"))
            #expect(try !tracking.remove("rule-b"))
            #expect(try tracking.names() == ["rule-a"])

            let defaults = try GroupDefaults(container: container)
            #expect(try !defaults.uninstallProtectionEnabled())
            try defaults.setUninstallProtectionEnabled(true)
            #expect(try defaults.uninstallProtectionEnabled())
            try defaults.set(.int(3), forKey: "other")
            #expect(try GroupDefaults(container: container).value(forKey: "other") == .int(3))
        }
    }

    @Test func garbageDocumentIsQuarantinedAndReported() throws {
        try withContainer { container in
            let store = try OpenSessionStore(container: container)
            let garbage =
                "{\"format\":\"oal.open-sessions\",\"formatVersion\":1,\"document\":{\"sessions\":{\"x\":\"not a date\"}}}"
            for content in ["not json at all {", garbage, "", "{\"format\":\"something-else\",\"formatVersion\":1}"] {
                try write(content, to: store.file.path)
                let error = try #require(throws: StoreError.self) { try store.all() }
                guard case .corrupt(let path, nil, let reason, let moved?) = error else {
                    Issue.record("expected corrupt, got \(error)")
                    continue
                }
                #expect(path == store.file.path)
                #expect(error.description.contains("open-sessions.json"))
                #expect(!reason.isEmpty)
                #expect(moved.hasPrefix(store.file.path + ".corrupt-"))
                #expect(bytes(moved) == Array(content.utf8), "original bytes kept in \(moved)")
                #expect(bytes(store.file.path) == nil, "bad file moved away")
                // Afterwards the store works again, starting empty.
                #expect(try store.all().isEmpty)
            }
            let quarantined = try FileManager.default.contentsOfDirectory(atPath: container.path)
                .filter { $0.contains(".corrupt-") }
            #expect(quarantined.count == 4)
        }
    }

    @Test func corruptDocumentFailsAnUpdateToo() throws {
        try withContainer { container in
            let store = try ShieldStoreTracking(container: container)
            try write("[1,2", to: store.file.path)
            #expect(throws: StoreError.self) { try store.add("x") }
            #expect(try store.names().isEmpty, "the failed update was not applied")
            #expect(try store.add("x"))
        }
    }

    @Test func newerDocumentIsNeverOverwritten() throws {
        try withContainer { container in
            let store = try RuleSnapshotStore(container: container)
            let newer = """
                {"format":"oal.rule-snapshots","formatVersion":2,"document":{"rulesV2":[]}}
                """
            try write(newer, to: store.file.path)
            let before = bytes(store.file.path)
            #expect(throws: StoreError.newerFormat(path: store.file.path, found: 2, known: 1)) {
                try store.file.read()
            }
            // With no copy either, the mirror's own error stands.
            #expect(throws: StoreError.newerFormat(path: store.file.path, found: 2, known: 1)) {
                try store.all()
            }
            let rule = sampleRule()
            #expect(throws: StoreError.newerFormat(path: store.file.path, found: 2, known: 1)) {
                try store.replaceAll([rule])
            }
            // The copy, written first, now answers the extensions.
            #expect(try store.all() == [rule])
            #expect(bytes(store.file.path) == before)
            let entries = try FileManager.default.contentsOfDirectory(atPath: container.path)
            #expect(!entries.contains { $0.contains("corrupt") || $0.contains(".tmp-") })
        }
    }

    @Test func overwriteWritesTheSameFileUpdateWouldWithoutReadingIt() throws {
        try withContainer { container in
            let viaUpdate = try RuleSnapshotStore(container: container)
            let rule = sampleRule()
            try viaUpdate.replaceAll([rule])
            let written = bytes(viaUpdate.file.path)
            try viaUpdate.file.overwrite(RuleSnapshotStore.Document(rules: [rule]))
            #expect(bytes(viaUpdate.file.path) == written)
            // Not read first: what is on disk does not matter to it.
            try write("{oops", to: viaUpdate.file.path)
            try viaUpdate.file.overwrite(RuleSnapshotStore.Document(rules: []))
            #expect(try viaUpdate.all().isEmpty)
        }
    }

    @Test func olderVersionIsMigratedOnRead() throws {
        struct V2: Codable, Sendable, Equatable { var items: [String] }
        try withContainer { container in
            let file = try DocumentFile<V2>(
                container: container, name: "things", format: "oal.things", version: 2,
                migrate: { version, data in
                    struct V1: Decodable { var document: [String] }
                    #expect(version == 1)
                    return V2(items: try JSONDecoder().decode(V1.self, from: data).document)
                })
            try write(#"{"format":"oal.things","formatVersion":1,"document":["a","b"]}"#, to: file.path)
            #expect(try file.read() == V2(items: ["a", "b"]))
            try file.update { $0?.items.append("c") }
            let text = String(decoding: bytes(file.path)!, as: UTF8.self)
            #expect(text.contains("\"formatVersion\" : 2"))
            #expect(try file.read() == V2(items: ["a", "b", "c"]))
            try file.update { $0 = nil }
            #expect(bytes(file.path) == nil)
        }
    }
}
