import Foundation
import OALSystem

/// Builds a checkout of a real app as the four processes the emulated
/// device launches, against GuestSDK (`libGuestSDK.so`), into a cache keyed
/// by content (docs/GUEST.md, "Builds").
///
/// Each process is one `swiftc` invocation whose key covers every input
/// (`ContentKey`): a process whose key is cached is reused with no
/// compiler call, any changed byte is a new key and a fresh build, so
/// builds of two checkouts never share objects. A build directory
/// (`<cache>/builds/<name>-<key>`) names the four processes' executables
/// under the emulator's names and describes itself in `guest.json`.
public struct GuestBuilder: Sendable {
    public let options: GuestBuildOptions

    public init(options: GuestBuildOptions) { self.options = options }

    public enum Mode: Sendable {
        /// Compile what the cache lacks.
        case build
        /// Never compile: find the build these sources would make (`--no-build`).
        case lookup
    }

    /// What a build did.
    public struct Result: Sendable {
        public var directory: URL
        public var app: GuestApp
        /// Per process: reused from the cache, or compiled now (and how long it took).
        public var processes: [(kind: GuestProcess.Kind, key: ContentKey, compiledSeconds: Double?)]
        public var excluded: [(kind: GuestProcess.Kind, exclusion: Exclusion)]
        /// Processes of the app not built at all, and why (an app with no
        /// harness adapter is built as its extensions alone).
        public var omitted: [(kind: GuestProcess.Kind, reason: String)]
        public var seconds: Double

        public var compiledAny: Bool { processes.contains { $0.compiledSeconds != nil } }
    }

