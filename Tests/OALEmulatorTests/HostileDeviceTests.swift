import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALSystem
import OALTestSupport
import Testing

/// `oal-device` under hostile input and a hostile file system (issue 10,
/// part B). Real processes, real files, real signals.
@Suite struct HostileDeviceTests {
    /// A scratch directory with a small scenario in it.
    final class Scratch {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "oal-hostile-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }

        func path(_ name: String) -> String { url.appendingPathComponent(name).path }

        func write(_ name: String, _ text: String) throws -> String {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
            return path(name)
        }

        func text(_ name: String) -> String {
            String(decoding: FileManager.default.contents(atPath: path(name)) ?? Data(), as: UTF8.self)
        }

        func device(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessRun {
            try ProcessRun.run(BuiltProducts.executable("oal-device"), arguments, environment: environment)
        }
    }

    static let small = """
        timezone UTC
        start 2026-11-30 08:00

        at 08:00 app list add Games --apps Chess
        at 08:01 app rule add open-limit Chess --list Games --opens 2
        at 09:00 open Chess for 2m
        at 09:05 expect blocked Chess

        """

    /// Defect 3: `--first-seed 18446744073709551615` overflowed `first + i`.
    @Test func aSwarmPastTheLastSeedIsAUsageError() throws {
        let scratch = try Scratch()
        let scenario = try scratch.write("s.scenario", Self.small)
        let run = try scratch.device([
            "swarm", "--root-base", scratch.path("base"), scenario, "--seeds", "2", "--first-seed",
            "18446744073709551615",
        ])
        #expect(!run.signaled)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--first-seed"))
    }

