import Foundation
import OALTestSupport
import Testing

/// Every script in `scripts/` behaves like a tool (docs/PROCESSES.md,
/// "Terminal conventions"): `--help` prints its whole header, exit codes
/// included, and `--version` one line, both without building or writing
/// anything.
struct ScriptToolTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scripts = repository.appendingPathComponent("scripts")

    /// The commands of `scripts/`: its files (helpers live in `scripts/lib`).
    static func commands() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: scripts.path).sorted().compactMap { name in
            let url = scripts.appendingPathComponent(name)
            var directory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &directory)
            return directory.boolValue && name == "lib" ? nil : url
        }
    }

    /// `git status` of the checkout (files changed or added), to show
    /// that asking a script for help writes nothing.
    static func checkoutStatus() throws -> String {
        let git = try ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/git"),
            ["-C", repository.path, "status", "--porcelain", "--untracked-files=all"])
        #expect(git.status == 0, "\(git.stderr)")
        return git.stdout
    }

    static var version: String {
        let source = repository.appendingPathComponent("Sources/OALSystem/Console/ToolVersion.swift")
        let text = (try? String(contentsOf: source, encoding: .utf8)) ?? ""
        return text.components(separatedBy: "current = \"").dropFirst().first?.components(separatedBy: "\"").first
            ?? "?"
    }

    @Test func everyScriptAnswersHelpAndVersionWithoutDoingAnything() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 14)
        let statusBefore = try Self.checkoutStatus()
        for script in commands {
            let name = script.lastPathComponent
            #expect(FileManager.default.isExecutableFile(atPath: script.path), "\(name) is not an executable file")
            let help = try ProcessRun.run(script, ["--help"])
            #expect(help.status == 0, "\(name) --help: \(help.stderr)")
            #expect(help.stdout.contains(name), "\(name) --help does not name itself:\n\(help.stdout)")
            #expect(help.stdout.lowercased().contains("exit"), "\(name) --help has no exit codes:\n\(help.stdout)")
            #expect(!help.stdout.contains("set -"), "\(name) --help prints code:\n\(help.stdout)")
            for output in [help.stdout, help.stderr] {
                #expect(!output.contains("Building for"), "\(name) --help started a build")
            }
            let version = try ProcessRun.run(script, ["--version"])
            #expect(version.status == 0, "\(name) --version: \(version.stderr)")
            #expect(version.stdout == "\(name) \(Self.version)\n", "\(name) --version: \(version.stdout)")
        }
        #expect(try Self.checkoutStatus() == statusBefore, "a script's --help or --version changed the checkout")
    }

    /// A fault `oal-device run` refuses (exit 64) leaves no temporary device
    /// root behind (issue 25): supervise removes the one it made.
    @Test func aRefusedFaultLeavesNoTemporaryRoot() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("oal-sv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        environment["OAL_BIN_DIR"] = BuiltProducts.directory.path
        let run = try ProcessRun.run(
            Self.scripts.appendingPathComponent("supervise"), ["--no-build", "--fault", "kill nobody at nowhere"],
            environment: environment)
        #expect(run.status == 64, "\(run.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(left.isEmpty, "left behind: \(left)\n\(run.stderr)")
    }

    /// `make-fixtures` rewrites the committed fixtures when it runs: asking
    /// it for help, or giving it a word it does not know, must not.
    @Test func makeFixturesTouchesNothingUnlessAskedToRun() throws {
        let fixtures = Self.repository.appendingPathComponent("appgroup-fixtures")
        func listing() throws -> [String] {
            let enumerator = FileManager.default.enumerator(atPath: fixtures.path)
            return try (enumerator?.allObjects as? [String] ?? []).sorted().map { path in
                let attributes = try FileManager.default.attributesOfItem(
                    atPath: fixtures.appendingPathComponent(path).path)
                return "\(path) \(attributes[.modificationDate] ?? "")"
            }
        }
        let before = try listing()
        let script = Self.scripts.appendingPathComponent("make-fixtures")
        #expect(try ProcessRun.run(script, ["--help"]).status == 0)
        let unknown = try ProcessRun.run(script, ["--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown argument '--bogus'"), "\(unknown.stderr)")
        #expect(try listing() == before)
    }

    @Test func reliabilityNamesItsProbes() throws {
        let script = Self.scripts.appendingPathComponent("reliability")
        let bare = try ProcessRun.run(script, [])
        #expect(bare.status == 64)
        #expect(bare.stderr.contains("contention, signals or bad-input"), "\(bare.stderr)")
        #expect(try ProcessRun.run(script, ["nonsense"]).status == 64)
    }
}
