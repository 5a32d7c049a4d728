import Foundation
import OALTestSupport
import Testing

/// What a newcomer met running `scripts/supervise` (issue 34). Nothing here
/// builds: the script is pointed at the executables already built
/// (`--no-build`, `OAL_BIN_DIR`), but where the build itself is the
/// subject, which a stand-in `swift` on the PATH plays.
/// Serialized: the build tests share `.build/supervise-build.log`.
@Suite(.serialized) struct SuperviseTests {
    static let supervise = ScriptToolTests.scripts.appendingPathComponent("supervise")

    /// The environment of a supervise run: the built executables, and a
    /// temporary directory of the test's own.
    static func environment(temporary: URL) -> [String: String] {
        ["OAL_BIN_DIR": BuiltProducts.directory.path, "TMPDIR": temporary.path]
    }

    /// Item 1: `--root` whose parent directory does not exist is a usage
    /// error naming it; nothing is created.
    @Test func aRootWhoseParentIsMissingIsRefusedAndNothingIsCreated() throws {
        let temporary = try TemporaryDirectory.make(prefix: "oal-sv-root")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let missing = temporary.appendingPathComponent("nonexistent")
        let root = missing.appendingPathComponent("x/y").path
        let run = try ProcessRun.run(
            Self.supervise, ["--no-build", "--root", root], environment: Self.environment(temporary: temporary))
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--root \(root): its parent directory"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    /// Item 4: a usage error the device raises for a supervise run points
    /// to `scripts/supervise --help`, the command the user typed, not to
    /// `oal-device --help`.
    @Test func aUsageErrorOfTheDeviceNamesTheCommandTyped() throws {
        let temporary = try TemporaryDirectory.make(prefix: "oal-sv-hint")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let environment = Self.environment(temporary: temporary)
        for arguments in [["--fault", "at 25:99 clock jump +1h"], ["--seeds", "0"]] {
            let run = try ProcessRun.run(Self.supervise, ["--no-build"] + arguments, environment: environment)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("run `\(Self.supervise.path) --help` for usage"), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("oal-device --help"), "\(arguments): \(run.stderr)")
            // Refused, the run leaves nothing in the temporary directory (item 9).
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "\(arguments)")
        }
    }

    /// Item 5: `--help` gives every option the script takes a line of its
    /// own, then examples; an unknown option is one line naming it and
    /// `--help`, not the whole help.
    @Test func everyOptionHasItsLineAndAnUnknownOneIsOneLine() throws {
        let source = try String(contentsOf: Self.supervise, encoding: .utf8)
        // The options of its argument loop: the patterns of its `case` lines.
        let pattern = try NSRegularExpression(
            pattern: #"^ +(-h\|)?(--[a-z-]+(\|--[a-z-]+)*)\)"#, options: .anchorsMatchLines)
        var options: Set<String> = []
        for match in pattern.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
            let words = source[Range(match.range(at: 2), in: source)!].split(separator: "|").map(String.init)
            options.formUnion(words)
        }
        #expect(options.isSuperset(of: ["--root", "--seed", "--fixture", "--quiet", "--guest", "--no-build"]))
        let help = try ProcessRun.run(Self.supervise, ["--help"])
        #expect(help.status == 0)
        // The option lines: indented, each an option, its argument, what it does.
        let lines = help.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  --") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        for option in options.sorted() {
            let own = lines.filter { line in
                line.hasPrefix(option + " ") || line.hasPrefix(option + ",") || line.hasPrefix("--help, \(option) ")
            }
            #expect(own.count == 1, "\(option) has no line of its own in --help:\n\(help.stdout)")
        }
        #expect(help.stdout.contains("Examples"), "\(help.stdout)")
        let unknown = try ProcessRun.run(Self.supervise, ["--no-such-option"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr == "supervise: unknown option '--no-such-option'; see `\(Self.supervise.path) --help`\n",
            "\(unknown.stderr)")
    }

    /// Item 9: a temporary root a run never started in is removed (here
    /// `init` fails: no such fixture).
    @Test func aRunThatNeverStartedLeavesNoTemporaryRoot() throws {
        let temporary = try TemporaryDirectory.make(prefix: "oal-sv-tmp")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let run = try ProcessRun.run(
            Self.supervise, ["--no-build", "--fixture", "no-such-fixture"],
            environment: Self.environment(temporary: temporary))
        #expect(run.status == 66, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "\(run.stderr)")
    }

    /// A stand-in `swift` first on the PATH: `swift build` prints `steps`
    /// progress lines as SwiftPM does (then an error when `fails`), `swift
    /// build --show-bin-path` the built executables' directory.
    static func fakeSwift(in directory: URL, steps: Int, fails: Bool) throws -> [String: String] {
        let bin = directory.appendingPathComponent("fake-bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            if [ "$2" = --show-bin-path ]; then echo "\(BuiltProducts.directory.path)"; exit 0; fi
            echo "Building for debugging..."
            i=1
            while [ $i -le \(steps) ]; do echo "[$i/\(steps)] Compiling Module File$i.swift"; i=$((i + 1)); done
            \(fails ? "echo '/src/Broken.swift:3:1: error: cannot find Thing in scope'; exit 1" : "echo 'Build complete! (1.00s)'")

            """
        let swift = bin.appendingPathComponent("swift")
        try script.write(to: swift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: swift.path)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return ["PATH": "\(bin.path):\(path)", "TMPDIR": directory.path]
    }

    /// Item 10: the build's hundreds of progress lines are a few plain
    /// lines when stderr is not a terminal, the whole output in a log; a
    /// failed build prints its error and the log's path.
    @Test func theBuildsProgressIsAFewLinesAndItsLogIsKept() throws {
        let temporary = try TemporaryDirectory.make(prefix: "oal-sv-build")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let log = ScriptToolTests.repository.appendingPathComponent(".build/supervise-build.log").path
        // Built: the run goes on (and stops at once: no such fixture).
        let built = try ProcessRun.run(
            Self.supervise, ["--fixture", "no-such-fixture"],
            environment: try Self.fakeSwift(in: temporary, steps: 550, fails: false))
        #expect(built.status == 66, "\(built.stderr)")
        let shown = built.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("supervise: build") }
        #expect(shown.count <= 6, "\(built.stderr)")
        #expect(!built.stderr.contains("Compiling"), "\(built.stderr)")
        #expect(built.stderr.contains("supervise: building: 50% (275/550 steps)"), "\(built.stderr)")
        #expect(built.stderr.contains("supervise: built in"), "\(built.stderr)")
        let kept = try String(contentsOfFile: log, encoding: .utf8)
        #expect(kept.contains("[550/550] Compiling Module File550.swift"))

        let failed = try ProcessRun.run(
            Self.supervise, ["--fixture", "no-such-fixture"],
            environment: try Self.fakeSwift(in: temporary, steps: 40, fails: true))
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(failed.stderr.contains("/src/Broken.swift:3:1: error: cannot find Thing in scope"), "\(failed.stderr)")
        #expect(failed.stderr.contains("swift build failed (exit 1); the whole log: \(log)"), "\(failed.stderr)")
        #expect(!failed.stderr.contains("Compiling"), "\(failed.stderr)")
    }

    /// Item 10, on a terminal (`script`): one line, rewritten in place.
    @Test func onATerminalTheBuildsProgressIsOneLineRewritten() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else { return }
        let temporary = try TemporaryDirectory.make(prefix: "oal-sv-tty")
        defer { try? FileManager.default.removeItem(at: temporary) }
        var environment = try Self.fakeSwift(in: temporary, steps: 300, fails: false)
        environment["TERM"] = "xterm"
        let command = "\(Self.supervise.path) --fixture no-such-fixture"
        let run = try ProcessRun.run(script, ["-qec", command, "/dev/null"], environment: environment)
        let lines = run.stdout.components(separatedBy: "\n").filter { $0.contains("Compiling") }
        #expect(lines.count == 1, "\(run.stdout)")
        #expect(lines.first?.components(separatedBy: "\r\u{1B}[K").count ?? 0 > 300, "\(run.stdout)")
        #expect(run.stdout.contains("supervise: built in"), "\(run.stdout)")
    }
}

extension SuperviseTests {
    /// Issue 39: a second supervisor on a root a run is using is refused
    /// (75) before it touches the root: it starts no app loop that could
    /// join the first run, and the first run's trace has its one loop.
    @Test func aSecondSupervisorOnABusyRootIsRefusedBeforeItStartsAnything() throws {
        let temporary = try TemporaryDirectory.make(prefix: "oal-sv-busy")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let root = temporary.appendingPathComponent("root")
        let trace = root.appendingPathComponent("logs/trace.jsonl")
        let first = Process()
        first.executableURL = Self.supervise
        first.arguments = ["--no-build", "--quiet", "--root", root.path]
        first.environment = ProcessInfo.processInfo.environment.merging(Self.environment(temporary: temporary)) {
            $1
        }
        first.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        first.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try first.run()
        defer { if first.isRunning { first.terminate() } }
        // The first run has its root and has started playing.
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline,
            !((try? String(contentsOf: trace, encoding: .utf8))?.contains("\"run.start\"") ?? false)
        {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(first.isRunning, "the first run ended before the second could try its root")
        let second = try ProcessRun.run(
            Self.supervise, ["--no-build", "--quiet", "--root", root.path],
            environment: Self.environment(temporary: temporary))
        #expect(second.status == 75, "\(second.stderr)")
        #expect(second.stderr.contains("is in use by another run"), "\(second.stderr)")
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.contains("\"loop.start\"") }.count == 1)
        let deviceLog = try String(contentsOf: root.appendingPathComponent("logs/device.log"), encoding: .utf8)
        #expect(!deviceLog.contains("in use"), "the refusal reached the first run's log")
    }
}
