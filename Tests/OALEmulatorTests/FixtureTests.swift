import Foundation
import OALTestSupport
import Testing

/// `oal-device init --fixture` through the real executable, and the app
/// reading what it copied.
@Suite struct FixtureTests {
    private func initialize(_ fixture: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("oal-fixture-\(UUID().uuidString)")
        let run = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"),
            ["init", "--root", root.path, "--fixture", fixture],
            environment: ["OAL_FIXTURES": Repository.root.appendingPathComponent("appgroup-fixtures").path])
        #expect(run.status == 0, "\(run.stderr)")
        return root
    }

    @Test func theStandardDayHasItsActiveRuleBlocking() throws {
        let root = try initialize("standard-day")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = try ProcessRun.run(try BuiltProducts.executable("oal-app"), ["--root", root.path, "home"])
        #expect(home.status == 0, "\(home.stderr)")
        #expect(home.stdout.contains("Focus"))
        let status = try ProcessRun.run(try BuiltProducts.executable("oal-device"), ["status", "--root", root.path])
        #expect(status.stdout.contains("Instagram"))
    }

    @Test func aNewerFormatIsRefusedAndLeftUntouched() throws {
        let root = try initialize("newer-format")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("appgroup/rule-snapshots.json")
        let before = try Data(contentsOf: file)
        let refresh = try ProcessRun.run(try BuiltProducts.executable("oal-app"), ["--root", root.path, "refresh"])
        // Never overwritten; the refresh publishes to the mirror's copy,
        // which the extensions read instead (docs/CONTRACT.md).
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(try Data(contentsOf: file) == before)
        let copy = try String(
            contentsOf: root.appendingPathComponent("appgroup/rule-snapshots-copy.json"), encoding: .utf8)
        #expect(copy.contains("\"formatVersion\" : 1"))
    }

    @Test func anUnknownFixtureExits66() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("oal-fixture-\(UUID().uuidString)")
        let run = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"), ["init", "--root", root.path, "--fixture", "no-such"])
        #expect(run.status == 66)
    }

    @Test func aBadScenarioExits65WithFileAndLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oal-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.scenario")
        try "start 2026-11-30 08:00\nat 08:00 jump\n".write(to: file, atomically: true, encoding: .utf8)
        let run = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"),
            ["run", "--root", directory.appendingPathComponent("root").path, file.path])
        #expect(run.status == 65)
        #expect(run.stderr.contains("bad.scenario:2: unknown action 'jump'"), "\(run.stderr)")
    }

    /// An unknown fixture names every place searched, each once, although
    /// `$OAL_FIXTURES` here is also the folder above the executable.
    @Test func anUnknownFixtureNamesEachPlaceSearchedOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("oal-fixture-\(UUID().uuidString)")
        let run = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"), ["init", "--root", root.path, "--fixture", "no-such-fixture"],
            environment: ["OAL_FIXTURES": Repository.root.appendingPathComponent("appgroup-fixtures").path])
        #expect(run.status == 66, "\(run.stderr)")
        let list =
            run.stderr.components(separatedBy: "(looked in ").dropFirst().first?.components(separatedBy: ")")
            .first?.components(separatedBy: ", ") ?? []
        #expect(list.count >= 3, "\(run.stderr)")
        #expect(Set(list).count == list.count, "a place is named twice: \(run.stderr)")
    }

    /// The committed fixtures are what `scripts/make-fixtures` makes from
    /// their scenarios today (all but the scenarios and the README): the
    /// same files and no empty directory, every file byte for byte, except
    /// that the
    /// device's own `device-state.json` writes its two sets (`delivered`,
    /// `reached`) in iteration order, so those arrays are compared as sets,
    /// and its `scenario` names the maker's checkout, compared by file name.
    @Test func theCommittedFixturesAreWhatMakeFixturesMakesToday() throws {
        let committed = Repository.root.appendingPathComponent("appgroup-fixtures")
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("oal-made-fixtures-\(getpid())")
        defer { try? FileManager.default.removeItem(at: made) }
        let run = try ProcessRun.run(
            Repository.root.appendingPathComponent("scripts/make-fixtures"), ["--no-build", "--out", made.path],
            environment: ProcessInfo.processInfo.environment.merging(
                ["OAL_BIN_DIR": BuiltProducts.directory.path], uniquingKeysWith: { $1 }))
        #expect(run.status == 0, "\(run.stderr)")
        func files(_ directory: URL) -> [String] {
            let all = FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []
            return all.filter { path in
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(
                    atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory)
                return !isDirectory.boolValue && !path.hasPrefix("scenarios/") && path != "README.md"
            }.sorted()
        }
        let names = files(committed)
        #expect(names == files(made), "the fixture sets differ: regenerate with scripts/make-fixtures")
        // Nor an empty directory, which git cannot keep: a clone has none.
        let empty = (FileManager.default.enumerator(atPath: made.path)?.allObjects as? [String] ?? []).filter {
            (try? FileManager.default.contentsOfDirectory(atPath: made.appendingPathComponent($0).path))?.isEmpty
                == true
        }
        #expect(empty.isEmpty, "make-fixtures made empty directories: \(empty.sorted())")
        for name in names {
            let old = try Data(contentsOf: committed.appendingPathComponent(name))
            let new = (try? Data(contentsOf: made.appendingPathComponent(name))) ?? Data()
            if name.hasSuffix("device-state.json") {
                #expect(try Self.asSets(old) == Self.asSets(new), "\(name) differs from what make-fixtures makes")
            } else {
                #expect(old == new, "\(name) differs from what make-fixtures makes (regenerate and commit)")
            }
        }
    }

    /// The JSON with every `delivered` and `reached` array sorted, and the
    /// `scenario` the root played reduced to its file name (the state keeps
    /// the absolute path of the checkout that made it).
    static func asSets(_ data: Data) throws -> NSDictionary {
        func normalized(_ value: Any, key: String?) -> Any {
            if key == "scenario", let path = value as? String { return (path as NSString).lastPathComponent }
            if let array = value as? [Any] {
                let items = array.map { normalized($0, key: nil) }
                if key == "delivered" || key == "reached", let strings = items as? [String] { return strings.sorted() }
                return items
            }
            if let object = value as? [String: Any] {
                return Dictionary(uniqueKeysWithValues: object.map { ($0.key, normalized($0.value, key: $0.key)) })
            }
            return value
        }
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        return normalized(object, key: nil) as? NSDictionary ?? [:]
    }
}
