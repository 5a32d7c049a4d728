import Foundation
import OALSystem

/// The app's own unit tests (its Xcode unit-test target, or its tests
/// folder), compiled against the app's sources and GuestSDK and run on
/// Linux with the toolchain's Swift Testing: the referee of the stand-ins
/// (docs/GUEST.md, "The app's unit tests").
///
/// The app module is the app process's compiled sources (views and what
/// needs them left out, as in its build) with `-enable-testing`; the tests
/// are one executable whose main opens a temporary device
/// (`GuestTestHost`) and runs Swift Testing, its events streamed to a file.
/// A test file that does not compile is left out and reported with its
/// first error; a test that crashes the process is reported as crashed and
/// the rest run again without it.
public struct GuestUnitTests: Sendable {
    public let builder: GuestBuilder

    public init(builder: GuestBuilder) { self.builder = builder }

    public enum Status: String, Codable, Sendable {
        case passed, failed
        case notCompiled = "not compiled"
        case skipped
    }

    /// One test file's outcome.
    public struct FileResult: Codable, Hashable, Sendable {
        public var file: String
        public var status: Status
        /// Why it was not compiled or skipped, or its first failures.
        public var reason: String?
        public var tests: Int
        public var passed: Int
        public var failed: Int
        public var skipped: Int
        /// Failing tests, with their first issue.
        public var failures: [String]
    }

    public struct Report: Codable, Sendable {
        public var app: String
        public var checkout: String
        public var files: [FileResult]
        public var compileSeconds: Double
        public var runSeconds: Double
        /// Runs of the test executable (more than one when a test crashed it).
        public var runs: Int

        public var tests: Int { files.map(\.tests).reduce(0, +) }
        public var passed: Int { files.map(\.passed).reduce(0, +) }
        public var failed: Int { files.map(\.failed).reduce(0, +) }
    }