    /// Defect 4: `logs/capture/<n>.out`/`.err` were opened with `O_TRUNC`
    /// through planted links, `logs/trace.jsonl` and `logs/<kind>.log`
    /// appended through them. Every file the emulator writes replaces a link
    /// (as the App Group documents do), never writes through it.
    @Test func linksPlantedUnderLogsAreReplacedNeverWrittenThrough() throws {
        let scratch = try Scratch()
        let scenario = try scratch.write("s.scenario", Self.small)
        let root = scratch.path("root")
        let outside = scratch.url.appendingPathComponent("outside", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        #expect(try scratch.device(["init", "--root", root, "--scenario", scenario]).status == 0)
        let logs = URL(fileURLWithPath: root).appendingPathComponent("logs", isDirectory: true)
        let capture = logs.appendingPathComponent("capture", isDirectory: true)
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        var planted: [String] = ["trace.jsonl", "monitor.log", "shield-config.log"]
        planted += (1...12).map { "app-loop.\($0).log" }
        planted += (1...12).flatMap { ["capture/\($0).out", "capture/\($0).err"] }
        for (index, name) in planted.enumerated() {
            let target = outside.appendingPathComponent("precious-\(index)")
            try Data("precious\n".utf8).write(to: target)
            try? FileManager.default.removeItem(at: logs.appendingPathComponent(name))
            try FileManager.default.createSymbolicLink(
                atPath: logs.appendingPathComponent(name).path, withDestinationPath: target.path)
        }
        // And a hard link: a second name of a file outside the root.
        let hard = outside.appendingPathComponent("precious-hard")
        try Data("precious\n".utf8).write(to: hard)
        try? FileManager.default.removeItem(at: logs.appendingPathComponent("app.log"))
        try FileManager.default.linkItem(at: hard, to: logs.appendingPathComponent("app.log"))
        let run = try scratch.device(["run", "--root", root, scenario, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: hard, encoding: .utf8) == "precious\n", "written through the hard link")
        for index in planted.indices {
            let text = try String(contentsOf: outside.appendingPathComponent("precious-\(index)"), encoding: .utf8)
            #expect(text == "precious\n", "\(planted[index]) was written through")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).count == planted.count + 1)
        // The run's own files are real files in the root, not links.
        for name in ["trace.jsonl", "app.log"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: logs.appendingPathComponent(name).path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(name)")
            #expect((attributes[.referenceCount] as? Int) == 1, "\(name) has a second name")
        }
        let trace = try TraceLog.read(URL(fileURLWithPath: root).appendingPathComponent("logs/trace.jsonl"))
        #expect(trace.contains { (try? $0.get().event) == "run.end" })
    }

    /// Defect 4, the directory: a `logs/capture` that is a link to a
    /// directory outside the root is replaced by a real directory.
    @Test func aCaptureDirectoryLinkedOutOfTheRootIsReplaced() throws {
        let scratch = try Scratch()
        let scenario = try scratch.write("s.scenario", Self.small)
        let root = scratch.path("root")
        let outside = scratch.url.appendingPathComponent("outside", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        #expect(try scratch.device(["init", "--root", root, "--scenario", scenario]).status == 0)
        let capture = URL(fileURLWithPath: root).appendingPathComponent("logs/capture")
        try? FileManager.default.removeItem(at: capture)
        try FileManager.default.createSymbolicLink(atPath: capture.path, withDestinationPath: outside.path)
        let run = try scratch.device(["run", "--root", root, scenario, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        let attributes = try FileManager.default.attributesOfItem(atPath: capture.path)
        #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
    }

    /// The root itself may be a link the user made (only what is inside
    /// is the emulator's to replace).
    @Test func aRootReachedThroughTheUsersOwnLinkStaysALink() throws {
        let scratch = try Scratch()
        let scenario = try scratch.write("s.scenario", Self.small)
        let real = scratch.path("real")
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        let link = scratch.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        #expect(try scratch.device(["init", "--root", link, "--scenario", scenario]).status == 0)
        let run = try scratch.device(["run", "--root", link, scenario, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(FileManager.default.fileExists(atPath: real + "/logs/trace.jsonl"))
    }

    /// Every file under a root is 0600 and every directory 0700, whatever
    /// the caller's umask (CONTRACT.md).
    static func modes(under root: String) throws -> [String: Int] {
        var modes: [String: Int] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: root))
        while let relative = enumerator.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + relative)
            modes[relative] = (attributes[.posixPermissions] as? Int) ?? -1
        }
        return modes
    }

    static func expectPrivate(_ root: String, _ context: String) throws {
        let modes = try modes(under: root)
        #expect(!modes.isEmpty)
        for (path, mode) in modes.sorted(by: { $0.key < $1.key }) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
            let expected = isDirectory.boolValue ? 0o700 : 0o600
            #expect(mode == expected, "\(context): \(path) is 0\(String(mode, radix: 8))")
        }
    }

    /// Defect 6: `logs/capture` took the caller's umask (0777 under
    /// `umask 000`); `init --fixture` copied files 0644 and directories
    /// 0755; and under `umask 0777` files were created with no permission
    /// at all. Every process sets its own permissions.
    @Test(arguments: ["000", "022", "0777"])
    func permissionsDoNotDependOnTheUmask(umask: String) throws {
        let scratch = try Scratch()
        let scenario = try scratch.write("s.scenario", Self.small)
        let device = try BuiltProducts.executable("oal-device").path
        func sh(_ command: String) throws -> ProcessRun {
            try ProcessRun.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "umask \(umask) && exec " + command])
        }
        let root = scratch.path("root")
        #expect(try sh("'\(device)' init --root '\(root)' --scenario '\(scenario)'").status == 0)
        let run = try sh("'\(device)' run --root '\(root)' '\(scenario)' --quiet")
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectPrivate(root, "run under umask \(umask)")
        let fixture = scratch.path("fixture")
        let copied = try sh("'\(device)' init --root '\(fixture)' --fixture standard-day")
        #expect(copied.status == 0, "\(copied.stderr)")
        try Self.expectPrivate(fixture, "init --fixture under umask \(umask)")
    }

    // MARK: Stop signals (defect 5) and resuming (defect 7)

