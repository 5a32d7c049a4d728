import Foundation
import OALEmulator
import OALExplore
import OALGuestBuild
import OALGuestExplore
import OALProcesses
import OALSystem

// `oal-device guest ...` and `--guest`: the real app's checkouts built
// against GuestSDK (docs/GUEST.md). The command line is the only place
// that reads the environment (PATH for swiftc and git) and the
// executable's location (the SDK beside it); the library is handed both.

let guestUsage = """
      guest build PATH|REPO@REV [options]
          Build a checkout of a real app (or one commit of its repository) as the four processes,
          against GuestSDK, into a cache keyed by content: an unchanged checkout is reused with no
          compiler call (docs/GUEST.md). Prints the build directory --guest takes.
          --harness DIR           the app's harness directory (default guest-harness/<app>)
          --cache DIR             the build cache (default guest-cache beside the build directory)
          --sdk DIR               where GuestSDK was built (default: beside oal-device)
          --no-build              only find the build (exit 69 when there is none)
          --quiet                 no progress
          Exit 0 built, 65 the app does not build against the stand-ins (each error listed), 66 no such
          checkout, 69 no swiftc, git or GuestSDK (or, --no-build, no build), 74 I/O.
      guest test PATH|REPO@REV [options]
          Compile the app's own unit tests (its Xcode unit-test target) against its sources and GuestSDK,
          run them with Swift Testing and XCTest, and report each test file: passed, failed, not compiled
          (with the first error) or skipped (with the reason), then each test. A SwiftPM package (a
          Package.swift, no Xcode project) has each test target built against its library targets.
          --filter REGEX          only the tests whose names match
          --markdown FILE         also write the report as Markdown to FILE
          --json FILE             also write the report as JSON to FILE
          --harness DIR           the app's harness directory (default guest-harness/<app>)
          --cache DIR             the build cache (default guest-cache beside the build directory)
          --sdk DIR               where GuestSDK was built (default: beside oal-device)
          --quiet                 no progress
          Exit 0 every test file compiled and every test passed, 1 otherwise, 65, 66, 69 as guest build.
      guest intents PATH|REPO@REV [options]
          List the app's App Intents (types conforming to AppIntent or a refinement of it) and type-check
          them with the app files they reach against the stand-ins' AppIntents.
          --harness DIR, --cache DIR, --sdk DIR as guest build
          Exit 0 they type-check, 65 they do not (each error listed), 66 no such checkout, 69 no swiftc
          or GuestSDK.
      guest history REPO [options]
          Every commit of REPO's first-parent line (or every commit), oldest first: checked out into the
          cache, built, and SCENARIO played forked. Prints a table: commit, builds?, the verdict.
          --all                   every commit, not only the first-parent line
          --from REV              start at REV (an ancestor of --to on that line)
          --to REV                end at REV (default HEAD)
          --scenario FILE         the scenario played (default scenarios/demo-day.scenario)
          --seed N                the seed of each run (default: the scenario's seed line)
          --work DIR              where the device roots go (default $TMPDIR/oal-history-PID, kept and printed)
          --markdown FILE         also write the table as Markdown to FILE
          --json FILE             also write the rows as JSON to FILE
          --harness DIR           the app's harness directory (default guest-harness/<app>)
          --cache DIR             the build cache (default guest-cache beside the build directory)
          --sdk DIR               where GuestSDK was built (default: beside oal-device)
          Exit 0 every commit built and played, 1 otherwise, 64 usage, 66 no such repository or scenario.
      guest mutate PATH|REPO@REV [options]
          A mutation score on the app's enforcement code (Shared/ and the extensions): a copy with every
          site as mutant schemata, built once; each mutant (negated condition, swapped comparison,
          constant + 1, deleted statement, early return) played on the scenarios with OAL_MUTANT=guest-N,
          killed when a verdict changes or a run times out. A site no unmutated run reaches is not covered:
          not played, and counted against the score (killed / (killed + survived + not covered)). Equivalent:
          guest-harness/<app>/mutants-equivalent or --equivalent, lines `FILE[:LINE[:OPERATOR:ORIGINAL]] -- REASON`.
          --scenario FILE,FILE    the scenarios (default: the demo day and scenarios/mutation/)
          --generated-days S,S... also the generated days of these seeds, with their fault mix, after the
                                  scenarios ('none': no day; default: guest-harness/<app>/mutation-seeds
                                  with the default scenarios, none with --scenario)
          --limit N               only N mutants, evenly spread
          --equivalent FILE       the equivalent mutants (default: the harness's mutants-equivalent)
          --timeout S             a run longer than S seconds kills its mutant (default 120)
          --seed N                the seed of each run (default: the scenario's seed line)
          --work DIR              where the copy and runs go (default $TMPDIR/oal-mutate-PID, removed at the end)
          --markdown FILE         also write the table as Markdown to FILE
          --json FILE             also write the report as JSON to FILE
          --harness DIR           the app's harness directory (default guest-harness/<app>)
          --cache DIR             the build cache (default guest-cache beside the build directory)
          --sdk DIR               where GuestSDK was built (default: beside oal-device)
          --quiet                 no progress
          Exit 0 scored, 64 usage, 65 a bad harness file, 66 no such file.
      guest contract CHECKOUT [options]
          A guest's own checks held to its hand-written mutants (guest-harness/<app>/package-mutants): a
          package's sample host app (its package's code mutated), or an app with a spec model of its own
          (Foqos: its app's code), is built once with every mutant as a schema, in a copy of each file it
          touches. Each day the mutants name (their `scenario` line, else SCENARIO) played unmutated must break
          none of the checks the mutants name, and each mutant played (OAL_MUTANT=guest-N) on its day must
          break the one it names. Prints a row per run: the mutant, its day, the check it must fail, what failed.
          --scenario FILE         the day of mutants that name none (default scenarios/guests/intervention-day.scenario)
          --seed N                the seed of each run (default: the scenario's seed line)
          --work DIR              where the device roots go (default $TMPDIR/oal-contract-PID, kept and printed)
          --harness DIR, --cache DIR, --sdk DIR as guest build
          Exit 0 every row as expected, 1 otherwise, 64 usage, 65 a bad mutants file, 66 no such checkout.
      bisect --guest REPO GOOD BAD SCENARIO [options]
          The first commit between GOOD and BAD at which SCENARIO's verdict changes (exit status, violations
          by check, failed expectations): a binary search over the first-parent line, then inside the merged
          branch. Prints the commit, its subject, both verdicts and the command that reproduces it.
          --guest REPO            the app's git repository (or bundle)
          --seed N                the seed of each run (default: the scenario's seed line)
          --work DIR              where the device roots go (default $TMPDIR/oal-bisect-PID, kept and printed)
          --harness DIR           the app's harness directory (default guest-harness/<app>)
          --cache DIR             the build cache (default guest-cache beside the build directory)
          --sdk DIR               where GuestSDK was built (default: beside oal-device)
          Exit 0 found, 1 GOOD and BAD behave the same (or one of them does not build), 64 usage,
          69 no swiftc or git.
    """