    /// Builds (or, with `.lookup`, finds) `checkout`. `commit` is recorded
    /// when the checkout came from a repository.
    public func build(
        checkout: URL, commit: String? = nil, mode: Mode = .build, progress: (String) -> Void = { _ in }
    ) throws(GuestBuildError) -> Result {
        let started = MonotonicClock.nanoseconds()
        try checkSDK()
        let app = try GuestAppReader.read(checkout)
        let harness = try GuestHarnessFiles.locate(for: app, harnesses: options.harnesses, explicit: options.harness)
        let compiler = SwiftCompiler(swiftc: options.swiftc, environment: options.environment)
        let version = try cachedCompilerVersion(compiler)
        let sdk = sdkIdentity()
        var processes: [(GuestProcess.Kind, ContentKey, Double?)] = []
        var excluded: [(GuestProcess.Kind, Exclusion)] = []
        var omitted: [(GuestProcess.Kind, String)] = []
        var failures: [(process: String, log: String, errors: [String])] = []
        var allTexts: [(path: String, text: String)] = []
        if let package = app.package {
            for kind in GuestProcess.Kind.allCases where kind != .app { omitted.append((kind, package.noExtensions)) }
        }
        let appViews = try harness.appViews(app: app, read: readSources)
        let appMutants = try self.appMutants(app, harness: harness)
        for var process in app.processes {
            if process.kind == .app, let reason = harness.appOmission {
                omitted.append((.app, reason))
                continue
            }
            var modules: [GuestPackageTests.Module] = []
            if process.kind == .app, let package = app.package {
                modules = try packageModules(
                    package, app: app, harness: harness, compiler: compiler, version: version, sdk: sdk,
                    progress: progress)
                process = Self.leavingOut(modules.filter { $0.failure != nil }, from: process, checkout: app.checkout)
            }
            if process.kind == .app, appViews == .reached {
                process = try keepingReachedViews(process, checkout: app.checkout)
            }
            var texts = try readSources(process.sources, in: app.checkout)
            allTexts += texts
            let rewritten = try appMutants?.rewrite(for: texts) ?? [:]
            texts = texts.map { ($0.path, rewritten[$0.path] ?? $0.text) }
            let generated = try harness.files(for: process, app: app, sourceTexts: texts)
            var key = processKey(process, texts: texts, generated: generated, version: version, sdk: sdk, app: app)
            if !modules.isEmpty {
                var withModules = ContentKey.Builder("oal guest process with package modules v1")
                withModules.add(key.hex)
                for module in modules { withModules.add(module.key.hex + (module.failure ?? "")) }
                key = withModules.finish()
            }
            let directory = processDirectory(key)
            if let record = ProcessRecord.load(directory) {
                processes.append((process.kind, key, nil))
                excluded += (process.excluded + record.cascaded).map { (process.kind, $0) }
                continue
            }
            guard mode == .build else {
                throw .notBuilt(
                    "\(app.name) (\(checkout.path)): its \(process.kind.rawValue) process is not built for these "
                        + "sources (key \(key.short)); build it first (without --no-build)")
            }
            progress("compiling \(app.name)'s \(process.kind.rawValue) (\(process.sources.count) files)")
            // A process that does not compile does not stop the others: the
            // build then names every missing API of every process at once.
            do {
                let (record, seconds) = try compile(
                    process, app: app, texts: texts, generated: generated, key: key, compiler: compiler,
                    modules: modules.filter { $0.failure == nil }, rewritten: rewritten)
                processes.append((process.kind, key, seconds))
                excluded += (process.excluded + record.cascaded).map { (process.kind, $0) }
            } catch {
                guard case .compile(let name, let log, let errors) = error else { throw error }
                // The report extension is optional, and only a look at a
                // usage page needs it: one that does not compile on the
                // stand-ins (an older shape of it) is left out, saying why,
                // rather than taking the app's enforcement with it.
                if process.kind == .report, options.reportMayBeLeftOut {
                    let first = errors.first ?? "see \(log)"
                    omitted.append((.report, "its report extension does not compile on the stand-ins: \(first)"))
                    progress("left out \(app.name)'s report: \(first)")
                    continue
                }
                failures.append((name, log, errors))
            }
        }
        if !failures.isEmpty { throw GuestBuildError.merging(failures) }
        let notes = try GuestHarnessNotes.load(harness.directory.appendingPathComponent("findings"), sources: allTexts)
        let directory = try writeBuildDirectory(
            app: app, commit: commit, processes: processes.map { ($0.0, $0.1) }, excluded: excluded, omitted: omitted,
            notes: notes)
        return Result(
            directory: directory, app: app, processes: processes.map { ($0.0, $0.1, $0.2) },
            excluded: excluded.map { ($0.0, $0.1) }, omitted: omitted.map { ($0.0, $0.1) },
            seconds: Double(MonotonicClock.nanoseconds() - started) / 1e9)
    }

    // MARK: Keys

    func checkSDK() throws(GuestBuildError) {
        guard FileManager.default.fileExists(atPath: options.sdkLibrary.path),
            FileManager.default.fileExists(
                atPath: options.sdkModules.appendingPathComponent("GuestHarness.swiftmodule").path)
        else {
            throw .sdkMissing(
                "\(options.sdkLibrary.path) is missing: guest builds link against the emulator's GuestSDK; "
                    + "run `swift build` first")
        }
    }

    /// The SDK as built: every module interface's and the library's size
    /// and modification time (a rebuilt SDK is a new key for every guest).
    func sdkIdentity() -> String {
        var parts: [String] = []
        let modules = ((try? FileManager.default.contentsOfDirectory(atPath: options.sdkModules.path)) ?? [])
            .filter { $0.hasSuffix(".swiftmodule") }.sorted()
        for path in [options.sdkLibrary.path, options.macroPlugin.path]
            + modules.map({ options.sdkModules.appendingPathComponent($0).path })
        {
            guard let status = try? FileSystem.status(path) else { continue }
            parts.append("\((path as NSString).lastPathComponent) \(status.size) \(status.modifiedNanoseconds)")
        }
        return parts.joined(separator: "\n")
    }

