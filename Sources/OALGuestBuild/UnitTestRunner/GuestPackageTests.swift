import Foundation
import OALSystem

/// A SwiftPM package's own tests on the stand-ins (`oal-device guest test
/// PACKAGE`): a package that habit apps embed (swift-app-intervention) is a
/// guest too, and its tests referee the stand-ins it reaches
/// (docs/GUEST.md, "A package's tests").
///
/// Each library target its test targets need is one module, compiled in
/// dependency order with `-enable-testing` and the package's name (its
/// `package` declarations), the test prelude generated in, as in an app
/// build. A library that does not compile here is not left half-built: the
/// test files of every target that needs it are `not compiled`, naming it
/// and its first error. Each test target is one runner (`GuestTestRunner`).
public struct GuestPackageTests: Sendable {
    public let builder: GuestBuilder

    public init(builder: GuestBuilder) { self.builder = builder }

    /// A compiled library module, or why it could not be compiled.
    struct Module {
        var target: String
        var directory: URL
        var library: URL
        var key: ContentKey
        var failure: String?
    }

    public func run(
        checkout: URL, filter: [String] = [], progress: (String) -> Void = { _ in }
    ) throws(GuestBuildError) -> GuestUnitTests.Report {
        try builder.checkSDK()
        let package = try SwiftPackageManifest.read(checkout)
        let testTargets = package.targets.filter { $0.kind == .test }
        guard !testTargets.isEmpty else { throw .layout("\(package.name): Package.swift declares no test target") }
        let options = builder.options
        let compiler = SwiftCompiler(swiftc: options.swiftc, environment: options.environment)
        let preludeURL = options.harnesses.appendingPathComponent("common/TestPrelude.swift")
        guard let prelude = try? String(contentsOf: preludeURL, encoding: .utf8) else {
            throw .notFound("\(preludeURL.path): the test prelude is missing")
        }
        let toolchain = try builder.cachedCompilerVersion(compiler)
        let sdk = builder.sdkIdentity()
        let packageName = GuestProcess.moduleName(forTarget: package.name)
        let runs = GuestUnitTests(builder: builder)

        var modules: [String: Module] = [:]
        var compileSeconds = 0.0
        for target in package.dependencyOrder(of: testTargets.flatMap(\.dependencies))
        where target.kind == .library {
            modules[target.name] = try module(
                target, package: package, packageName: packageName, checkout: checkout, prelude: prelude,
                toolchain: toolchain, sdk: sdk, modules: modules, compiler: compiler, seconds: &compileSeconds,
                progress: progress)
        }

        var files: [GuestUnitTests.FileResult] = []
        var runSeconds = 0.0
        var runCount = 0
        for target in testTargets {
            let sources = package.sources(of: target, in: checkout)
            let needed = package.dependencyOrder(of: target.dependencies).compactMap { modules[$0.name] }
            if let broken = needed.first(where: { $0.failure != nil }) {
                let reason = "needs \(broken.target), which does not compile here: \(broken.failure ?? "")"
                files += GuestUnitTests.fileResults(
                    checkout: checkout, skipped: [],
                    notCompiled: Dictionary(uniqueKeysWithValues: sources.map { ($0, reason) }),
                    compiled: [], outcomes: .init(), manifest: XCTestManifest(classes: []))
                continue
            }
            let texts = try builder.readSources(sources, in: checkout)
            let manifest = XCTestManifest.scan(texts)
            let usesTesting = texts.contains { SwiftImports.modules(in: $0.text).contains("Testing") }
            let main = GuestHarnessFiles.File(
                name: "OALGuestTestMain.swift",
                contents: GuestUnitTests.mainSource(
                    module: nil, swiftTesting: usesTesting || manifest.isEmpty, xcTest: !manifest.isEmpty))
            var key = ContentKey.Builder("oal guest package tests v1")
            for module in needed { key.add(module.key.hex) }
            key.add(prelude)
            key.add(main.contents)
            for (path, text) in texts { key.addFile(path, contents: Array(text.utf8)) }
            let directory = options.cache.appendingPathComponent("tests").appendingPathComponent(key.finish().short)
            try? FileManager.default.createDirectory(
                at: directory.appendingPathComponent("generated"), withIntermediateDirectories: true)
            let runner = directory.appendingPathComponent("run-tests")
            let (compiled, notCompiled) = try runs.compileRunner(
                GuestUnitTests.TestRunnerInputs(
                    name: "\(package.name)'s \(target.name)", checkout: checkout, sources: sources, manifest: manifest,
                    flags: ["-module-name", target.name, "-package-name", packageName]
                        + needed.flatMap { ["-I", $0.directory.path] },
                    generated: [main, GuestHarnessFiles.File(name: "OALTestPrelude.swift", contents: prelude)],
                    // A static library after the ones that use it, for the linker.
                    linked: needed.reversed().map(\.library.path)),
                runner: runner, directory: directory, seconds: &compileSeconds, progress: progress,
                reason: { errors in errors.first.map { "line \($0.line): \($0.message)" } ?? "does not compile" })
            progress("running \(package.name)'s \(target.name)")
            let started = MonotonicClock.nanoseconds()
            let (outcomes, count) = try runs.runRecovering(
                runner, checkout: checkout, sources: sources, filter: filter, in: directory)
            runSeconds += Double(MonotonicClock.nanoseconds() - started) / 1e9
            runCount += count
            files += GuestUnitTests.fileResults(
                checkout: checkout, skipped: [], notCompiled: notCompiled, compiled: compiled, outcomes: outcomes,
                manifest: manifest)
        }
        return GuestUnitTests.Report(
            app: package.name, checkout: checkout.path, files: files.sorted { $0.file < $1.file },
            compileSeconds: compileSeconds, runSeconds: runSeconds, runs: runCount)
    }