    public func run(
        checkout: URL, filter: [String] = [], progress: (String) -> Void = { _ in }
    ) throws(GuestBuildError) -> Report {
        let build = try builder.build(checkout: checkout, progress: progress)
        let app = build.app
        guard let tests = app.tests else {
            throw .layout("\(app.name): no unit-test target (no Xcode unit-test bundle, no folder of tests)")
        }
        guard let appProcess = app.process(.app),
            let appKey = build.processes.first(where: { $0.kind == .app })?.key,
            let record = ProcessRecord.load(builder.processDirectory(appKey))
        else { throw .notBuilt("\(app.name): the app process is not built") }
        let options = builder.options
        let compiler = SwiftCompiler(swiftc: options.swiftc, environment: options.environment)
        let harness = try GuestHarnessFiles.locate(for: app, harnesses: options.harnesses, explicit: options.harness)
        let prelude = options.harnesses.appendingPathComponent("common/TestPrelude.swift")
        guard let preludeText = try? String(contentsOf: prelude, encoding: .utf8) else {
            throw .notFound("\(prelude.path): the test prelude is missing")
        }

        // The app module: the process's final sources, its generated facts, the test prelude.
        let appTexts = try builder.readSources(record.sources, in: app.checkout)
        let generated =
            try harness.files(for: appProcess, app: app, sourceTexts: appTexts).filter {
                $0.name == "OALBuildInfo.swift" || $0.name == "OALSwiftDataSchema.swift"
            } + [GuestHarnessFiles.File(name: "OALTestPrelude.swift", contents: preludeText)]
        var key = ContentKey.Builder("oal guest unit tests v1")
        key.add(appKey.hex)
        key.add(preludeText)
        let testTexts = try builder.readSources(tests.sources, in: app.checkout)
        for (path, text) in testTexts { key.addFile(path, contents: Array(text.utf8)) }
        let directory = options.cache.appendingPathComponent("tests").appendingPathComponent(key.finish().short)
        try? FileManager.default.createDirectory(
            at: directory.appendingPathComponent("generated"), withIntermediateDirectories: true)
        func write(_ file: GuestHarnessFiles.File, _ folder: String) throws(GuestBuildError) -> String {
            let url = directory.appendingPathComponent(folder).appendingPathComponent(file.name)
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            do { try file.contents.write(to: url, atomically: true, encoding: .utf8) } catch {
                throw .io("\(url.path): \(error)")
            }
            return url.path
        }
        var compileSeconds = 0.0
        let module = directory.appendingPathComponent("module")
        try? FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        let appObject = module.appendingPathComponent("lib\(appProcess.moduleName).a")
        if !FileManager.default.fileExists(atPath: appObject.path) {
            progress("compiling \(app.name)'s app module for its tests (\(record.sources.count) files)")
            var inputs = record.sources.map { app.checkout.appendingPathComponent($0).path }
            for file in generated { inputs.append(try write(file, "generated/app")) }
            let outcome = try compiler.run(
                appProcess.settings.flags + [
                    "-module-name", appProcess.moduleName, "-parse-as-library", "-enable-testing", "-wmo",
                    "-num-threads", "\(options.jobs)", "-Onone", "-suppress-warnings", "-I", options.sdkModules.path,
                    "-emit-module-path", module.appendingPathComponent("\(appProcess.moduleName).swiftmodule").path,
                    "-emit-library", "-static", "-o", appObject.path + ".tmp",
                ] + inputs, log: directory.appendingPathComponent("app-module.log"))
            compileSeconds += outcome.seconds
            guard outcome.succeeded else {
                throw .compile(
                    process: "\(app.name)'s app module (for its tests)",
                    log: directory.appendingPathComponent("app-module.log").path,
                    errors: outcome.errors.map(\.description) + outcome.otherErrors)
            }
            do { try FileManager.default.moveItem(atPath: appObject.path + ".tmp", toPath: appObject.path) } catch {
                throw .io("\(appObject.path): \(error)")
            }
        }

        // The tests: one executable; a file that does not compile is left out.
        let testModule = GuestProcess.moduleName(forTarget: tests.target)
        let main = GuestHarnessFiles.File(
            name: "OALGuestTestMain.swift",
            contents: """
                // Generated by `oal-device guest test`: opens a test device and runs Swift Testing.
                import Foundation
                import GuestHarness
                import Testing
                @testable import \(appProcess.moduleName)

                @main struct GuestTestMain {
                    static func main() async {
                        let root = GuestTestHost.install(guestBuildInfo)
                        var arguments = __CommandLineArguments_v0()
                        arguments.eventStreamOutputPath = CommandLine.arguments[1]
                        arguments.eventStreamSchemaVersion = "0"
                        let skip = CommandLine.arguments.dropFirst(2).filter { !$0.hasPrefix("only:") }
                        let only = CommandLine.arguments.dropFirst(2).filter { $0.hasPrefix("only:") }.map { String($0.dropFirst(5)) }
                        if !skip.isEmpty { arguments.skip = Array(skip) }
                        if !only.isEmpty { arguments.filter = only }
                        let status: CInt = await __swiftPMEntryPoint(passing: arguments)
                        try? FileManager.default.removeItem(at: root)
                        exit(status)
                    }
                }

                """)
        let runner = directory.appendingPathComponent("run-tests")
        var compiled = tests.sources
        var notCompiled: [String: String] = [:]
        if !FileManager.default.isExecutableFile(atPath: runner.path) {
            progress("compiling \(app.name)'s tests (\(compiled.count) files)")
            let extra = [try write(main, "generated/tests"), try write(generated.last!, "generated/tests")]
            let common = [
                "-module-name", testModule, "-parse-as-library", "-Onone", "-suppress-warnings", "-j\(options.jobs)",
                "-I", module.path, "-I", options.sdkModules.path,
            ]
            // Type-check rounds find the files that do not compile (a file
            // left out can take others with it); then one compile links.
            while true {
                let inputs = compiled.map { app.checkout.appendingPathComponent($0).path } + extra
                let log = directory.appendingPathComponent("tests-typecheck.log")
                let outcome = try compiler.run(tests.settings.flags + common + ["-typecheck"] + inputs, log: log)
                compileSeconds += outcome.seconds
                if outcome.succeeded { break }
                let failing = Set(
                    outcome.errors.compactMap { error -> String? in
                        guard error.file.hasPrefix(app.checkout.path + "/") else { return nil }
                        return String(error.file.dropFirst(app.checkout.path.count + 1))
                    }
                ).filter { compiled.contains($0) }
                guard !failing.isEmpty else {
                    throw .compile(
                        process: "\(app.name)'s tests", log: log.path,
                        errors: outcome.errors.map(\.description) + outcome.otherErrors)
                }
                for file in failing.sorted() {
                    let first = outcome.errors.first { $0.file.hasSuffix("/" + file) }
                    notCompiled[file] = first.map { "line \($0.line): \($0.message)" } ?? "does not compile"
                    compiled.removeAll { $0 == file }
                }
            }
            while true {
                let inputs = compiled.map { app.checkout.appendingPathComponent($0).path } + extra
                let log = directory.appendingPathComponent("tests.log")
                let outcome = try compiler.run(
                    tests.settings.flags + [
                        "-module-name", testModule, "-parse-as-library", "-Onone", "-suppress-warnings",
                        "-j\(options.jobs)", "-I", module.path, "-I", options.sdkModules.path, "-L", options.sdk.path,
                        "-lGuestSDK", "-Xlinker", "-rpath", "-Xlinker", options.sdk.path, "-o", runner.path + ".tmp",
                    ] + inputs + [appObject.path], log: log)
                compileSeconds += outcome.seconds
                if outcome.succeeded { break }
                let failing = Set(
                    outcome.errors.compactMap { error -> String? in
                        guard error.file.hasPrefix(app.checkout.path + "/") else { return nil }
                        return String(error.file.dropFirst(app.checkout.path.count + 1))
                    }
                ).filter { compiled.contains($0) }
                guard !failing.isEmpty else {
                    throw .compile(
                        process: "\(app.name)'s tests", log: log.path,
                        errors: outcome.errors.map(\.description) + outcome.otherErrors)
                }
                for file in failing.sorted() {
                    let first = outcome.errors.first { $0.file.hasSuffix("/" + file) }
                    notCompiled[file] = first.map { "line \($0.line): \($0.message)" } ?? "does not compile"
                    compiled.removeAll { $0 == file }
                }
            }
            do { try FileManager.default.moveItem(atPath: runner.path + ".tmp", toPath: runner.path) } catch {
                throw .io("\(runner.path): \(error)")
            }
            let state = TestBuildState(compiled: compiled, notCompiled: notCompiled)
            try? JSONEncoder().encode(state).write(to: directory.appendingPathComponent("build-state.json"))
        } else if let data = FileManager.default.contents(
            atPath: directory.appendingPathComponent("build-state.json").path),
            let state = try? JSONDecoder().decode(TestBuildState.self, from: data)
        {
            compiled = state.compiled
            notCompiled = state.notCompiled
        }

        // Run; a crash ends the stream early: the test that was running is
        // marked crashed and the others run again without it.
        progress("running \(app.name)'s tests")
        let started = MonotonicClock.nanoseconds()
        var outcomes = TestEventStream.Outcomes()
        var crashed: [String: String] = [:]
        var runs = 0
        while runs < 12 {
            runs += 1
            let events = directory.appendingPathComponent("events-\(runs).jsonl")
            try? FileManager.default.removeItem(at: events)
            let status = try runTests(runner, events: events, skip: Array(crashed.keys), only: filter, in: directory)
            let stream = TestEventStream.read(events, checkout: app.checkout)
            outcomes.merge(stream)
            let unfinished = stream.unfinished
            if case .signaled(let signal) = status, let victim = unfinished.first {
                crashed[victim] = "crashed the test process (signal \(signal))"
                continue
            }
            if case .exited(let code) = status, code != 0 && code != 1, let victim = unfinished.first {
                crashed[victim] = "ended the test process (exit \(code))"
                continue
            }
            break
        }
        let runSeconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
        for (id, reason) in crashed { outcomes.crash(id, reason) }

        var files: [FileResult] = []
        for exclusion in tests.excluded {
            files.append(
                FileResult(
                    file: exclusion.file, status: .skipped, reason: exclusion.reason,
                    tests: Self.declaredTests(app.checkout.appendingPathComponent(exclusion.file)), passed: 0,
                    failed: 0,
                    skipped: 0, failures: []))
        }
        for (file, reason) in notCompiled {
            files.append(
                FileResult(
                    file: file, status: .notCompiled, reason: reason,
                    tests: Self.declaredTests(app.checkout.appendingPathComponent(file)), passed: 0, failed: 0,
                    skipped: 0, failures: []))
        }
        for file in compiled {
            let results = outcomes.tests.values.filter { $0.file == file && $0.state != .declared }
            let passed = results.filter { $0.state == .passed }.count
            let failed = results.filter { $0.state == .failed }.count
            let skipped = results.filter { $0.state == .skipped }.count
            let failures = results.filter { $0.state == .failed }.sorted { $0.name < $1.name }.map {
                "\($0.name): \($0.issue ?? "failed")"
            }
            let declared = Self.declaredTests(app.checkout.appendingPathComponent(file))
            guard !results.isEmpty || declared > 0 else { continue }
            files.append(
                FileResult(
                    file: file, status: failed > 0 ? .failed : (passed == 0 && skipped > 0 ? .skipped : .passed),
                    reason: failures.first, tests: results.count, passed: passed, failed: failed, skipped: skipped,
                    failures: failures))
        }
        return Report(
            app: app.name, checkout: app.checkout.path, files: files.sorted { $0.file < $1.file },
            compileSeconds: compileSeconds, runSeconds: runSeconds, runs: runs)
    }

    func runTests(
        _ runner: URL, events: URL, skip: [String], only: [String], in directory: URL
    ) throws(GuestBuildError) -> ChildProcess.Termination {
        do {
            let child = try ChildProcess.spawn(
                runner.path, arguments: [events.path] + skip + only.map { "only:" + $0 },
                environment: builder.options.environment,
                standardOutput: directory.appendingPathComponent("tests-output.log").path,
                standardError: directory.appendingPathComponent("tests-output.log").path)
            return try child.wait()
        } catch {
            throw .tool("could not run \(runner.path): \(error)")
        }
    }

    /// `@Test` attributes in a file (a parameterised test counts once).
    static func declaredTests(_ url: URL) -> Int {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return 0 }
        let scanner = SwiftSourceScanner(text)
        return scanner.occurrences(of: "Test").filter { $0 > 0 && scanner.code[$0 - 1] == UInt8(ascii: "@") }.count
    }

    struct TestBuildState: Codable {
        var compiled: [String]
        var notCompiled: [String: String]
    }
}

extension GuestProcess {
    static func moduleName(forTarget target: String) -> String {
        String(target.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
}
