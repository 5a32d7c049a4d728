import Foundation

/// The emulator's side of a guest's processes, generated or taken from the
/// app's harness directory (`guest-harness/<app>/`): never the guest's code.
///
/// - every process gets the prelude (`guest-harness/common/Prelude.swift`),
///   its build facts (`BuildInfo.swift`) and, when its sources declare
///   `@Model` classes, their SwiftData schema facts;
/// - an extension gets a `main.swift` that runs its Info.plist's principal
///   class through the harness main of its kind; a report extension (an
///   ExtensionKit extension, whose entry point is its `@main` type) gets
///   that type's conformance to the harness's `GuestReportEntry` instead;
/// - the app gets the harness's `app/*.swift`: its adapter and main.
///
/// An app's entry points change over its history, so a harness file may
/// say which checkouts it is for in its first comment lines:
/// `// guest-harness when: TEXT` (some compiled source of the app contains
/// TEXT) and `// guest-harness unless: TEXT` (none does). A file is used
/// when all its conditions hold.
public struct GuestHarnessFiles: Sendable {
    /// `guest-harness/<app>`.
    public var directory: URL
    /// `guest-harness/common`.
    public var common: URL
    /// Whether the harness has the app's adapter (`app/`). A guest without
    /// one is built as its three extensions alone: the app's screens are
    /// the only entry points no generic main can call.
    public var hasAppAdapter: Bool

    public struct File: Hashable, Sendable {
        public var name: String
        public var contents: String
    }

    /// The harness for `app`: `explicit` when given (it must exist), else
    /// the folder of `harnesses` named after the app (lowercased), which
    /// may be absent: a guest with no harness is built as its extensions,
    /// whose mains are generic.
    public static func locate(
        for app: GuestApp, harnesses: URL, explicit: URL?
    ) throws(GuestBuildError) -> GuestHarnessFiles {
        let directory = explicit ?? harnesses.appendingPathComponent(app.name.lowercased())
        if let explicit, !FileManager.default.fileExists(atPath: explicit.path) {
            throw .notFound("\(explicit.path): no such harness (--harness)")
        }
        return GuestHarnessFiles(
            directory: directory, common: harnesses.appendingPathComponent("common"),
            hasAppAdapter: FileManager.default.fileExists(atPath: directory.appendingPathComponent("app").path))
    }

    /// What the app process does with the app's SwiftUI views.
    public enum AppViews: String, Sendable {
        /// Left out (the default): no screen draws them.
        case leftOut = "left-out"
        /// Those the app's other files name are compiled against the
        /// stand-in (`option app-views reached` in the harness's findings).
        case reached
    }

    /// The harness's `option app-views` for the app's sources (scoped by
    /// `when`/`unless` on the app process's files); an unknown value is
    /// an error naming the file.
    func appViews(
        app: GuestApp, read: ([String], URL) throws(GuestBuildError) -> [(path: String, text: String)]
    ) throws(GuestBuildError) -> AppViews {
        let file = directory.appendingPathComponent("findings")
        guard FileManager.default.fileExists(atPath: file.path), let process = app.process(.app) else {
            return .leftOut
        }
        let notes = try GuestHarnessNotes.load(file, sources: try read(process.sources, app.checkout))
        guard let value = notes.options["app-views"] else { return .leftOut }
        guard let views = AppViews(rawValue: value) else {
            throw .layout("\(file.path): option app-views is '\(value)', not left-out or reached")
        }
        return views
    }

    /// Why the app process is not built, when it is not.
    public var appOmission: String? {
        hasAppAdapter
            ? nil
            : "no harness adapter at \(directory.path)/app: the app's screens and taps have no entry point a generic "
                + "main can call, so only the extensions are built (docs/FOQOS.md)"
    }

    /// The generated and harness files of one process.
    public func files(
        for process: GuestProcess, app: GuestApp, sourceTexts: [(path: String, text: String)]
    ) throws(GuestBuildError) -> [File] {
        var files: [File] = []
        let prelude = common.appendingPathComponent("Prelude.swift")
        guard let preludeText = try? String(contentsOf: prelude, encoding: .utf8) else {
            throw .notFound("\(prelude.path): the guest prelude is missing")
        }
        files.append(File(name: "OALPrelude.swift", contents: preludeText))
        files += try facts(for: process, app: app, sourceTexts: sourceTexts)
        switch process.kind {
        case .app:
            files += try appFiles(sourceTexts: sourceTexts)
        case .report:
            // An ExtensionKit extension's entry point is its own `@main`
            // type; the harness's `main` reaches it through this conformance
            // (`GuestReportEntry`), which hands it the build facts.
            guard let entry = process.principalClass else {
                throw .layout("\(process.target): no `@main` type conforming to DeviceActivityReportExtension")
            }
            files.append(
                File(
                    name: "OALReportEntry.swift",
                    contents: """
                        // Generated by the guest build: \(process.target)'s @main runs through the harness.
                        import GuestHarness

                        extension \(entry): GuestReportEntry {
                            static var oalGuestBuildInfo: GuestBuildInfo { guestBuildInfo }
                        }

                        """))
        case .monitor, .shieldConfig, .shieldAction:
            guard let principal = process.principalClass else {
                throw .layout("\(process.target): its Info.plist names no NSExtensionPrincipalClass")
            }
            let main: String
            switch process.kind {
            case .monitor: main = "MonitorMain"
            case .shieldConfig: main = "ShieldConfigMain"
            default: main = "ShieldActionMain"
            }
            files.append(
                File(
                    name: "main.swift",
                    contents: """
                        // Generated by the guest build: runs \(process.target)'s principal class.
                        import GuestHarness

                        \(main).run(guestBuildInfo) { \(principal)() }

                        """))
        }
        return files
    }

