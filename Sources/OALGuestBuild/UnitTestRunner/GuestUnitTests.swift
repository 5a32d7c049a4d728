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
        let runner = directory.appendingPathComponent("run-tests")
        let (compiled, notCompiled) = try compileRunner(
            TestRunnerInputs(
                name: "\(app.name)'s tests", checkout: app.checkout, sources: tests.sources, manifest: manifest,
                flags: tests.settings.flags + [
                    "-module-name", GuestProcess.moduleName(forTarget: tests.target), "-I", module.directory.path,
                ],
                generated: [main, GuestHarnessFiles.File(name: "OALTestPrelude.swift", contents: preludeText)],
                linked: [module.library.path]),
            runner: runner, directory: directory, seconds: &compileSeconds, progress: progress,
            reason: module.reason(for:))

        // Run; a crash ends the stream early: the test that was running is
        // marked crashed and the others run again without it.
        progress("running \(app.name)'s tests")
        let started = MonotonicClock.nanoseconds()
        let (outcomes, runs) = try runRecovering(
            runner, checkout: app.checkout, sources: tests.sources, filter: filter, in: directory)
        let runSeconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
        let files = Self.fileResults(
            checkout: app.checkout, skipped: tests.excluded, notCompiled: notCompiled, compiled: compiled,
            outcomes: outcomes, manifest: manifest)
        return Report(
            app: app.name, checkout: app.checkout.path, files: files,
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
