import Foundation
import OALSystem

/// The app's own unit tests (its Xcode unit-test target, or its tests
/// folder), compiled against the app's sources and GuestSDK and run on
/// Linux with the toolchain's Swift Testing and XCTest: the referee of the
/// stand-ins (docs/GUEST.md, "The app's unit tests").
///
/// The app module is the app process's compiled sources (views and what
/// needs them left out, as in its build) with `-enable-testing`, or, for an
/// app with no harness adapter, the files the tests reach
/// (`TestSourceSelection`); the tests are one executable whose main opens a
/// temporary device (`GuestTestHost`) and runs Swift Testing and the XCTest
/// cases (`XCTestManifest`), their events streamed to one file. A test
/// file that does not compile is left out and reported with its first
/// error, or with the chain to the left-out app file it needs; a test that
/// crashes the process is reported as crashed and the rest run again
/// without it.
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
        /// Every test of the file, by name (`Class/method` for XCTest).
        public var results: [TestOutcome] = []
    }

    /// One test's outcome.
    public struct TestOutcome: Codable, Hashable, Sendable {
        public var test: String
        public var status: Status
        /// Its first issue, or why it did not run.
        public var issue: String?
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
        guard let appProcess = app.process(.app) else { throw .notBuilt("\(app.name): no app target") }
        let options = builder.options
        let compiler = SwiftCompiler(swiftc: options.swiftc, environment: options.environment)
        let prelude = options.harnesses.appendingPathComponent("common/TestPrelude.swift")
        guard let preludeText = try? String(contentsOf: prelude, encoding: .utf8) else {
            throw .notFound("\(prelude.path): the test prelude is missing")
        }
        let testTexts = try builder.readSources(tests.sources, in: app.checkout)
        let manifest = XCTestManifest.scan(testTexts)
        let usesTesting = testTexts.contains { SwiftImports.modules(in: $0.text).contains("Testing") }
        let main = GuestHarnessFiles.File(
            name: "OALGuestTestMain.swift",
            contents: Self.mainSource(
                module: appProcess.moduleName, swiftTesting: usesTesting || manifest.isEmpty,
                xcTest: !manifest.isEmpty))

        // The app module: the app process's final sources when it was
        // built, else the files the tests reach (TestSourceSelection).
        let appKey = build.processes.first(where: { $0.kind == .app })?.key
        let record = appKey.flatMap { ProcessRecord.load(builder.processDirectory($0)) }
        let selected: [String]
        var key = ContentKey.Builder("oal guest unit tests v2")
        if let appKey, record != nil {
            selected = record?.sources ?? []
            key.add(appKey.hex)
        } else {
            let candidates = try builder.readSources(
                appProcess.sources
                    + appProcess.excluded.filter { $0.reason == GuestAppReader.swiftUIViewReason }.map(\.file),
                in: app.checkout)
            selected = TestSourceSelection.closure(tests: testTexts, candidates: candidates)
            key.add(try builder.cachedCompilerVersion(compiler))
            key.add(builder.sdkIdentity())
            key.add(appProcess.settings.flags.joined(separator: " "))
            for (path, text) in candidates where selected.contains(path) {
                key.addFile(path, contents: Array(text.utf8))
            }
            key.add(
                try GuestHarnessFiles.locate(for: app, harnesses: options.harnesses, explicit: options.harness)
                    .buildInfo(app, process: appProcess))
        }
        key.add(preludeText)
        key.add(main.contents)
        key.add(tests.settings.flags.joined(separator: " "))
        for (path, text) in testTexts { key.addFile(path, contents: Array(text.utf8)) }
        let directory = options.cache.appendingPathComponent("tests").appendingPathComponent(key.finish().short)
        try? FileManager.default.createDirectory(
            at: directory.appendingPathComponent("generated"), withIntermediateDirectories: true)
        var compileSeconds = 0.0
        let module = try appModule(
            app: app, process: appProcess, sources: selected, cascade: record == nil, prelude: preludeText,
            directory: directory, compiler: compiler, seconds: &compileSeconds, progress: progress)
        // The tests: one executable; a file that does not compile is left out.
        let testModule = GuestProcess.moduleName(forTarget: tests.target)
        let runner = directory.appendingPathComponent("run-tests")
        var compiled = tests.sources
        var notCompiled: [String: String] = [:]
        if !FileManager.default.isExecutableFile(atPath: runner.path) {
            progress("compiling \(app.name)'s tests (\(compiled.count) files)")
            let extra = [
                try write(main, "generated/tests", in: directory),
                try write(
                    GuestHarnessFiles.File(name: "OALTestPrelude.swift", contents: preludeText), "generated/tests",
                    in: directory),
            ]
            let common =
                [
                    "-module-name", testModule, "-parse-as-library", "-Onone", "-suppress-warnings",
                    "-j\(options.jobs)",
                    "-I", module.directory.path, "-I", options.sdkModules.path,
                ] + options.macroPluginFlags
            // Type-check rounds find the files that do not compile (a file
            // left out can take others with it); then one compile links.
            // The XCTest list is written again each round, without the
            // cases of the files left out.
            var linking = false
            while true {
                let kept = XCTestManifest(classes: manifest.classes.filter { compiled.contains($0.file) })
                let manifestPath = try write(
                    GuestHarnessFiles.File(name: "OALXCTestManifest.swift", contents: kept.source()), "generated/tests",
                    in: directory)
                let inputs =
                    compiled.map { app.checkout.appendingPathComponent($0).path } + extra
                    + (manifest.isEmpty ? [] : [manifestPath])
                let log = directory.appendingPathComponent(linking ? "tests.log" : "tests-typecheck.log")
                let arguments =
                    linking
                    ? [
                        "-L", options.sdk.path, "-lGuestSDK", "-Xlinker", "-rpath", "-Xlinker", options.sdk.path,
                        "-o", runner.path + ".tmp",
                    ] + inputs + [module.library.path] : ["-typecheck"] + inputs
                let outcome = try compiler.run(tests.settings.flags + common + arguments, log: log)
                compileSeconds += outcome.seconds
                if outcome.succeeded {
                    if linking { break }
                    linking = true
                    continue
                }
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
                    let errors = outcome.errors.filter { $0.file.hasSuffix("/" + file) }
                    notCompiled[file] = module.reason(for: errors)
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
            let stream = TestEventStream.read(events, checkout: app.checkout, files: tests.sources)
            outcomes.merge(stream)
            let unfinished = stream.unfinished
            if case .signaled(let signal) = status, let victim = unfinished.first {
                crashed[victim] =
                    signal == SIGKILL
                    ? "did not end: the test process was killed (signal 9; the limit is \(Self.runLimitSeconds) s)"
                    : "crashed the test process (signal \(signal))"
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
            let url = app.checkout.appendingPathComponent(exclusion.file)
            files.append(
                FileResult(
                    file: exclusion.file, status: .skipped, reason: exclusion.reason, tests: Self.declaredTests(url),
                    passed: 0, failed: 0, skipped: 0, failures: [],
                    results: Self.declaredNames(url, manifest: manifest, file: exclusion.file).map {
                        TestOutcome(test: $0, status: .skipped, issue: exclusion.reason)
                    }))
        }
        for (file, reason) in notCompiled {
            let url = app.checkout.appendingPathComponent(file)
            files.append(
                FileResult(
                    file: file, status: .notCompiled, reason: reason, tests: Self.declaredTests(url), passed: 0,
                    failed: 0, skipped: 0, failures: [],
                    results: Self.declaredNames(url, manifest: manifest, file: file).map {
                        TestOutcome(test: $0, status: .notCompiled, issue: reason)
                    }))
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
            let outcomes = results.sorted { $0.name < $1.name }.map { result in
                TestOutcome(
                    test: result.id.contains("/") && !result.id.contains("()") ? result.id : result.name,
                    status: result.state == .passed ? .passed : (result.state == .failed ? .failed : .skipped),
                    issue: result.issue)
            }
            files.append(
                FileResult(
                    file: file, status: failed > 0 ? .failed : (passed == 0 && skipped > 0 ? .skipped : .passed),
                    reason: failures.first, tests: results.count, passed: passed, failed: failed, skipped: skipped,
                    failures: failures, results: outcomes))
        }
        return Report(
            app: app.name, checkout: app.checkout.path, files: files.sorted { $0.file < $1.file },
            compileSeconds: compileSeconds, runSeconds: runSeconds, runs: runs)
    }

    /// The longest one run of the test executable may take.
    static let runLimitSeconds: UInt64 = 300

    /// Runs the test executable once. Its `TMPDIR` is a directory of its
    /// own, removed when it ends however it ends (a test that crashes the
    /// process, a run killed at the limit): the test device
    /// (`GuestTestHost`) and whatever the tests write to the temporary
    /// directory go there, so nothing is left behind (issue 34).
    func runTests(
        _ runner: URL, events: URL, skip: [String], only: [String], in directory: URL
    ) throws(GuestBuildError) -> ChildProcess.Termination {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("oal-guest-tests-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            var environment = builder.options.environment
            environment["TMPDIR"] = scratch.path
            let child = try ChildProcess.spawn(
                runner.path, arguments: [events.path] + skip + only.map { "only:" + $0 },
                environment: environment,
                standardOutput: directory.appendingPathComponent("tests-output.log").path,
                standardError: directory.appendingPathComponent("tests-output.log").path)
            // A test that never ends (a deadlock, an expectation never
            // fulfilled) must not hold the report: it is killed, and
            // reported as the test the run was in.
            let deadline = MonotonicClock.nanoseconds() + Self.runLimitSeconds * 1_000_000_000
            while true {
                if let termination = try child.poll() { return termination }
                if MonotonicClock.nanoseconds() > deadline {
                    try? child.signal(SIGKILL)
                    return try child.wait()
                }
                usleep(20_000)
            }
        } catch {
            throw .tool("could not run \(runner.path): \(error)")
        }
    }

    /// The tests a file declares: its `@Test` functions (a parameterised
    /// test counts once) and its XCTest methods.
    static func declaredTests(_ url: URL) -> Int {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return 0 }
        return testFunctions(text).count + XCTestManifest.scan([(url.lastPathComponent, text)]).count
    }

    /// The names of a file's tests, as its results name them.
    static func declaredNames(_ url: URL, manifest: XCTestManifest, file: String) -> [String] {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let xcTests = manifest.classes.filter { $0.file == file }.flatMap { testClass in
            testClass.methods.map { XCTestManifest.identifier(testClass, $0) }
        }
        return (testFunctions(text) + xcTests).sorted()
    }

    /// The function after each `@Test` attribute.
    static func testFunctions(_ text: String) -> [String] {
        let scanner = SwiftSourceScanner(text)
        return scanner.occurrences(of: "Test").filter { $0 > 0 && scanner.code[$0 - 1] == UInt8(ascii: "@") }.map {
            position in
            let function = scanner.occurrences(of: "func", in: position..<scanner.code.count).first
            return function.flatMap { scanner.identifier(after: $0 + 4)?.name } ?? "@Test at byte \(position)"
        }
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