    /// What the build knows of a process that its sources cannot say:
    /// its build facts (`OALBuildInfo.swift`) and, when its sources
    /// declare `@Model` classes, their SwiftData schema facts. No harness
    /// file is needed for these, so an app's unit tests get them too when
    /// the app has no adapter.
    public func facts(
        for process: GuestProcess, app: GuestApp, sourceTexts: [(path: String, text: String)]
    ) throws(GuestBuildError) -> [File] {
        // The app's process runs its App Intents by name (`guest-app intent`).
        let intents = process.kind == .app ? GuestIntentCatalog.scan(sourceTexts).intents.map(\.name) : []
        var files = [
            File(name: "OALBuildInfo.swift", contents: try buildInfo(app, process: process, intents: intents))
        ]
        let models = SwiftDataSchemaGenerator.models(in: sourceTexts)
        if !models.isEmpty {
            files.append(File(name: "OALSwiftDataSchema.swift", contents: SwiftDataSchemaGenerator.source(for: models)))
        }
        if PreviewMacroFile.isNeeded(by: sourceTexts) {
            files.append(File(name: PreviewMacroFile.name, contents: PreviewMacroFile.contents(for: sourceTexts)))
        }
        return files
    }

    /// The harness's `app/*.swift` whose conditions hold for these sources.
    func appFiles(sourceTexts: [(path: String, text: String)]) throws(GuestBuildError) -> [File] {
        let folder = directory.appendingPathComponent("app")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        var files: [File] = []
        for name in names {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else {
                throw .io("\(folder.path)/\(name): cannot be read")
            }
            // Named apart from the app's own files (a module cannot compile two files of one name).
            let generatedName = name == "main.swift" ? name : "OALHarness_" + name
            if Self.conditionsHold(text, sources: sourceTexts) {
                files.append(File(name: generatedName, contents: text))
            }
        }
        guard files.contains(where: { $0.name == "main.swift" }) else {
            throw .notFound("\(folder.path)/main.swift: the harness has no app main for these sources")
        }
        return files
    }

    /// Whether every `guest-harness when:` / `unless:` line of `text` holds.
    static func conditionsHold(_ text: String, sources: [(path: String, text: String)]) -> Bool {
        for line in text.split(separator: "\n").prefix(30) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            for (marker, wanted) in [("// guest-harness when:", true), ("// guest-harness unless:", false)] {
                guard trimmed.hasPrefix(marker) else { continue }
                let needle = trimmed.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
                let found = sources.contains { $0.text.contains(needle) }
                if found != wanted { return false }
            }
        }
        return true
    }

    /// The App Groups and the string catalogs, compiled in (as an app
    /// bundles its catalogs): nothing in it names the checkout's path, so
    /// equal sources anywhere are one build.
    func buildInfo(_ app: GuestApp, process: GuestProcess, intents: [String] = []) throws(GuestBuildError) -> String {
        func literal(_ text: String) -> String {
            var hashes = "#"
            while text.contains("\"" + hashes) { hashes += "#" }
            return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
        }
        var catalogs: [String] = []
        for path in app.stringCatalogs {
            let url = app.checkout.appendingPathComponent(path)
            guard let json = try? String(contentsOf: url, encoding: .utf8) else {
                throw .io("\(url.path): the string catalog cannot be read")
            }
            let table = (url.lastPathComponent as NSString).deletingPathExtension
            catalogs.append("(table: \(literal(table)), json: \(literal(json)))")
        }
        let groups = app.appGroups.map(literal).joined(separator: ", ")
        let intentList =
            intents.isEmpty
            ? "" : ",\n    intents: [" + intents.map { "\"\($0)\": \($0).self" }.joined(separator: ", ") + "]"
        return """
            // Generated by the guest build: the app's App Groups, string catalogs and this process's Info.plist.
            import GuestHarness
            \(intents.isEmpty ? "" : "import AppIntents\n")
            let guestBuildInfo = GuestBuildInfo(
                appGroups: [\(groups)],
                stringCatalogs: [\(catalogs.joined(separator: ",\n"))],
                bundleInfo: \(literal(process.infoPlist))\(intentList))

            """
    }
}
