import Foundation

/// The app module a guest's unit tests are compiled against
/// (`GuestUnitTests`), and why a test file that needs a left-out file of
/// it does not compile.
extension GuestUnitTests {
    /// The app module the tests are compiled against.
    struct AppModule {
        var directory: URL
        var library: URL
        var sources: [String]
        /// Files of the selection left out because they cannot be built here.
        var cascaded: [Exclusion]
        /// Declarations of the left-out files, by name.
        var leftOut: [String: Exclusion]

        /// Why a test file does not compile: the left-out app file its
        /// errors name, when they all name one, else its first error.
        func reason(for errors: [SwiftCompiler.Diagnostic]) -> String {
            let names = errors.map { CascadeExclusion.missingName($0.message) }
            if let name = names.first ?? nil, names.allSatisfy({ $0.map { leftOut[$0] != nil } ?? false }) {
                return "needs " + chain(from: name)
            }
            return errors.first.map { "line \($0.line): \($0.message)" } ?? "does not compile"
        }

        /// `NAME (FILE) -> NAME (FILE): ROOT REASON`: from a name a test
        /// needs, through each left-out file that took the next one along, to
        /// the file that could not be built here and why.
        func chain(from name: String) -> String {
            var steps: [String] = []
            var current = name
            var visited: Set<String> = []
            while let exclusion = leftOut[current], visited.insert(exclusion.file).inserted {
                steps.append("\(current) (\(exclusion.file))")
                // CascadeExclusion's words: `uses NAME, declared in the left-out FILE`.
                guard exclusion.reason.hasPrefix("uses "), exclusion.reason.contains(", declared in the left-out "),
                    let next = exclusion.reason.dropFirst(5).split(separator: ",").first
                else { return steps.joined(separator: " -> ") + ": " + exclusion.reason }
                current = String(next)
            }
            return steps.joined(separator: " -> ")
        }
    }

    /// Compiles the app's sources as one module with `-enable-testing`, or
    /// finds it compiled. With `cascade`, a file that cannot be built here
    /// is left out as in a process's build (`CascadeExclusion`), and its
    /// declarations are remembered to explain a test file that needs them.
    func appModule(
        app: GuestApp, process: GuestProcess, sources: [String], cascade: Bool, prelude: String, directory: URL,
        compiler: SwiftCompiler, seconds: inout Double, progress: (String) -> Void
    ) throws(GuestBuildError) -> AppModule {
        let options = builder.options
        let folder = directory.appendingPathComponent("module")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let library = folder.appendingPathComponent("lib\(process.moduleName).a")
        let stateFile = folder.appendingPathComponent("app-module.json")
        var selection = process
        selection.sources = sources
        selection.excluded = process.excluded.filter { !sources.contains($0.file) }
        let texts = try builder.readSources(sources, in: app.checkout)
        var exclusion = CascadeExclusion(app: app, process: selection, texts: texts)
        if FileManager.default.fileExists(atPath: library.path),
            let data = FileManager.default.contents(atPath: stateFile.path),
            let state = try? JSONDecoder().decode(AppModuleState.self, from: data)
        {
            return AppModule(
                directory: folder, library: library, sources: state.sources, cascaded: state.cascaded,
                leftOut: Self.declarations(of: state.cascaded + selection.excluded, in: app.checkout))
        }
        let harness = try GuestHarnessFiles.locate(for: app, harnesses: options.harnesses, explicit: options.harness)
        progress("compiling \(app.name)'s app module for its tests (\(sources.count) files)")
        let log = directory.appendingPathComponent("app-module.log")
        while true {
            let kept = texts.filter { exclusion.compiled.contains($0.path) }
            var inputs = exclusion.compiled.map { app.checkout.appendingPathComponent($0).path }
            let generated =
                try harness.facts(for: process, app: app, sourceTexts: kept)
                + [GuestHarnessFiles.File(name: "OALTestPrelude.swift", contents: prelude)]
            for file in generated { inputs.append(try write(file, "generated/app", in: directory)) }
            let outcome = try compiler.run(
                process.settings.flags + [
                    "-module-name", process.moduleName, "-parse-as-library", "-enable-testing", "-wmo",
                    "-num-threads", "\(options.jobs)", "-Onone", "-suppress-warnings", "-I", options.sdkModules.path,
                ] + options.macroPluginFlags + [
                    "-emit-module-path", folder.appendingPathComponent("\(process.moduleName).swiftmodule").path,
                    "-emit-library", "-static", "-o", library.path + ".tmp",
                ] + inputs, log: log)
            seconds += outcome.seconds
            if outcome.succeeded { break }
            let before = exclusion.cascaded.count
            guard cascade, try exclusion.exclude(after: outcome, checkout: app.checkout) else {
                throw .compile(
                    process: "\(app.name)'s app module (for its tests)", log: log.path,
                    errors: (exclusion.causes(of: outcome.errors) + outcome.errors).map(\.description)
                        + outcome.otherErrors)
            }
            for left in exclusion.cascaded[before...] {
                progress("left out of the app module: \(left.file) (\(left.reason))")
            }
        }
        do { try FileManager.default.moveItem(atPath: library.path + ".tmp", toPath: library.path) } catch {
            throw .io("\(library.path): \(error)")
        }
        let state = AppModuleState(sources: exclusion.compiled, cascaded: exclusion.cascaded)
        try? JSONEncoder().encode(state).write(to: stateFile)
        return AppModule(
            directory: folder, library: library, sources: state.sources, cascaded: state.cascaded,
            leftOut: Self.declarations(of: state.cascaded + selection.excluded, in: app.checkout))
    }

    struct AppModuleState: Codable {
        var sources: [String]
        var cascaded: [Exclusion]
    }

    /// The names each left-out file declares.
    static func declarations(of exclusions: [Exclusion], in checkout: URL) -> [String: Exclusion] {
        var names: [String: Exclusion] = [:]
        for exclusion in exclusions {
            let text =
                (try? String(contentsOf: checkout.appendingPathComponent(exclusion.file), encoding: .utf8)) ?? ""
            for name in CascadeExclusion.declarations(in: text) where names[name] == nil { names[name] = exclusion }
        }
        return names
    }

    func write(_ file: GuestHarnessFiles.File, _ folder: String, in directory: URL) throws(GuestBuildError) -> String {
        let url = directory.appendingPathComponent(folder).appendingPathComponent(file.name)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do { try file.contents.write(to: url, atomically: true, encoding: .utf8) } catch {
            throw .io("\(url.path): \(error)")
        }
        return url.path
    }
}