    /// A run that keeps the device busy for seconds: a monitor launch a
    /// minute for five hours, the app's loop started by the device.
    static let busy = """
        timezone UTC
        start 2026-11-30 08:00
        end 2026-11-30 14:00

        at 08:00 app list add Video --apps YouTube
        at 08:00 app rule add time-limit Tube --list Video --minutes 600
        at 08:01 open OpenAppLock for 2m
        at 08:05 open YouTube for 5h

        """

    /// The pids of live processes whose command line names `text`.
    static func processes(naming text: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry), pid != getpid(),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                String(decoding: data, as: UTF8.self).contains(text)
            else { return nil }
            // A zombie has an empty cmdline; one with the text is alive.
            return pid
        }
    }

    static func traceLines(_ root: String) -> [TraceEvent] {
        ((try? TraceLog.read(URL(fileURLWithPath: root + "/logs/trace.jsonl"))) ?? []).compactMap { try? $0.get() }
    }

    /// Waits (wall time) until `condition` holds, at most `seconds`.
    static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// Defect 5: SIGTERM or SIGINT to `oal-device run` left the `oal-app
    /// run` loop it had started alive with PPID 1, and an extension running
    /// at that moment wrote its `exit` line into the root after the device
    /// was gone. Now the signal is forwarded, every child is stopped and
    /// waited for, `run.interrupted` is traced, and the exit is 128 + n.
    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aStopSignalStopsEveryProcessTheDeviceStarted(signal: Int32, code: Int32) throws {
        let scratch = try Scratch()
        let scenario = try scratch.write("busy.scenario", Self.busy)
        let root = scratch.path("root")
        #expect(try scratch.device(["init", "--root", root, "--scenario", scenario]).status == 0)
        let device = try ChildProcess.spawn(
            try BuiltProducts.executable("oal-device").path, arguments: ["run", "--root", root, scenario, "--quiet"],
            standardOutput: scratch.path("out"), standardError: scratch.path("err"))
        let busy = Self.wait(seconds: 60) {
            Self.traceLines(root).filter { $0.process == .monitor && $0.event == "launch" }.count >= 20
        }
        #expect(busy)
        #expect(Self.processes(naming: root).count >= 2, "the device and its loop run")
        try device.signal(signal)
        let termination = try device.wait()
        #expect(termination == .exited(code), "\(scratch.text("err"))")
        // Nothing the device started outlives it.
        #expect(Self.processes(naming: root).isEmpty)
        let lines = Self.traceLines(root)
        let interrupted = try #require(lines.lastIndex { $0.process == .device && $0.event == "run.interrupted" })
        #expect(lines[interrupted].fields["signal"] == (signal == SIGTERM ? "SIGTERM" : "SIGINT"))
        // Every launch that began has ended, before the device's last line:
        // each wrote its exit, except at most the one in flight when the
        // signal came, which the forwarded signal ended before it could.
        let launches = lines.filter { $0.process != .device && $0.event == "launch" }.count
        let exits = lines.filter { $0.process != .device && $0.event == "exit" }.count
        #expect(exits <= launches && launches - exits <= 1, "\(launches) launches, \(exits) exits")
        usleep(300_000)
        #expect(Self.traceLines(root).count == lines.count, "nothing wrote into the root after the device exited")
        let summary = try scratch.device(["summary", "--root", root])
        #expect(summary.status == 1)
        #expect(summary.stdout.contains("Interrupted: by \(signal == SIGTERM ? "SIGTERM" : "SIGINT")"))
    }

    /// Defect 5 through the supervisor: SIGTERM or SIGINT to
    /// `scripts/supervise` stops the device, its children and the loop.
    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aStopSignalToTheSupervisorStopsEverything(signal: Int32, code: Int32) throws {
        let scratch = try Scratch()
        let scenario = try scratch.write("busy.scenario", Self.busy)
        let root = scratch.path("root")
        var environment = ProcessInfo.processInfo.environment
        environment["OAL_BIN_DIR"] = BuiltProducts.directory.path
        let supervise = Repository.root.appendingPathComponent("scripts/supervise").path
        let child = try ChildProcess.spawn(
            "/bin/bash", arguments: [supervise, "--no-build", "--root", root, scenario], environment: environment,
            standardOutput: scratch.path("out"), standardError: scratch.path("err"))
        let busy = Self.wait(seconds: 60) {
            Self.traceLines(root).filter { $0.process == .monitor && $0.event == "launch" }.count >= 20
        }
        #expect(busy)
        try child.signal(signal)
        let termination = try child.wait()
        #expect(termination == .exited(code), "\(scratch.text("err"))")
        #expect(Self.processes(naming: root).isEmpty)
        #expect(Self.traceLines(root).contains { $0.process == .device && $0.event == "run.interrupted" })
    }

    /// Defect 7: after an interrupted run, `oal-device run` with the
    /// scenario's absolute path started over (replaying the setup taps)
    /// where the relative path resumed. The scenario's identity is its
    /// resolved path, however it is spelled.
    @Test func anInterruptedRunResumesHoweverTheScenarioPathIsSpelled() throws {
        let scratch = try Scratch()
        _ = try scratch.write("busy.scenario", Self.busy)
        try FileManager.default.createDirectory(atPath: scratch.path("sub"), withIntermediateDirectories: true)
        let root = scratch.path("root")
        let executable = try BuiltProducts.executable("oal-device").path
        func device(_ arguments: [String]) throws -> ChildProcess {
            // Relative spellings, from the scratch directory.
            try ChildProcess.spawn(
                "/bin/sh", arguments: ["-c", "cd '\(scratch.url.path)' && exec \"$0\" \"$@\"", executable] + arguments,
                standardOutput: scratch.path("out"), standardError: scratch.path("err"))
        }
        #expect(try device(["init", "--root", root, "--scenario", "busy.scenario"]).wait() == .exited(0))
        let first = try device(["run", "--root", root, "busy.scenario", "--quiet"])
        #expect(
            Self.wait(seconds: 60) {
                Self.traceLines(root).filter { $0.process == .monitor && $0.event == "launch" }.count >= 5
            })
        try first.signal(SIGTERM)
        #expect(try first.wait() == .exited(143))
        // Resumed by its absolute path, through a link to it.
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("sub/link.scenario"), withDestinationPath: scratch.path("busy.scenario"))
        let resumed = try ChildProcess.spawn(
            executable, arguments: ["run", "--root", root, scratch.path("sub/link.scenario"), "--quiet"],
            standardOutput: scratch.path("out"), standardError: scratch.path("err"))
        #expect(try resumed.wait() == .exited(0))
        let starts = Self.traceLines(root).filter { $0.process == .device && $0.event == "run.start" }
        #expect(starts.count == 2)
        #expect(starts.dropFirst().allSatisfy { $0.fields["resumed"] == "true" }, "\(starts.map(\.fields))")
        // The setup taps ran once.
        #expect(Self.traceLines(root).filter { $0.process == .app && $0.event == "list.add" }.count == 1)
    }

    // MARK: Input accepted but wrong (defect 8)

    /// A NUL inside a quoted word silently cut the word ("Nul"); a 10 MB
    /// word parsed, then aborted the run with exit 69 and no `file:line`; a
    /// 10 MB bad token was echoed whole. Each is now a parse error (65) with
    /// its line, and no message is longer than a few hundred characters.
    @Test func unrepresentableWordsAreParseErrorsWithTheirLine() throws {
        let scratch = try Scratch()
        let huge = String(repeating: "x", count: 10 * 1024 * 1024)
        let cases: [(String, String)] = [
            ("at 08:00 app list add \"Nul\u{0}led\" --apps Chess", "NUL"),
            ("at 08:00 app list add \(huge) --apps Chess", "a line of 10485"),
            ("at 08:00 app list add \(huge.prefix(5000)) --apps Chess", "a word of 5000 bytes"),
            ("at 08:00 expect \(huge.prefix(4000)) Chess", "unknown expectation 'xxx"),
            ("at 08:00 app list add A --apps " + String(repeating: "Chess ", count: 20_000), "a line of"),
        ]
        for (index, (line, message)) in cases.enumerated() {
            let file = try scratch.write(
                "bad\(index).scenario", "timezone UTC\nstart 2026-11-30 08:00\n\n" + line + "\n")
            let root = scratch.path("root\(index)")
            let initialized = try scratch.device(["init", "--root", root, "--scenario", file])
            #expect(initialized.status == 65, "case \(index): \(initialized.stderr.prefix(200))")
            #expect(initialized.stderr.contains("bad\(index).scenario:4:"), "case \(index)")
            #expect(initialized.stderr.contains(message), "case \(index): \(initialized.stderr.prefix(300))")
            #expect(initialized.stderr.utf8.count < 1000, "case \(index): \(initialized.stderr.utf8.count) bytes")
        }
        // A bad token in a command line is cut too.
        let option = try scratch.device(["status", "--root", scratch.path("none"), "--" + String(huge.prefix(100_000))])
        #expect(option.status == 64)
        #expect(option.stderr.utf8.count < 5000, "\(option.stderr.utf8.count) bytes")
    }

    // MARK: Unclear errors (defect 9)

    @Test func everyErrorSaysWhatIsWrong() throws {
        let scratch = try Scratch()
        // init --root on an existing file: was "NSCocoaErrorDomain error 512".
        let file = try scratch.write("plain-file", "x")
        let onFile = try scratch.device(["init", "--root", file])
        #expect(onFile.status == 64, "\(onFile.stderr)")
        #expect(onFile.stderr.contains("exists and is not a directory"), "\(onFile.stderr)")
        #expect(!onFile.stderr.contains("NSCocoaErrorDomain"))
        // A missing root is 69 for every command (summary and timeline gave 74).
        for command in ["status", "summary", "timeline"] {
            let missing = try scratch.device([command, "--root", scratch.path("nothing-here")])
            #expect(missing.status == 69, "\(command): \(missing.stderr)")
            #expect(missing.stderr.contains("no device root here"), "\(command): \(missing.stderr)")
        }
        // A root that cannot be read is the system's error (74), not "not a
        // device root". (The tests may run as root, which no mode stops: a
        // link loop is a root no one can read.)
        let loop = scratch.path("loop")
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        for command in ["status", "summary", "timeline"] {
            let unreadable = try scratch.device([command, "--root", loop])
            #expect(unreadable.status == 74, "\(command): \(unreadable.stderr)")
            #expect(unreadable.stderr.contains("Too many levels of symbolic links"), "\(command): \(unreadable.stderr)")
        }
        let app = try ProcessRun.run(BuiltProducts.executable("oal-app"), ["--root", loop, "home"])
        #expect(app.status == 74, "\(app.stderr)")
        #expect(app.stderr.contains("cannot read the device root"), "\(app.stderr)")
        // `at day 9223372036854775807` was reported as a daylight-saving gap.
        let far = try scratch.write(
            "far.scenario", "timezone UTC\nstart 2026-11-30 08:00\n\nat day 9223372036854775807 08:00 app refresh\n")
        let farRun = try scratch.device(["init", "--root", scratch.path("far"), "--scenario", far])
        #expect(farRun.status == 65)
        #expect(
            farRun.stderr.contains("far.scenario:4: day 9223372036854775807 is past the last day"), "\(farRun.stderr)")
        #expect(!farRun.stderr.contains("daylight"))
        // `--fixture /etc` "succeeded" and left a root without a clock.
        let etc = try scratch.device(["init", "--root", scratch.path("etc-root"), "--fixture", "/etc"])
        #expect(etc.status == 66, "\(etc.stderr)")
        #expect(etc.stderr.contains("not a fixture"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("etc-root")))
        // `--start` with `--fixture` was silently ignored.
        let both = try scratch.device([
            "init", "--root", scratch.path("both"), "--fixture", "standard-day", "--start", "2027-01-01 08:00",
        ])
        #expect(both.status == 64, "\(both.stderr)")
        #expect(both.stderr.contains("--fixture and --start"), "\(both.stderr)")
    }
}