    /// Compiles one library target as a static module, or finds it
    /// compiled (its key covers the toolchain, the SDK, the prelude, its
    /// files and its dependencies' keys). A failure is kept with the module,
    /// so an unchanged package is not compiled again to fail again.
    func module(
        _ target: SwiftPackageManifest.Target, package: SwiftPackageManifest, packageName: String, checkout: URL,
        prelude: String, toolchain: String, sdk: String, modules: [String: Module], compiler: SwiftCompiler,
        seconds: inout Double, progress: (String) -> Void, rewritten: [String: String] = [:]
    ) throws(GuestBuildError) -> Module {
        let options = builder.options
        let sources = package.sources(of: target, in: checkout)
        let dependencies = package.dependencyOrder(of: target.dependencies).compactMap { modules[$0.name] }
        var key = ContentKey.Builder("oal guest package module v1")
        key.add(toolchain)
        key.add(sdk)
        key.add(prelude)
        key.add(packageName + " " + target.name)
        for dependency in dependencies { key.add(dependency.key.hex) }
        for (path, text) in try builder.readSources(sources, in: checkout) {
            key.addFile(path, contents: Array((rewritten[path] ?? text).utf8))
        }
        let finished = key.finish()
        let directory = options.cache.appendingPathComponent("packages").appendingPathComponent(
            "\(target.name)-\(finished.short)")
        let library = directory.appendingPathComponent("lib\(target.name).a")
        let failureFile = directory.appendingPathComponent("failure.txt")
        var module = Module(target: target.name, directory: directory, library: library, key: finished)
        if FileManager.default.fileExists(atPath: library.path) { return module }
        if let failure = try? String(contentsOf: failureFile, encoding: .utf8) {
            module.failure = failure
            return module
        }
        if let broken = dependencies.first(where: { $0.failure != nil }) {
            module.failure = "needs \(broken.target): \(broken.failure ?? "")"
            return module
        }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        progress("compiling \(package.name)'s \(target.name) (\(sources.count) files)")
        let preludePath = try GuestUnitTests(builder: builder).write(
            GuestHarnessFiles.File(name: "OALTestPrelude.swift", contents: prelude), "generated", in: directory)
        let outcome = try compiler.run(
            [
                "-module-name", target.name, "-package-name", packageName, "-parse-as-library", "-enable-testing",
                "-wmo", "-num-threads", "\(options.jobs)", "-Onone", "-suppress-warnings", "-I",
                options.sdkModules.path,
            ] + dependencies.flatMap { ["-I", $0.directory.path] } + options.macroPluginFlags + [
                "-emit-module-path", directory.appendingPathComponent("\(target.name).swiftmodule").path,
                "-emit-library", "-static", "-o", library.path + ".tmp",
            ] + (try inputs(sources, checkout: checkout, rewritten: rewritten, in: directory)) + [preludePath],
            log: directory.appendingPathComponent("build.log"))
        seconds += outcome.seconds
        guard outcome.succeeded else {
            let first = outcome.errors.first.map { error -> String in
                let file =
                    error.file.hasPrefix(checkout.path + "/")
                    ? String(error.file.dropFirst(checkout.path.count + 1)) : error.file
                return "\(file) line \(error.line): \(error.message)"
            }
            let failure = first ?? outcome.otherErrors.first ?? "the compiler failed (\(directory.path)/build.log)"
            progress("\(target.name) does not compile here: \(failure)")
            try? failure.write(to: failureFile, atomically: true, encoding: .utf8)
            module.failure = failure
            return module
        }
        do { try FileManager.default.moveItem(atPath: library.path + ".tmp", toPath: library.path) } catch {
            throw .io("\(library.path): \(error)")
        }
        return module
    }

    /// The files to compile: the package's own, or a rewritten copy (a
    /// package mutant's schemata) under the module's directory, so the
    /// package's files are never touched.
    func inputs(
        _ sources: [String], checkout: URL, rewritten: [String: String], in directory: URL
    ) throws(GuestBuildError) -> [String] {
        var paths: [String] = []
        for source in sources {
            guard let text = rewritten[source] else {
                paths.append(checkout.appendingPathComponent(source).path)
                continue
            }
            let copy = directory.appendingPathComponent("mutated").appendingPathComponent(source)
            do {
                try FileManager.default.createDirectory(
                    at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: copy, atomically: true, encoding: .utf8)
            } catch {
                throw .io("\(copy.path): \(error)")
            }
            paths.append(copy.path)
        }
        return paths
    }
}