/// The words `oal-device guest` takes first.
let guestSubcommands = ["build", "test", "history", "mutate", "check", "contract"]

/// The options every guest command shares, from the command line.
func guestBuildOptions(_ parsed: ParsedArguments) throws -> GuestBuildOptions {
    let environment = ProcessInfo.processInfo.environment
    let executableDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent()
    let sdk = parsed.value("sdk").map { URL(fileURLWithPath: $0) } ?? executableDirectory
    let cache =
        parsed.value("cache").map { URL(fileURLWithPath: $0) }
        ?? sdk.deletingLastPathComponent().appendingPathComponent("guest-cache")
    guard let swiftc = findExecutable("swiftc", environment: environment) else {
        throw ProcessFailure(.unavailable, "swiftc is not on the PATH (guest builds compile with it)")
    }
    guard let git = findExecutable("git", environment: environment) else {
        throw ProcessFailure(.unavailable, "git is not on the PATH")
    }
    guard let harnesses = findHarnesses(from: executableDirectory) else {
        throw ProcessFailure(
            .notFound, "guest-harness/ not found above \(executableDirectory.path) or in the current directory")
    }
    return GuestBuildOptions(
        swiftc: swiftc, git: git, sdk: sdk, cache: cache, harnesses: harnesses,
        harness: parsed.value("harness").map { URL(fileURLWithPath: $0).standardizedFileURL }, jobs: 2,
        environment: environment)
}

