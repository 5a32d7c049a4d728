import Foundation
import OALEmulator
import OALExplore
import OALProcesses
import OALSystem

// `check` and `guest check SRC`: one app against the scenario library,
// generated days and a crash sweep (docs/GUEST.md, "Checking a commit").

let checkUsage = """
      check --root-base DIR [--guest SRC] [options]
          One app against everything the emulator has: the scenario library as written (scenarios/,
          dst/, regressions/, mutation/ and guests/<app>/), then N generated days (explore's), then a
          crash sweep of the demo day with a limit. Prints one table of findings and writes
          DIR/findings.json (explore's, with "library": the scenarios that hit each finding) and
          DIR/index.html. Without --guest it judges the emulator's own app.
    \(checkOptionLines)
      guest check PATH|REPO@REV --root-base DIR [options]
          check --guest PATH|REPO@REV: a checkout, or one commit of the app's repository (bundle).
    \(checkOptionLines)
    """

/// The options of `check` and `guest check`, and how they end.
let checkOptionLines = """
          --root-base DIR         library scenario N plays on DIR/library/N-NAME/root, seed S on DIR/seed-S
          --seeds N               generated days, seeds S..S+N-1 (default 20; 0: none)
          --first-seed S          the first seed (default 1)
          --crash-limit N         crash points rerun (default 20; 0: no sweep)
          --crash-scenario FILE   the scenario the crash sweep reruns (default scenarios/demo-day.scenario)
          --scenarios DIR         the library (default: scenarios/ of this checkout of the emulator)
    \(guestOptionLines)
          --forked                fork the extensions' cold launches (docs/PROCESSES.md)
          --no-shrink             keep a failing seed's day as it is (default: shrink it)
          --jobs J                runs at once, each on its own root (default: the cores)
          --junit FILE            one test case per run, JUnit XML
          --quiet                 no progress on stderr
          Exit 0 no finding, 5 known findings only (a guest's, or a regression scenario's declared
          open failure), 1 a new finding, 64 usage, 66 no library,
          130/143 stopped by SIGINT/SIGTERM.
    """

let checkOptions = ["root-base", "seeds", "first-seed", "crash-limit", "crash-scenario", "scenarios", "jobs", "junit"]

func checkCommand(_ parsed: ParsedArguments, guest: String?) throws -> ExitCode {
    let base = URL(fileURLWithPath: try parsed.required("root-base"), isDirectory: true)
    let count = try parsed.int("seeds", in: 0...100_000) ?? 20
    let first = try wholeNumber(parsed, "first-seed") ?? 1
    guard count == 0 || !first.addingReportingOverflow(UInt64(count - 1)).overflow else {
        throw ProcessFailure.usage("--first-seed \(first) with --seeds \(count) passes the largest seed, \(UInt64.max)")
    }
    let crashLimit = try parsed.int("crash-limit", in: 0...100_000) ?? 20
    let scenarios =
        try parsed.value("scenarios").map { URL(fileURLWithPath: $0, isDirectory: true) }
        ?? findScenarios()
    let template = try runSpec(parsed, scenario: "", guest: guest)
    let app = try template.guest.map { try GuestBuild.load(directory: $0).name } ?? ScenarioLibrary.sharedApp
    let library: [String]
    do {
        library = try ScenarioLibrary(directory: scenarios, app: app).paths()
    } catch {
        throw ProcessFailure(.notFound, error.description)
    }
    let crashScenario =
        parsed.value("crash-scenario") ?? scenarios.appendingPathComponent("demo-day.scenario").path
    let progress = parsed.has("quiet") ? nil : EngineOptions.standardErrorProgress(tool: "oal-device check")
    let check = CommitCheck(
        explore: Explore(
            template: template, rootBase: base, seeds: (0..<UInt64(count)).map { first + $0 }, jobs: try jobs(parsed),
            shrink: !parsed.has("no-shrink"), progress: progress),
        library: library, crashSweep: .init(scenario: crashScenario, limit: crashLimit))
    if !parsed.has("quiet") {
        StandardStream.error.write(
            "\(tool): check \(guest.map { "guest \(app) from \($0)" } ?? "the emulator's own app"): "
                + "\(library.count) library scenario(s) from \(scenarios.path), \(count) generated day(s) from seed "
                + "\(first), \(crashLimit) crash point(s) of \(crashScenario)\n")
    }
    let report: CommitCheckReport
    do {
        report = try check.run()
    } catch let error as EngineError {
        throw failure(error)
    }
    try writeJUnit(parsed) { report.junit() }
    print(report.render(color: color), terminator: "")
    if !report.newFindings.isEmpty { return .checkFailed }
    return report.knownFindings.isEmpty ? .done : .knownFinding
}

/// `scenarios/` of this checkout of the emulator: in the current
/// directory, or above the executable, beside `guest-harness/`.
func findScenarios() throws -> URL {
    let executableDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent()
    guard
        let found = checkoutCandidates(from: executableDirectory)
            .map({ $0.appendingPathComponent("scenarios", isDirectory: true) })
            .first(where: {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("demo-day.scenario").path)
            })
    else {
        throw ProcessFailure(
            .notFound,
            "scenarios/ not found in the current directory or above \(executableDirectory.path); give --scenarios DIR")
    }
    return found
}

let newFindingsUsage = """
      new-findings BASE.json HEAD.json
          The findings of HEAD.json (check's or explore's, at a pull request's head) that are not known and
          whose class BASE.json (its base) lacks, two commits of one app counted as one app (docs/CI.md).
          Prints each with its smallest scenario and the command that replays it.
          --markdown FILE         also write them as a Markdown table to FILE (a pull request's comment)
          Exit 0 none new, 1 new findings at the head, 64 usage, 65 a file that is not a findings file,
          66 no such file.
    """

func newFindingsCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    let basePath = try parsed.positional(0, "BASE.json")
    let headPath = try parsed.positional(1, "HEAD.json")
    try parsed.expectAtMost(2)
    func entries(_ path: String) throws -> [FindingsDiff.Entry] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProcessFailure(.notFound, "\(path): no such findings file")
        }
        do {
            return try FindingsDiff.entries(data, file: path)
        } catch {
            throw ProcessFailure(.data, error.description)
        }
    }
    let base = try entries(basePath)
    let head = try entries(headPath)
    let new = FindingsDiff.newAtHead(base: base, head: head)
    print("\(new.count) new finding(s) at the head (\(head.count) there, \(base.count) at the base)")
    for entry in new {
        print("\(color.paint("NEW", .red)) \(entry.signature): \(entry.count) run(s)")
        print("  scenario: \(entry.scenario)")
        print("  reproduce: \(entry.reproduce)")
    }
    if let path = parsed.value("markdown") {
        var table = "\(new.count) new finding(s) at the head\n"
        if !new.isEmpty {
            table += "\n| finding | runs | smallest scenario | reproduce |\n|---|---|---|---|\n"
            for entry in new {
                let cells = [entry.signature, "\(entry.count)", entry.scenario, "`\(entry.reproduce)`"]
                table +=
                    "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
            }
        }
        do {
            try Data(table.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ProcessFailure(.ioError, "\(path): cannot write the table: \(error.localizedDescription)")
        }
    }
    return new.isEmpty ? .done : .checkFailed
}