    func processKey(
        _ process: GuestProcess, texts: [(path: String, text: String)], generated: [GuestHarnessFiles.File],
        version: String, sdk: String, app: GuestApp
    ) -> ContentKey {
        var key = ContentKey.Builder("oal guest process v1")
        key.add(version)
        key.add(sdk)
        key.add(process.kind.rawValue)
        key.add(process.moduleName)
        key.add(compileFlags(process).joined(separator: " "))
        for (path, text) in texts { key.addFile(path, contents: Array(text.utf8)) }
        for file in generated { key.addFile("generated/" + file.name, contents: Array(file.contents.utf8)) }
        return key.finish()
    }

    func cachedCompilerVersion(_ compiler: SwiftCompiler) throws(GuestBuildError) -> String {
        // `swiftc --version` costs a process start; keep it per compiler binary.
        let status = try? FileSystem.status(options.swiftc)
        let stamp = "\(options.swiftc) \(status?.size ?? 0) \(status?.modifiedNanoseconds ?? 0)"
        let file = options.cache.appendingPathComponent("compiler-version.txt")
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            let lines = text.split(separator: "\n", maxSplits: 1).map(String.init)
            if lines.count == 2, lines[0] == stamp { return lines[1] }
        }
        let version = try compiler.version()
        try? FileManager.default.createDirectory(at: options.cache, withIntermediateDirectories: true)
        try? "\(stamp)\n\(version)".write(to: file, atomically: true, encoding: .utf8)
        return version
    }

    func readSources(_ files: [String], in checkout: URL) throws(GuestBuildError) -> [(path: String, text: String)] {
        var texts: [(String, String)] = []
        for file in files {
            guard let text = try? String(contentsOf: checkout.appendingPathComponent(file), encoding: .utf8) else {
                throw .io("\(checkout.appendingPathComponent(file).path): cannot be read")
            }
            texts.append((file, text))
        }
        return texts
    }

    // MARK: Compiling

    func compileFlags(_ process: GuestProcess) -> [String] {
        process.settings.flags + [
            "-module-name", process.moduleName, "-Onone", "-suppress-warnings", "-j\(options.jobs)",
            "-I", options.sdkModules.path, "-L", options.sdk.path, "-lGuestSDK",
        ] + options.macroPluginFlags + [
            "-Xlinker", "-rpath", "-Xlinker", options.sdk.path,
        ]
    }

    func processDirectory(_ key: ContentKey) -> URL {
        options.cache.appendingPathComponent("processes").appendingPathComponent(key.short)
    }

    /// Compiles one process into a fresh directory, then moves it into the
    /// cache under its key. A file whose errors come only from what was left
    /// out (a SwiftUI file, or a declaration of an excluded file) is left
    /// out too, and the compile runs again (`CascadeExclusion`).
    func compile(
        _ process: GuestProcess, app: GuestApp, texts: [(path: String, text: String)],
        generated: [GuestHarnessFiles.File], key: ContentKey, compiler: SwiftCompiler,
        modules: [GuestPackageTests.Module] = [], rewritten: [String: String] = [:]
    ) throws(GuestBuildError) -> (ProcessRecord, Double) {
        let final = processDirectory(key)
        let work = final.deletingLastPathComponent().appendingPathComponent("\(key.short).tmp-\(getpid())")
        try? FileManager.default.removeItem(at: work)
        do {
            try FileManager.default.createDirectory(
                at: work.appendingPathComponent("generated"), withIntermediateDirectories: true)
            for file in generated {
                try file.contents.write(
                    to: work.appendingPathComponent("generated").appendingPathComponent(file.name), atomically: true,
                    encoding: .utf8)
            }
            // An app mutant's schemata: a copy of the file, never the app's.
            for (path, text) in rewritten {
                let copy = work.appendingPathComponent("mutated").appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: copy, atomically: true, encoding: .utf8)
            }
        } catch {
            throw .io("\(work.path): \(error)")
        }
        let executable = work.appendingPathComponent(process.kind.executable)
        let log = work.appendingPathComponent("build.log")
        var cascade = CascadeExclusion(app: app, process: process, texts: texts)
        var seconds = 0.0
        // After a failed compile, the cascade's rounds only need the
        // compiler's diagnostics: they type-check, with no code generated
        // or linked, until the files left compile clean; then one compile
        // makes the executable (and, if it still fails, the rounds go on
        // compiling). A process that compiles at once pays nothing more.
        var typeChecking = false
        while true {
            let sources =
                cascade.compiled.map { path in
                    rewritten[path] != nil
                        ? work.appendingPathComponent("mutated").appendingPathComponent(path).path
                        : app.checkout.appendingPathComponent(path).path
                }
                + generated.map { work.appendingPathComponent("generated").appendingPathComponent($0.name).path }
            // A static library after the code that uses it, for the linker.
            let libraries = modules.reversed().map(\.library.path)
            let target = typeChecking ? ["-typecheck"] + sources : ["-o", executable.path] + sources + libraries
            let outcome = try compiler.run(
                compileFlags(process) + modules.flatMap { ["-I", $0.directory.path] } + target, log: log)
            seconds += outcome.seconds
            if outcome.succeeded {
                if !typeChecking { break }
                typeChecking = false
                continue
            }
            typeChecking = true
            guard try cascade.exclude(after: outcome, checkout: app.checkout) else {
                let errors = (cascade.causes(of: outcome.errors) + outcome.errors).map { diagnostic in
                    let file =
                        diagnostic.file.hasPrefix(app.checkout.path + "/")
                        ? String(diagnostic.file.dropFirst(app.checkout.path.count + 1)) : diagnostic.file
                    return "\(file):\(diagnostic.line): error: \(diagnostic.message)"
                }
                throw .compile(
                    process: "\(app.name)'s \(process.kind.rawValue) (\(process.target))",
                    log: final.appendingPathComponent("build.log").path + " (kept at \(log.path))",
                    errors: errors + outcome.otherErrors)
            }
        }
        let record = ProcessRecord(
            kind: process.kind.rawValue, target: process.target, module: process.moduleName,
            sources: cascade.compiled, excluded: process.excluded, cascaded: cascade.cascaded, seconds: seconds,
            key: key.hex)
        do {
            try record.save(work)
            try FileManager.default.moveItem(at: work, to: final)
        } catch {
            // Another build of the same key got there first: its result is this one.
            try? FileManager.default.removeItem(at: work)
            guard ProcessRecord.load(final) != nil else { throw .io("\(final.path): \(error)") }
        }
        return (record, seconds)
    }

    // MARK: An app's own mutants

    /// The harness's hand-written mutants of an app's own code (an app with
    /// no package: Foqos), when the build asks for them
    /// (`packageMutants`), with the file they come from.
    struct AppMutants {
        var mutants: PackageMutants
        var file: String

        /// The process's files the mutants touch, rewritten as schemata;
        /// nil when it has none of them.
        func rewrite(for texts: [(path: String, text: String)]) throws(GuestBuildError) -> [String: String]? {
            let own = mutants.restricted(to: Set(texts.map(\.path)))
            guard !own.mutants.isEmpty else { return nil }
            let byPath = Dictionary(texts.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
            return try own.rewrite(byPath, mutantsFile: file)
        }
    }

    func appMutants(_ app: GuestApp, harness: GuestHarnessFiles) throws(GuestBuildError) -> AppMutants? {
        guard options.packageMutants, app.package == nil else { return nil }
        let file = harness.directory.appendingPathComponent("package-mutants")
        return AppMutants(mutants: try PackageMutants.load(file), file: file.path)
    }

    // MARK: A package host's modules

    /// The package's library targets a host app links, each compiled as a
    /// module with the app prelude (the emulated clock, ids and defaults
    /// reach the package's code as they reach the app's), or found compiled.
    func packageModules(
        _ package: GuestApp.PackageLink, app: GuestApp, harness: GuestHarnessFiles, compiler: SwiftCompiler,
        version: String, sdk: String, progress: (String) -> Void
    ) throws(GuestBuildError) -> [GuestPackageTests.Module] {
        var rewritten: [String: String] = [:]
        if options.packageMutants {
            let file = harness.directory.appendingPathComponent("package-mutants")
            let mutants = try PackageMutants.load(file)
            var texts: [String: String] = [:]
            for library in package.libraries {
                let sources = package.manifest.sources(of: library, in: app.checkout)
                for (path, text) in try readSources(sources, in: app.checkout) { texts[path] = text }
            }
            rewritten = try mutants.rewrite(texts, mutantsFile: file.path)
        }
        let preludeURL = options.harnesses.appendingPathComponent("common/Prelude.swift")
        guard let prelude = try? String(contentsOf: preludeURL, encoding: .utf8) else {
            throw .notFound("\(preludeURL.path): the guest prelude is missing")
        }
        // A package's public initialisers may name a shadowed member in a
        // default argument (`id: UUID = UUID()`), which must then be
        // `@usableFromInline`; it stays invisible to other modules.
        let libraryPrelude = prelude.components(separatedBy: "\n").map { line in
            line.hasPrefix("    nonisolated ") ? "    @usableFromInline " + line.dropFirst(4) : line
        }.joined(separator: "\n")
        let builder = GuestPackageTests(builder: self)
        let packageName = GuestProcess.moduleName(forTarget: package.manifest.name)
        var modules: [String: GuestPackageTests.Module] = [:]
        var seconds = 0.0
        for library in package.libraries {
            modules[library.name] = try builder.module(
                library, package: package.manifest, packageName: packageName, checkout: app.checkout,
                prelude: libraryPrelude, toolchain: version, sdk: sdk, modules: modules, compiler: compiler,
                seconds: &seconds, progress: progress, rewritten: rewritten)
        }
        return package.libraries.compactMap { modules[$0.name] }
    }

    /// `process` without the files that import a module which does not
    /// compile here, each left out naming the module and its first error.
    /// The app's views its other compiled files name, brought back into
    /// the process (`option app-views reached`): an app whose models and
    /// managers return views (Foqos's strategies) compiles them against the
    /// SwiftUI stand-in, never drawn; one that uses more than the stand-in
    /// has is left out after a failed compile (`CascadeExclusion`), with
    /// what needs it.
    func keepingReachedViews(_ process: GuestProcess, checkout: URL) throws(GuestBuildError) -> GuestProcess {
        let views = process.excluded.filter { $0.reason == GuestAppReader.swiftUIViewReason }.map(\.file)
        guard !views.isEmpty else { return process }
        let reached = Set(
            TestSourceSelection.closure(
                tests: try readSources(process.sources, in: checkout), candidates: try readSources(views, in: checkout))
        )
        var process = process
        process.sources += views.filter { reached.contains($0) }
        process.excluded.removeAll { reached.contains($0.file) && $0.reason == GuestAppReader.swiftUIViewReason }
        return process
    }

    static func leavingOut(
        _ broken: [GuestPackageTests.Module], from process: GuestProcess, checkout: URL
    ) -> GuestProcess {
        guard !broken.isEmpty else { return process }
        var process = process
        process.sources = process.sources.filter { file in
            let text = (try? String(contentsOf: checkout.appendingPathComponent(file), encoding: .utf8)) ?? ""
            let imports = Set(SwiftImports.modules(in: text))
            guard let module = broken.first(where: { imports.contains($0.target) }) else { return true }
            process.excluded.append(
                Exclusion(
                    file: file, reason: "imports \(module.target), which does not compile here: \(module.failure ?? "")"
                ))
            return false
        }
        return process
    }

    // MARK: The build directory

    func writeBuildDirectory(
        app: GuestApp, commit: String?, processes: [(GuestProcess.Kind, ContentKey)],
        excluded: [(GuestProcess.Kind, Exclusion)], omitted: [(GuestProcess.Kind, String)], notes: GuestHarnessNotes
    ) throws(GuestBuildError) -> URL {
        var key = ContentKey.Builder("oal guest build v1")
        key.add(app.checkout.path)
        key.add(commit ?? "")
        for (_, processKey) in processes { key.add(processKey.hex) }
        let buildKey = key.finish()
        let directory = options.cache.appendingPathComponent("builds")
            .appendingPathComponent("\(app.name)-\(buildKey.short)")
        let description = GuestBuildDescription(
            formatVersion: 2, name: app.name, source: app.checkout.path, commit: commit,
            bin: directory.appendingPathComponent("bin").path, membership: app.membershipSource,
            processes: Dictionary(uniqueKeysWithValues: processes.map { ($0.0.rawValue, $0.1.hex) }),
            findings: notes.findings.isEmpty ? nil : notes.findings,
            options: notes.options.isEmpty ? nil : notes.options,
            omitted: omitted.isEmpty ? nil : Dictionary(uniqueKeysWithValues: omitted.map { ($0.0.rawValue, $0.1) }),
            links: GuestBuildDescription.Links(schemes: app.urlSchemes, hosts: app.linkHosts))
        if let existing = GuestBuildDescription.load(directory), existing == description { return directory }
        do {
            let bin = directory.appendingPathComponent("bin")
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            for (kind, processKey) in processes {
                try FileManager.default.createSymbolicLink(
                    atPath: bin.appendingPathComponent(kind.executable).path,
                    withDestinationPath: processDirectory(processKey).appendingPathComponent(kind.executable).path)
            }
            let lines = excluded.map { "\($0.0.rawValue) \($0.1.file) (\($0.1.reason))" }
            try (lines.joined(separator: "\n") + "\n").write(
                to: directory.appendingPathComponent("excluded.txt"), atomically: true, encoding: .utf8)
            try description.save(directory)
        } catch {
            throw .io("\(directory.path): \(error)")
        }
        return directory
    }
}