func findExecutable(_ name: String, environment: [String: String]) -> String? {
    for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// `guest-harness/` of this checkout of the emulator: in the current
/// directory, or above the executable (`.build/debug/oal-device`).
func findHarnesses(from executableDirectory: URL) -> URL? {
    checkoutCandidates(from: executableDirectory).map { $0.appendingPathComponent("guest-harness") }
        .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("common/Prelude.swift").path) }
}

/// Where this checkout of the emulator may be: the current directory, then
/// the executable's directory and five above it (`.build/debug/oal-device`).
func checkoutCandidates(from executableDirectory: URL) -> [URL] {
    var candidates = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    var directory = executableDirectory
    for _ in 0..<5 {
        candidates.append(directory)
        directory = directory.deletingLastPathComponent()
    }
    return candidates
}

func guestFailure(_ error: GuestBuildError) -> ProcessFailure {
    let code = ExitCode(rawValue: error.exitCode) ?? .internalError
    // Every compile error, one a line: a guest's first build is the list
    // of APIs the stand-ins lack, and the one-line failure is capped.
    if case .compile(let process, let log, let errors) = error {
        StandardStream.error.write(errors.map { "\(tool): \($0)\n" }.joined())
        return ProcessFailure(
            code,
            "\(process): \(errors.count) compile error(s) against the emulator's stand-ins, listed above (log: \(log))")
    }
    return ProcessFailure(code, error.description)
}

/// The build directory `--guest TEXT` names, building it unless `noBuild`,
/// and what a reproduce line should name instead of that cache path: the
/// checkout, or `REPO@COMMIT` with the revision pinned (nil for a build
/// directory given as such).
func resolveGuest(_ text: String, parsed: ParsedArguments, quiet: Bool) throws -> (build: URL, source: String?) {
    do {
        switch GuestReference.parse(text) {
        case .build(let directory):
            return (directory, nil)
        case .checkout(let checkout):
            let builder = GuestBuilder(options: try guestBuildOptions(parsed))
            let build = try buildGuest(builder, checkout: checkout, commit: nil, parsed: parsed, quiet: quiet)
            return (build.directory, text)
        case .revision(let repository, let revision):
            let options = try guestBuildOptions(parsed)
            let repo = try GitRepository(repository, options: options)
            let commit = try repo.commit(revision)
            let checkout = try repo.checkout(commit)
            let build = try buildGuest(
                GuestBuilder(options: options), checkout: checkout, commit: commit, parsed: parsed, quiet: quiet)
            return (build.directory, "\(repository)@\(commit)")
        }
    } catch let error as GuestBuildError {
        throw guestFailure(error)
    }
}

func buildGuest(
    _ builder: GuestBuilder, checkout: URL, commit: String?, parsed: ParsedArguments, quiet: Bool
) throws(GuestBuildError) -> GuestBuilder.Result {
    let result = try builder.build(
        checkout: checkout, commit: commit, mode: parsed.has("no-build") ? .lookup : .build,
        progress: { message in if !quiet { StandardStream.error.write("\(tool): \(message)\n") } })
    if !quiet {
        let compiled = result.processes.filter { $0.compiledSeconds != nil }.map(\.kind.rawValue)
        let what = compiled.isEmpty ? "reused from the cache" : "compiled \(compiled.joined(separator: ", "))"
        StandardStream.error.write(
            "\(tool): guest \(result.app.name) from \(checkout.path)\(commit.map { " at \($0.prefix(10))" } ?? ""): "
                + "\(what) in \(String(format: "%.2f", result.seconds)) s (membership: \(result.app.membershipSource); "
                + "\(result.excluded.count) file(s) left out, listed in \(result.directory.path)/excluded.txt)\n")
        for (kind, reason) in result.omitted {
            StandardStream.error.write(
                "\(tool): guest \(result.app.name): its \(kind.rawValue) is not built: \(reason)\n")
        }
    }
    return result
}

func guestCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    let subcommand = try parsed.positional(0, "SUBCOMMAND (build)")
    switch subcommand {
    case "build":
        let target = try parsed.positional(1, "PATH or REPO@REV")
        try parsed.expectAtMost(2)
        let directory = try resolveGuest(target, parsed: parsed, quiet: parsed.has("quiet")).build
        print(directory.path)
        return .done
    case "test":
        let target = try parsed.positional(1, "PATH or REPO@REV")
        try parsed.expectAtMost(2)
        return try unitTestCommand(target, parsed)
    case "history":
        let repositoryPath = try parsed.positional(1, "REPO")
        try parsed.expectAtMost(2)
        return try historyCommand(repositoryPath, parsed)
    case "intents":
        let target = try parsed.positional(1, "PATH or REPO@REV")
        try parsed.expectAtMost(2)
        return try intentsCommand(target, parsed)
    case "mutate":
        let target = try parsed.positional(1, "PATH or REPO@REV")
        try parsed.expectAtMost(2)
        return try mutateCommand(target, parsed)
    case "check":
        let target = try parsed.positional(1, "PATH or REPO@REV")
        try parsed.expectAtMost(2)
        return try checkCommand(parsed, guest: target)
    case "contract":
        let target = try parsed.positional(1, "PACKAGE")
        try parsed.expectAtMost(2)
        return try contractCommand(target, parsed)
    default:
        throw ProcessFailure.usage(
            "guest: unknown subcommand '\(subcommand)' (build, test, intents, history, mutate, check, contract)")
    }
}

/// A checkout directory, or `REPO@REV` checked out into the cache.
func checkoutOf(_ target: String, options: GuestBuildOptions, command: String) throws -> URL {
    do {
        switch GuestReference.parse(target) {
        case .build:
            throw ProcessFailure.usage("guest \(command): give the checkout or REPO@REV, not a build directory")
        case .checkout(let url): return url.standardizedFileURL
        case .revision(let repository, let revision):
            let repo = try GitRepository(repository, options: options)
            return try repo.checkout(try repo.commit(revision)).standardizedFileURL
        }
    } catch let error as GuestBuildError {
        throw guestFailure(error)
    }
}

/// The app's App Intents, listed and type-checked against the stand-ins
/// with the app files they reach.
func intentsCommand(_ target: String, _ parsed: ParsedArguments) throws -> ExitCode {
    let options = try guestBuildOptions(parsed)
    let quiet = parsed.has("quiet")
    do {
        let checkout = try checkoutOf(target, options: options, command: "intents")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("oal-intents-\(getpid())")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try GuestIntentBuild(builder: GuestBuilder(options: options)).run(
            checkout: checkout, work: work
        ) { message in if !quiet { StandardStream.error.write("\(tool): \(message)\n") } }
        for intent in result.catalog.intents {
            let failure = result.failed.first { $0.intent == intent.name }
            print("\(intent.name)  \(intent.file)\(failure.map { "  NOT COMPILED: \($0.reason)" } ?? "")")
        }
        print(
            "\(result.catalog.intents.count - result.failed.count) of \(result.catalog.intents.count) App Intent(s) "
                + "compile against the stand-ins with \(result.files.count) app files "
                + "(\(result.leftOut.count) reached file(s) left out; \(String(format: "%.1f", result.seconds)) s)")
        return result.failed.isEmpty ? .done : .data
    } catch let error as GuestBuildError {
        throw guestFailure(error)
    }
}

