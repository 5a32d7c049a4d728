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
}
