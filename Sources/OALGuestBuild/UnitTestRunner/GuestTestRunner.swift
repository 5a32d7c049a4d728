import Foundation
import OALSystem

/// One test executable of a guest: its files compiled (a file that does
/// not compile is left out with its reason), run one test at a time with a
/// crash costing only the test that crashed, and its outcomes per file.
/// The app's unit-test target (`GuestUnitTests`) is one such runner; a
/// package's test targets (`GuestPackageTests`) are one each.
extension GuestUnitTests {
    /// What a runner is compiled from.
    struct TestRunnerInputs {
        /// Named in progress and errors (`OpenAppLock's tests`).
        var name: String
        var checkout: URL
        /// The test files, relative to the checkout.
        var sources: [String]
        var manifest: XCTestManifest
        /// The compiler flags of the test module (its name, search paths).
        var flags: [String]
        /// Generated beside the tests: the main, the prelude.
        var generated: [GuestHarnessFiles.File]
        /// Libraries the runner links (the modules under test).
        var linked: [String]
    }

    /// Compiles the runner, or finds it compiled in `directory`: type-check
    /// rounds leave out the files that do not compile (a file left out can
    /// take others with it, and the XCTest list is written again without
    /// their cases), then one compile links. Returns the files compiled and
    /// why each other one was not.
    func compileRunner(
        _ inputs: TestRunnerInputs, runner: URL, directory: URL, seconds: inout Double,
        progress: (String) -> Void, reason: ([SwiftCompiler.Diagnostic]) -> String
    ) throws(GuestBuildError) -> (compiled: [String], notCompiled: [String: String]) {
        let stateFile = directory.appendingPathComponent("build-state.json")
        if FileManager.default.isExecutableFile(atPath: runner.path) {
            if let data = FileManager.default.contents(atPath: stateFile.path),
                let state = try? JSONDecoder().decode(TestBuildState.self, from: data)
            {
                return (state.compiled, state.notCompiled)
            }
            return (inputs.sources, [:])
        }
        let options = builder.options
        let compiler = SwiftCompiler(swiftc: options.swiftc, environment: options.environment)
        var compiled = inputs.sources
        var notCompiled: [String: String] = [:]
        progress("compiling \(inputs.name) (\(compiled.count) files)")
        var extra: [String] = []
        for file in inputs.generated { extra.append(try write(file, "generated/tests", in: directory)) }
        let common =
            [
                "-parse-as-library", "-Onone", "-suppress-warnings", "-j\(options.jobs)", "-I",
                options.sdkModules.path,
            ] + options.macroPluginFlags
        var linking = false
        while true {
            let kept = XCTestManifest(classes: inputs.manifest.classes.filter { compiled.contains($0.file) })
            let manifestPath = try write(
                GuestHarnessFiles.File(name: "OALXCTestManifest.swift", contents: kept.source()), "generated/tests",
                in: directory)
            let files =
                compiled.map { inputs.checkout.appendingPathComponent($0).path } + extra
                + (inputs.manifest.isEmpty ? [] : [manifestPath])
            let log = directory.appendingPathComponent(linking ? "tests.log" : "tests-typecheck.log")
            let arguments =
                linking
                ? [
                    "-L", options.sdk.path, "-lGuestSDK", "-Xlinker", "-rpath", "-Xlinker", options.sdk.path,
                    "-o", runner.path + ".tmp",
                ] + files + inputs.linked : ["-typecheck"] + files
            let outcome = try compiler.run(inputs.flags + common + arguments, log: log)
            seconds += outcome.seconds
            if outcome.succeeded {
                if linking { break }
                linking = true
                continue
            }
            let checkout = inputs.checkout.path + "/"
            let failing = Set(
                outcome.errors.compactMap { error -> String? in
                    guard error.file.hasPrefix(checkout) else { return nil }
                    return String(error.file.dropFirst(checkout.count))
                }
            ).filter { compiled.contains($0) }
            guard !failing.isEmpty else {
                throw .compile(
                    process: inputs.name, log: log.path,
                    errors: outcome.errors.map(\.description) + outcome.otherErrors)
            }
            for file in failing.sorted() {
                notCompiled[file] = reason(outcome.errors.filter { $0.file.hasSuffix("/" + file) })
                compiled.removeAll { $0 == file }
            }
        }
        do { try FileManager.default.moveItem(atPath: runner.path + ".tmp", toPath: runner.path) } catch {
            throw .io("\(runner.path): \(error)")
        }
        let state = TestBuildState(compiled: compiled, notCompiled: notCompiled)
        try? JSONEncoder().encode(state).write(to: stateFile)
        return (compiled, notCompiled)
    }

    /// Runs the runner until every test has ended: a crash ends the event
    /// stream early, the test that was running is marked crashed, and the
    /// others run again without it.
    func runRecovering(
        _ runner: URL, checkout: URL, sources: [String], filter: [String], in directory: URL
    ) throws(GuestBuildError) -> (outcomes: TestEventStream.Outcomes, runs: Int) {
        var outcomes = TestEventStream.Outcomes()
        var crashed: [String: String] = [:]
        var runs = 0
        while runs < 12 {
            runs += 1
            let events = directory.appendingPathComponent("events-\(runs).jsonl")
            try? FileManager.default.removeItem(at: events)
            let status = try runTests(runner, events: events, skip: Array(crashed.keys), only: filter, in: directory)
            let stream = TestEventStream.read(events, checkout: checkout, files: sources)
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
        for (id, reason) in crashed { outcomes.crash(id, reason) }
        return (outcomes, runs)
    }

    /// Each test file's result, sorted by file: the ones left out on
    /// purpose (`skipped`), the ones that did not compile, and the rest
    /// from the runs' outcomes.
    static func fileResults(
        checkout: URL, skipped: [Exclusion], notCompiled: [String: String], compiled: [String],
        outcomes: TestEventStream.Outcomes, manifest: XCTestManifest
    ) -> [FileResult] {
        var files: [FileResult] = []
        for exclusion in skipped {
            let url = checkout.appendingPathComponent(exclusion.file)
            files.append(
                FileResult(
                    file: exclusion.file, status: .skipped, reason: exclusion.reason, tests: declaredTests(url),
                    passed: 0, failed: 0, skipped: 0, failures: [],
                    results: declaredNames(url, manifest: manifest, file: exclusion.file).map {
                        TestOutcome(test: $0, status: .skipped, issue: exclusion.reason)
                    }))
        }
        for (file, reason) in notCompiled {
            let url = checkout.appendingPathComponent(file)
            files.append(
                FileResult(
                    file: file, status: .notCompiled, reason: reason, tests: declaredTests(url), passed: 0,
                    failed: 0, skipped: 0, failures: [],
                    results: declaredNames(url, manifest: manifest, file: file).map {
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
            let declared = declaredTests(checkout.appendingPathComponent(file))
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
        return files.sorted { $0.file < $1.file }
    }
}