func unitTestCommand(_ target: String, _ parsed: ParsedArguments) throws -> ExitCode {
    let options = try guestBuildOptions(parsed)
    let quiet = parsed.has("quiet")
    do {
        let checkout = try checkoutOf(target, options: options, command: "test")
        let filter = parsed.value("filter").map { [$0] } ?? []
        let progress: (String) -> Void = { message in
            if !quiet { StandardStream.error.write("\(tool): \(message)\n") }
        }
        // A SwiftPM package (no Xcode project) is tested target by target.
        let builder = GuestBuilder(options: options)
        let report =
            SwiftPackageManifest.isPackage(checkout)
            ? try GuestPackageTests(builder: builder).run(checkout: checkout, filter: filter, progress: progress)
            : try GuestUnitTests(builder: builder).run(checkout: checkout, filter: filter, progress: progress)
        let table = GuestUnitTestTable.render(report)
        print(table, terminator: "")
        if let path = parsed.value("markdown") { try table.write(toFile: path, atomically: true, encoding: .utf8) }
        if let path = parsed.value("json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: URL(fileURLWithPath: path))
        }
        // A file that did not compile holds tests that never ran: the run
        // cannot pass by losing one (a skipped file was left out on purpose).
        let notCompiled = report.files.filter { $0.status == .notCompiled }.count
        if notCompiled > 0 {
            StandardStream.error.write(
                "\(tool): \(notCompiled) test file\(notCompiled == 1 ? "" : "s") did not compile; "
                    + "\(notCompiled == 1 ? "its tests" : "their tests") did not run (each is listed with why)\n")
        }
        return report.failed == 0 && notCompiled == 0 ? .done : .checkFailed
    } catch let error as GuestBuildError {
        throw guestFailure(error)
    }
}

/// The scenario player every history and bisect run uses.
func scenarioPlayer(_ scenario: String, parsed: ParsedArguments) throws -> GuestScenarioRun {
    guard FileManager.default.fileExists(atPath: scenario) else {
        throw ProcessFailure(.notFound, "\(scenario): no such scenario file")
    }
    var seed: UInt64?
    if let text = parsed.value("seed") {
        guard let value = UInt64(text) else { throw ProcessFailure.usage("--seed: '\(text)' is not a whole number") }
        seed = value
    }
    return GuestScenarioRun(
        binDirectory: binDirectory.path, scenario: URL(fileURLWithPath: scenario).standardizedFileURL.path,
        seed: seed)
}

