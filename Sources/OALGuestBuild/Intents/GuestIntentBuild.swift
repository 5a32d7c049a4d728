import Foundation

/// Compiles an app's App Intents against the stand-ins, with the app files
/// they reach (`TestSourceSelection`) and the build's generated facts, as
/// the module its unit tests are built against is compiled: a reached
/// file that cannot be built here (a view beyond the SwiftUI stand-in) is
/// left out with its reason (`CascadeExclusion`), an intent left out so is
/// a failure. Whether the intents a Shortcuts automation would run build
/// here with zero edits (issue 37; Foqos's).
public struct GuestIntentBuild: Sendable {
    public let builder: GuestBuilder

    public init(builder: GuestBuilder) { self.builder = builder }

    public struct Result: Sendable {
        public var catalog: GuestIntentCatalog
        /// The app files compiled with the intents.
        public var files: [String]
        /// Reached files left out, each with why.
        public var leftOut: [Exclusion]
        /// Intents whose file was left out, with the reason.
        public var failed: [(intent: String, reason: String)]
        public var seconds: Double
    }

    public func run(
        checkout: URL, work: URL, progress: (String) -> Void = { _ in }
    ) throws(GuestBuildError) -> Result {
        try builder.checkSDK()
        let app = try GuestAppReader.read(checkout)
        guard let process = app.process(.app) else { throw .layout("\(app.name): no app target") }
        let options = builder.options
        // As for the app's unit tests: its compiled files and its views
        // (the stand-in type-checks them), not a file left out for an
        // import with no stand-in (Charts).
        let candidates = try builder.readSources(
            process.sources
                + process.excluded.filter { $0.reason == GuestAppReader.swiftUIViewReason }.map(\.file),
            in: app.checkout)
        let catalog = GuestIntentCatalog.scan(candidates)
        guard !catalog.intents.isEmpty else { throw .layout("\(app.name): its app target declares no App Intent") }
        let intentFiles = Set(catalog.intents.map(\.file))
        let roots = candidates.filter { intentFiles.contains($0.path) }
        let reached = TestSourceSelection.closure(tests: roots, candidates: candidates)
        let selection = candidates.map(\.path).filter { intentFiles.contains($0) || reached.contains($0) }
        let preludeURL = options.harnesses.appendingPathComponent("common/TestPrelude.swift")
        guard let prelude = try? String(contentsOf: preludeURL, encoding: .utf8) else {
            throw .notFound("\(preludeURL.path): the test prelude is missing")
        }
        let compiler = SwiftCompiler(swiftc: options.swiftc, environment: options.environment)
        var seconds = 0.0
        let module = try GuestUnitTests(builder: builder).appModule(
            app: app, process: process, sources: selection, cascade: true, prelude: prelude, directory: work,
            compiler: compiler, seconds: &seconds, progress: progress)
        let failed = catalog.intents.compactMap { intent -> (String, String)? in
            guard !module.sources.contains(intent.file) else { return nil }
            let reason = module.cascaded.first { $0.file == intent.file }?.reason ?? "left out"
            return (intent.name, reason)
        }
        return Result(
            catalog: catalog, files: module.sources, leftOut: module.cascaded, failed: failed, seconds: seconds)
    }
}
