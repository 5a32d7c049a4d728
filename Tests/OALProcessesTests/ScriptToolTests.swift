import Foundation
import OALTestSupport
import Testing

/// Every command a user is pointed to behaves like a tool
/// (docs/PROCESSES.md, "Terminal conventions"): `--help` prints its whole
/// text, exit codes last, and `--version` one line, both without building
/// or writing anything; an unknown option is refused with exit 64.
struct ScriptToolTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scripts = repository.appendingPathComponent("scripts")

    /// The executables the package builds for a user or a script.
    static let executables = [
        "oal-device", "oal-app", "oal-monitor", "oal-shield-config", "oal-shield-action", "oal-report", "oal-bench",
        "oal-store-probe",
    ]

    /// Commands that hand their options on to a built executable, which
    /// refuses an unknown one only after their release build.
    static let passOptionsOn: Set = ["bench-store", "bench-simulation"]

    /// A command: a script of the checkout or a built executable.
    struct Command: CustomStringConvertible {
        let name: String
        let url: URL
        /// The script's file, whose header is its help; nil for an executable.
        let script: URL?
        var description: String { name }
    }

    /// The commands of `scripts/`: its files (helpers live in `scripts/lib`).
    static func scriptFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: scripts.path).sorted().compactMap { name in
            let url = scripts.appendingPathComponent(name)
            var directory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &directory)
            return directory.boolValue && name == "lib" ? nil : url
        }
    }

    /// Every script in `scripts/`, the CI entry point and every executable.
    static func commands() throws -> [Command] {
        let files = try scriptFiles() + [repository.appendingPathComponent(".ci/run")]
        return try files.map { Command(name: $0.lastPathComponent, url: $0, script: $0) }
            + executables.map { Command(name: $0, url: try BuiltProducts.executable($0), script: nil) }
    }

    /// The commands README.md names: `scripts/NAME`, `.ci/run` and
    /// `` `oal-NAME ``, as paths relative to the checkout or executable names.
    static func namedInReadme() throws -> Set<String> {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        var names: Set<String> = []
        for pattern in [#"scripts/[A-Za-z0-9_.-]*[A-Za-z0-9_-]"#, #"\.ci/[a-z]+"#, #"(?<=`)oal-[a-z-]*[a-z]"#] {
            let expression = try NSRegularExpression(pattern: pattern)
            let range = NSRange(readme.startIndex..., in: readme)
            for match in expression.matches(in: readme, range: range) {
                names.insert(String(readme[Range(match.range, in: readme)!]))
            }
        }
        return names
    }

    /// What a script's `--help` must print: its header, the comment lines
    /// after the shebang up to the first line of code (a shell script), or
    /// its docstring (a Python one), read here independently of the script.
    static func header(of script: URL) throws -> String {
        let lines = try String(contentsOf: script, encoding: .utf8).components(separatedBy: "\n").dropFirst()
        if lines.first?.hasPrefix("\"\"\"") == true {
            let text = lines.joined(separator: "\n").dropFirst(3)
            return String(text[..<(text.range(of: "\"\"\"")?.lowerBound ?? text.endIndex)])
        }
        return lines.prefix { $0.hasPrefix("#") }.map { line in
            String(line.dropFirst(line.hasPrefix("# ") ? 2 : 1))
        }.joined(separator: "\n")
    }

    /// The content of the checkout: every file git would see (tracked or
    /// not, ignored ones aside) hashed as a tree, through an index of our
    /// own so the checkout's index is left alone.
    static func checkoutTree() throws -> String {
        let git = URL(fileURLWithPath: "/usr/bin/git")
        let indexPath = try ProcessRun.run(
            git, ["-C", repository.path, "rev-parse", "--path-format=absolute", "--git-path", "index"])
        let index = FileManager.default.temporaryDirectory.appendingPathComponent("oal-index-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: index) }
        try FileManager.default.copyItem(
            atPath: indexPath.stdout.trimmingCharacters(in: .whitespacesAndNewlines), toPath: index.path)
        let environment = ["GIT_INDEX_FILE": index.path]
        let add = try ProcessRun.run(git, ["-C", repository.path, "add", "-A"], environment: environment)
        #expect(add.status == 0, "\(add.stderr)")
        let tree = try ProcessRun.run(git, ["-C", repository.path, "write-tree"], environment: environment)
        #expect(tree.status == 0, "\(tree.stderr)")
        return tree.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The files that differ between two trees of `checkoutTree`.
    static func changes(from old: String, to new: String) throws -> String {
        try ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/git"), ["-C", repository.path, "diff-tree", "-r", "--name-status", old, new]
        ).stdout
    }

    static var version: String {
        let source = repository.appendingPathComponent("Sources/OALSystem/Console/ToolVersion.swift")
        let text = (try? String(contentsOf: source, encoding: .utf8)) ?? ""
        return text.components(separatedBy: "current = \"").dropFirst().first?.components(separatedBy: "\"").first
            ?? "?"
    }

    /// The last paragraph of a text (after its last blank line).
    static func lastParagraph(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.components(separatedBy: "\n\n").last ?? trimmed
    }

    /// The one test of the terminal conventions every command keeps, for
    /// every script of `scripts/`, `.ci/run` and every executable, and so
    /// for every command README.md names.
    @Test func everyCommandAnswersHelpAndVersionWithoutChangingTheCheckout() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 22)
        let tested = Set(commands.map { $0.script.map { Self.relativePath($0) } ?? $0.name })
        let untested = try Self.namedInReadme().subtracting(tested)
        #expect(untested.isEmpty, "README.md names commands this test does not run: \(untested.sorted())")
        // Nothing here may build: the scripts that would are pointed at the
        // executables already built.
        let environment = ["OAL_BIN_DIR": BuiltProducts.directory.path]
        let treeBefore = try Self.checkoutTree()
        for command in commands {
            let name = command.name
            if let script = command.script {
                #expect(FileManager.default.isExecutableFile(atPath: script.path), "\(name) is not an executable file")
            }
            let help = try ProcessRun.run(command.url, ["--help"], environment: environment)
            #expect(help.status == 0, "\(name) --help: \(help.stderr)")
            #expect(help.stdout.contains(name), "\(name) --help does not name itself:\n\(help.stdout)")
            #expect(!help.stdout.contains("set -"), "\(name) --help prints code:\n\(help.stdout)")
            for output in [help.stdout, help.stderr] {
                #expect(!output.contains("Building for"), "\(name) --help started a build")
            }
            // Complete: a script prints its whole header (a bench script
            // then adds oal-bench's options); the text ends with its exit
            // codes, and on a full stop, not mid-sentence.
            var text = help.stdout
            if let script = command.script {
                let header = try Self.header(of: script)
                #expect(help.stdout.hasPrefix(header), "\(name) --help is not its whole header:\n\(help.stdout)")
                text = header
            }
            let last = Self.lastParagraph(text)
            #expect(last.lowercased().contains("exit"), "\(name) --help does not end with its exit codes:\n\(last)")
            #expect(
                last.hasSuffix(".") || last.hasSuffix(".)"), "\(name) --help stops mid-sentence:\n\(last)")
            let version = try ProcessRun.run(command.url, ["--version"], environment: environment)
            #expect(version.status == 0, "\(name) --version: \(version.stderr)")
            #expect(version.stdout == "\(name) \(Self.version)\n", "\(name) --version: \(version.stdout)")
            if !Self.passOptionsOn.contains(name) {
                let unknown = try ProcessRun.run(command.url, ["--no-such-option"], environment: environment)
                #expect(unknown.status == 64, "\(name) --no-such-option: exit \(unknown.status)\n\(unknown.stderr)")
                #expect(
                    unknown.stderr.contains("--no-such-option"), "\(name) does not name the option:\n\(unknown.stderr)")
            }
        }
        let treeAfter = try Self.checkoutTree()
        let changed = try Self.changes(from: treeBefore, to: treeAfter)
        #expect(treeAfter == treeBefore, "a command changed the checkout:\n\(changed)")
    }

    /// A script's path relative to the checkout (`scripts/supervise`).
    static func relativePath(_ url: URL) -> String {
        String(url.standardizedFileURL.path.dropFirst(repository.standardizedFileURL.path.count + 1))
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