func workDirectory(_ parsed: ParsedArguments, _ name: String) throws -> URL {
    let url =
        try parsed.value("work").map { _ in URL(fileURLWithPath: try creatableDirectory(parsed, "work")) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("oal-\(name)-\(getpid())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func historyCommand(_ repositoryPath: String, _ parsed: ParsedArguments) throws -> ExitCode {
    let options = try guestBuildOptions(parsed)
    let player = try scenarioPlayer(parsed.value("scenario") ?? "scenarios/demo-day.scenario", parsed: parsed)
    let work = try workDirectory(parsed, "history")
    do {
        let repository = try GitRepository(repositoryPath, options: options)
        let to = try repository.commit(parsed.value("to") ?? "HEAD")
        var commits = try repository.revisions((parsed.has("all") ? [] : ["--first-parent"]) + [to])
        if let text = parsed.value("from") {
            let from = try repository.commit(text)
            guard let index = commits.firstIndex(of: from) else {
                throw ProcessFailure.usage(
                    "--from \(text): not an ancestor of \(parsed.value("to") ?? "HEAD") on that line")
            }
            commits = Array(commits[index...])
        }
        let history = GuestHistory(
            repository: repository, builder: GuestBuilder(options: options), player: player, work: work)
        var rows: [GuestHistory.Row] = []
        let started = Date()
        for (index, commit) in commits.enumerated() {
            let row = history.row(commit)
            rows.append(row)
            let state = row.builds ? (row.verdict.map(\.description) ?? "not played") : "does not build"
            StandardStream.error.write(
                "\(tool): [\(index + 1)/\(commits.count)] \(row.short) \(row.subject.prefix(50)): \(state) "
                    + "(build \(String(format: "%.1f", row.buildSeconds)) s, play \(String(format: "%.1f", row.playSeconds)) s)\n"
            )
        }
        let table = GuestHistory.table(rows)
        print(table, terminator: "")
        let built = rows.filter(\.builds).count
        let played = rows.filter { $0.verdict != nil }.count
        let summary =
            "\(built) of \(rows.count) commits build, \(played) played \(URL(fileURLWithPath: player.scenario).lastPathComponent) "
            + "(\(String(format: "%.0f", Date().timeIntervalSince(started))) s; device roots in \(work.path))"
        print("\n" + summary)
        if let path = parsed.value("markdown") {
            try (table + "\n" + summary + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        if let path = parsed.value("json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(rows).write(to: URL(fileURLWithPath: path))
        }
        return built == rows.count && played == rows.count ? .done : .checkFailed
    } catch let error as GuestBuildError {
        throw guestFailure(error)
    }
}

func bisectCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    guard let repositoryPath = parsed.value("guest") else {
        throw ProcessFailure.usage("bisect: --guest REPO is required (the app's git repository or bundle)")
    }
    let good = try parsed.positional(0, "GOOD")
    let bad = try parsed.positional(1, "BAD")
    let scenario = try parsed.positional(2, "SCENARIO")
    try parsed.expectAtMost(3)
    let options = try guestBuildOptions(parsed)
    let player = try scenarioPlayer(scenario, parsed: parsed)
    let work = try workDirectory(parsed, "bisect")
    do {
        let repository = try GitRepository(repositoryPath, options: options)
        let history = GuestHistory(
            repository: repository, builder: GuestBuilder(options: options), player: player, work: work)
        let started = Date()
        let outcome = try GuestBisect(history: history).run(good: good, bad: bad, repositoryName: repositoryPath) {
            step in
            StandardStream.error.write(
                "\(tool): bisect: \(step.short) \(step.subject.prefix(50)) [\(step.note)]: "
                    + "\(step.verdict.map(\.description) ?? "does not build (skipped)")\n")
        }
        print(
            """
            first changed commit: \(outcome.short) \(outcome.subject)
              before (its parent): \(outcome.before)
              after:               \(outcome.after)
              GOOD \(good): \(outcome.goodVerdict)
              BAD  \(bad): \(outcome.badVerdict)
            \(outcome.steps.count) commits built and played of \(outcome.candidates) candidates, in \(String(format: "%.0f", Date().timeIntervalSince(started))) s (device roots in \(work.path))
            reproduce: \(outcome.reproduce)
            """)
        return .done
    } catch let error as GuestBisect.Failure {
        throw ProcessFailure(.checkFailed, error.description)
    } catch let error as GuestBuildError {
        throw guestFailure(error)
    }
}

func mutateCommand(_ target: String, _ parsed: ParsedArguments) throws -> ExitCode {
    let options = try guestBuildOptions(parsed)
    let checkout = try checkoutOf(target, options: options, command: "mutate")
    let quiet = parsed.has("quiet")
    var scenarios = parsed.value("scenario")?.split(separator: ",").map(String.init) ?? []
    // The harness's fixed seeds go with the default scenarios; a run of
    // chosen scenarios plays days only when asked.
    var seeds: MutationSeeds? = scenarios.isEmpty ? nil : MutationSeeds.none
    if let text = parsed.value("generated-days") {
        do {
            seeds = try MutationSeeds.parse(text, path: "--generated-days")
        } catch {
            throw ProcessFailure.usage(error.description)
        }
    }
    if scenarios.isEmpty {
        scenarios = ["scenarios/demo-day.scenario"]
        let extra = (try? FileManager.default.contentsOfDirectory(atPath: "scenarios/mutation")) ?? []
        scenarios += extra.filter { $0.hasSuffix(".scenario") }.sorted().map { "scenarios/mutation/" + $0 }
    }
    var timeout: TimeInterval = 120
    if let text = parsed.value("timeout") {
        guard let value = TimeInterval(text), value > 0 else {
            throw ProcessFailure.usage("--timeout: '\(text)' is not a number of seconds")
        }
        timeout = value
    }
    var limit: Int?
    if let text = parsed.value("limit") {
        guard let value = Int(text), value > 0 else { throw ProcessFailure.usage("--limit: '\(text)' is not a count") }
        limit = value
    }
    let players = try scenarios.map { scenario -> GuestScenarioRun in
        var player = try scenarioPlayer(scenario, parsed: parsed)
        player.timeout = timeout
        return player
    }
    var equivalent: EquivalentMutants?
    if let path = parsed.value("equivalent") {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ProcessFailure(.notFound, "\(path): no such file (the equivalent mutants)")
        }
        do {
            equivalent = try EquivalentMutants.load(URL(fileURLWithPath: path))
        } catch {
            throw ProcessFailure(.data, error.description)
        }
    }
    let work = try workDirectory(parsed, "mutate")
    // Its own work directory (no --work) holds a copy and scratch roots
    // nothing reports: removed at the end.
    defer { if parsed.value("work") == nil { try? FileManager.default.removeItem(at: work) } }
    let mutation = GuestMutation(
        checkout: checkout, builder: GuestBuilder(options: options), players: players, seeds: seeds, work: work,
        limit: limit,
        equivalent: equivalent, exclude: GuestMutation.notEnforcement
    ) { message in if !quiet { StandardStream.error.write("\(tool): \(message)\n") } }
    do {
        let report = try mutation.run()
        let table = MutationTable.render(report)
        print(table, terminator: "")
        if let path = parsed.value("markdown") { try table.write(toFile: path, atomically: true, encoding: .utf8) }
        if let path = parsed.value("json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: URL(fileURLWithPath: path))
        }
        return .done
    } catch let error as GuestBuildError {
        throw guestFailure(error)
    }
}

/// `guest contract`: the package's contract checks against its mutants.
func contractCommand(_ target: String, _ parsed: ParsedArguments) throws -> ExitCode {
    let options = try guestBuildOptions(parsed)
    let checkout = try checkoutOf(target, options: options, command: "contract")
    let quiet = parsed.has("quiet")
    let player = try scenarioPlayer(
        parsed.value("scenario") ?? "scenarios/guests/intervention-day.scenario", parsed: parsed)
    let work = try workDirectory(parsed, "contract")
    let progress: (String) -> Void = { message in if !quiet { StandardStream.error.write("\(tool): \(message)\n") } }
    let report: ContractMutants.Report
    do {
        report = try ContractMutants(player: player, options: options).run(
            checkout: checkout, work: work, progress: progress)
    } catch {
        throw guestFailure(error)
    }
    print("| run | day | must fail | failed | as expected |")
    print("|---|---|---|---|---|")
    for row in report.rows {
        let name = row.mutant.map { "\($0.variable) \($0.name)" } ?? "unmutated"
        let must = row.mutant?.catches ?? "none of the contract's checks"
        let day = (row.scenario as NSString).lastPathComponent
        let failed =
            row.verdict.violations.isEmpty
            ? "nothing"
            : row.verdict.violations.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
                .joined(separator: ", ")
        print("| \(name) | \(day) | \(must) | \(failed) | \(row.asExpected ? "yes" : "NO") |")
    }
    let unmutated = report.rows.filter { $0.mutant == nil }
    print(
        "\(report.caught) of \(report.rows.count - unmutated.count) mutant(s) caught by the check they break; "
            + "unmutated: \(unmutated.allSatisfy(\.asExpected) ? "no promise broken" : "a promise broken") "
            + "on \(unmutated.count) day(s) (roots in \(work.path))")
    for row in report.rows where !row.asExpected { print("reproduce: \(row.reproduce)") }
    return report.passed ? .done : .checkFailed
}