/// `<build>/guest.json`: what `--guest` reads back.
public struct GuestBuildDescription: Codable, Hashable, Sendable {
    public var formatVersion: Int
    public var name: String
    public var source: String
    public var commit: String?
    public var bin: String
    public var membership: String
    /// Process kind → content key.
    public var processes: [String: String]
    /// The harness's findings that hold for these sources (GuestFinding).
    public var findings: [GuestFinding]?
    /// The harness's spec options for these sources (GuestHarnessNotes).
    public var options: [String: String]?
    /// Process kind → why it was not built (absent: all four were).
    public var omitted: [String: String]?
    /// The URLs the app answers (absent: none): its schemes and the hosts
    /// of its universal links.
    public var links: Links?

    public struct Links: Codable, Hashable, Sendable {
        public var schemes: [String]
        public var hosts: [String]
    }

    init(
        formatVersion: Int, name: String, source: String, commit: String?, bin: String, membership: String,
        processes: [String: String], findings: [GuestFinding]?, options: [String: String]?,
        omitted: [String: String]?, links: Links
    ) {
        self.formatVersion = formatVersion
        self.name = name
        self.source = source
        self.commit = commit
        self.bin = bin
        self.membership = membership
        self.processes = processes
        self.findings = findings
        self.options = options
        self.omitted = omitted
        self.links = links.schemes.isEmpty && links.hosts.isEmpty ? nil : links
    }

    static func load(_ directory: URL) -> GuestBuildDescription? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent("guest.json").path)
        else { return nil }
        return try? JSONDecoder().decode(Self.self, from: data)
    }

    func save(_ directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: directory.appendingPathComponent("guest.json"), options: .atomic)
    }
}

/// `<cache>/processes/<key>/process.json`: one compiled process; its
/// presence means the executable beside it is complete.
struct ProcessRecord: Codable, Sendable {
    var kind: String
    var target: String
    var module: String
    var sources: [String]
    var excluded: [Exclusion]
    var cascaded: [Exclusion]
    var seconds: Double
    var key: String

    static func load(_ directory: URL) -> ProcessRecord? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent("process.json").path),
            let record = try? JSONDecoder().decode(Self.self, from: data),
            FileManager.default.isExecutableFile(
                atPath: directory.appendingPathComponent("oal-\(record.kind)").path)
        else { return nil }
        return record
    }

    func save(_ directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: directory.appendingPathComponent("process.json"), options: .atomic)
    }
}
