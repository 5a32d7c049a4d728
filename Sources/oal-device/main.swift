import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALProcesses
import OALSystem

// oal-device: the emulated iOS. Thin: parse, call OALEmulator, print, exit.

let usage = """
    usage: oal-device COMMAND [options]   (oal-device COMMAND --help: that command's options and exit codes)

      init --root DIR [--fixture NAME | --scenario FILE | --start "yyyy-MM-dd HH:MM" [--timezone ZONE]]
          Create a device root: empty (standard catalog, clock at --start), copied from a fixture, or
          ready for a scenario. Prints the root's path.
          --root DIR              the root to create, inside a directory that exists
          --fixture NAME          a copy of appgroup-fixtures/NAME (or $OAL_FIXTURES/NAME)
          --scenario FILE         ready for FILE: its clock, zone and installed apps
          --start "yyyy-MM-dd HH:MM"  the clock of an empty device (default 2026-11-30 08:00)
          --timezone ZONE         with --start: the device's zone (default UTC)
          Exit 0 created, 64 usage, 65 a bad scenario, 66 no such fixture or scenario file.
      run --root DIR SCENARIO [options]
          Play SCENARIO in lockstep (docs/SCENARIOS.md), progress on stderr; then the oracle's verdict,
          the expectations met and failed, and the command that reproduces the run. --free-running is not
          reproducible: it prints what it saw and the closest lockstep run. --warm, --forked: docs/PROCESSES.md.
          --root DIR              the device root, made by init
          --seed N                the seed of the run's draws (default: the scenario's seed line)
          --fault "FAULT; ..."    inject faults, scenario fault lines' text ("at [day N] HH:MM FAULT": timed); repeatable
          --random-faults         also inject a mix of faults drawn from the seed
          --paths WHICH           both (default), background (the app never opened) or foreground (no callbacks)
          --days N                play N days from the scenario's start (a soak)
          --free-running          every process at once against a fast clock, the oracle allowing a bounded lag
          --speed N               with --free-running: N times the wall clock, 1 to 100000 (default 600)
          --warm SEED             keep extension processes alive between callbacks as iOS may, which ones drawn from SEED
          --forked                start each plain extension launch by forking a fork server: the same run, faster
          --loop-pid PID          the app's foreground loop (oal-app run) the caller started; else the device starts one
          --lock-fd N             the caller holds the root's run lock (system/device-run.lock, flock) on descriptor N
          --dry-run               resolve the run (scenario, seed, faults, crash points, guest) and print the command
                                  that plays it; no root is made, read or changed (scripts/supervise checks runs so)
          --shrink                when the run fails, write DIR.min.scenario, the run shrunk to a minimal one
          --check KIND            with --shrink: the oracle check that must still fail
          --rule NAME             with --shrink and --check: on that rule
          --jobs N                with --shrink: runs at once (default: the cores)
    \(guestOptionLines)
          --quiet                 no progress (errors, failures and the verdict are still printed)
          Exit 0 every expectation held and the oracle found no violation, 1 otherwise, 5 the only failed
          expectations are known findings of a guest app (docs/GUEST.md), 64 usage, 65 a bad scenario,
          69 no device root, 75 the root is in use by another run, 130/143 stopped by SIGINT/SIGTERM.
      diff --root DIR SCENARIO [options]
          Play SCENARIO three ways in DIR/background, DIR/foreground, DIR/both and list every minute
          their shield timelines differ: a spec-named divergence or a finding.
          --root DIR              where the three roots go, inside a directory that exists
          --seed N                the seed of the runs' draws (default: the scenario's seed line)
          --forked                start plain extension launches by forking (see run --forked)
    \(guestOptionLines)
          --quiet                 no progress
          Exit 0 no finding, 1 a finding, 64 usage, 65 a bad scenario.
    \(faultUsage)
    \(raceUsage)
    \(exploreUsage)
    \(checkUsage)
    \(newFindingsUsage)
    \(guestUsage)
      timeline --root DIR [--width COLUMNS]
          Draw the last run from the trace: apps and rules over time, callbacks marked.
          --root DIR              the device root
          --width COLUMNS         the widest the drawing may be, 20 to 400 (default 96)
          Exit 0, 64 usage, 69 no device root.
      summary --root DIR
          Expectations met and failed in the last run, the faults, the oracle, the processes, the paths.
          --root DIR              the device root
          Exit 0 every expectation held and no violation, 1 otherwise, 5 only known findings of a guest
          app failed, 69 no device root.
      trace --root DIR [--format chrome|jsonl|reproducible]
          The last run as a Chrome / Perfetto trace (open it in ui.perfetto.dev), or its raw lines.
          --root DIR              the device root
          --format FORMAT         chrome (default), jsonl (its lines) or reproducible (pids blanked: replays agree)
          Exit 0, 64 usage, 69 no device root.
      report --root DIR
          Draw the last run again: logs/report.html and logs/trace.chrome.json (docs/REPORT.md).
          --root DIR              the device root
          Exit 0, 69 no device root.
      status --root DIR [--json]
          Clock, frontmost app, blocked apps, shielding stores, monitored activities.
          --root DIR              the device root
          --json                  as JSON
          Exit 0, 69 no device root.

    Every command: --help, --version. Colour only when stdout is a terminal (not with
    NO_COLOR or TERM=dumb); progress on stderr, silenced by --quiet.
    Exit codes: 0 done, 1 an expectation failed, 5 only known findings of a guest app failed, 64 usage, 65 bad scenario or store,
    66 no such fixture or scenario file, 69 no device root or executable, 74 I/O,
    75 the root is in use by another run (docs/PROCESSES.md).
    """

let tool = "oal-device"
/// Colour only on a terminal, never with NO_COLOR or TERM=dumb (docs/PROCESSES.md).
let color = ColorPolicy.standardOutput(environment: ProcessInfo.processInfo.environment)
// SIGINT/SIGTERM stop the run at a safe point and every process it
// started, instead of leaving them running (docs/PROCESSES.md).
StopSignals.install()
let arguments = Array(CommandLine.arguments.dropFirst())

func failure(_ error: EngineError) -> ProcessFailure {
    ProcessFailure(error.exitCode, error.description)
}

func deviceRoot(_ parsed: ParsedArguments) throws -> DeviceRoot {
    DeviceRoot(path: try parsed.required("root"))
}

/// The value of `--option`, a directory the command creates (`init
/// --root`, `diff --root`, a sweep's `--root-base`, `--work`): one that
/// exists, or a new one inside a directory that exists. A missing parent is
/// a usage error naming both, so a mistyped path never creates a tree of
/// directories (issue 34).
func creatableDirectory(_ parsed: ParsedArguments, _ option: String) throws -> String {
    let path = try parsed.required(option)
    let url = URL(fileURLWithPath: path).standardizedFileURL
    if let status = try? FileSystem.status(url.path) {
        guard status.isDirectory else {
            throw ProcessFailure.usage("--\(option) \(url.path): exists and is not a directory")
        }
        return path
    }
    let parent = url.deletingLastPathComponent()
    guard (try? FileSystem.status(parent.path))?.isDirectory == true else {
        throw ProcessFailure.usage(
            "--\(option) \(url.path): its parent directory \(parent.path) does not exist, and nothing was created "
                + "(create it first, or give a directory inside one that exists)")
    }
    return path
}

/// `--root` of a device that must exist: 69 when there is none, 74 with the
/// system's error when it cannot be read (the same for every command).
func existingDeviceRoot(_ parsed: ParsedArguments) throws -> DeviceRoot {
    let root = try deviceRoot(parsed)
    switch root.availability {
    case .ready: return root
    case .missing: throw failure(.rootMissing(root.url.path))
    case .unreadable(let errno):
        throw ProcessFailure(.ioError, "\(root.url.path): cannot read the device root: \(errno)")
    }
}

/// `init --scenario FILE`: 66 when there is no such file, 65 when it does
/// not parse.
func loadScenario(_ path: String) throws -> Scenario {
    do {
        return try ScenarioParser.load(path: path)
    } catch {
        throw ProcessFailure(error.fileIsMissing ? .notFound : .data, error.description)
    }
}

/// The options each command takes beside `--root` and `--help`, so an
/// option of another command is a usage error naming it, not ignored.
let batchOptions = ["jobs", "shard", "junit"]
/// `--guest` and what builds it (GuestCommands.swift).
let guestOptions = ["guest", "harness", "cache", "sdk"]

let commandSpecs: [String: ArgumentSpec] = [
    "init": ArgumentSpec(options: ["fixture", "scenario", "start", "timezone"]),
    "run": RunSpec.arguments.merging(
        ArgumentSpec(
            options: ["loop-pid", "lock-fd", "check", "rule", "jobs"] + guestOptions,
            flags: ["quiet", "shrink", "no-build", "dry-run"])),
    "diff": ArgumentSpec(options: ["seed"] + guestOptions, flags: ["quiet", "forked", "no-build"]),
    "sweep": ArgumentSpec(
        options: ["root-base", "limit", "kinds", "seed"] + guestOptions + batchOptions,
        flags: ["quiet", "no-snapshots", "forked", "no-build", "syscalls", "power-loss"]),
    "kill-sweep": ArgumentSpec(
        options: ["root-base", "limit", "only", "timed", "jobs", "seeds", "first-seed"] + guestOptions,
        flags: ["quiet", "syscalls", "no-build"]),
    "swarm": ArgumentSpec(
        options: ["root-base", "seeds", "first-seed", "warm"] + guestOptions + batchOptions,
        flags: ["quiet", "forked", "no-build"]),
    "race": ArgumentSpec(
        options: ["root-base", "limit", "kinds", "with", "seed"] + batchOptions,
        flags: ["quiet", "no-snapshots", "forked"]),
    "explore": ArgumentSpec(
        options: ["root-base", "seeds", "first-seed", "vocabulary"] + guestOptions + batchOptions,
        flags: ["quiet", "forked", "no-build", "no-shrink"]),
    "generate": ArgumentSpec(options: ["seed", "vocabulary"]),
    "new-findings": ArgumentSpec(options: ["markdown"]),
    "check": ArgumentSpec(
        options: checkOptions + guestOptions, flags: ["quiet", "forked", "no-build", "no-shrink"]),
    "shrink": ArgumentSpec(
        options: ["root-base", "seed", "check", "rule", "jobs"], flags: ["quiet", "forked"] + faultFlags,
        repeatable: ["fault"]),
    "timeline": ArgumentSpec(options: ["width"]),
    "summary": ArgumentSpec(),
    "trace": ArgumentSpec(options: ["format"]),
    "report": ArgumentSpec(),
    "status": ArgumentSpec(flags: ["json"]),
    "guest": ArgumentSpec(
        options: [
            "harness", "cache", "sdk", "from", "to", "scenario", "work", "markdown", "json", "seed", "filter", "limit",
            "equivalent", "timeout", "generated-days",
        ] + checkOptions,
        flags: ["no-build", "quiet", "all", "forked", "no-shrink"]),
    "bisect": ArgumentSpec(options: ["guest", "harness", "cache", "sdk", "seed", "work"]),
]

/// The commands that play in or read one device root, `--root DIR`; the
/// others take `--root-base` (many roots) or none, and refuse `--root`.
let rootCommands: Set = ["init", "run", "diff", "timeline", "summary", "trace", "report", "status"]

/// Where this executable's siblings are: beside it, or `OAL_BIN_DIR`.
/// Read here, at the process's edge, and handed down in every spec.
let binDirectory: URL = {
    if let override = ProcessInfo.processInfo.environment["OAL_BIN_DIR"], !override.isEmpty {
        return URL(fileURLWithPath: override, isDirectory: true)
    }
    return EngineOptions.defaultBinDirectory
}()

/// The run a command plays or repeats (`RunSpec`): the options of `run`
/// it was given, checked in `RunSpec.parse`; `--guest` resolved to its
/// build; the executables' directory; and a mutant exported to this
/// process (`OAL_MUTANT=... oal-device ...`), read here and nowhere else.
func runSpec(_ parsed: ParsedArguments, scenario: String) throws -> RunSpec {
    try runSpec(parsed, scenario: scenario, guest: parsed.value("guest"))
}

/// The same, with the guest given apart (`guest check SRC`).
func runSpec(_ parsed: ParsedArguments, scenario: String, guest: String?) throws -> RunSpec {
    var spec = try RunSpec.parse(scenario: scenario, parsed)
    spec.binDirectory = binDirectory.path
    if let mutant = ProcessInfo.processInfo.environment[MutantVariable.name], !mutant.isEmpty { spec.mutant = mutant }
    if let text = guest {
        let resolved = try resolveGuest(text, parsed: parsed, quiet: parsed.has("quiet"))
        let guest = try GuestBuild.load(directory: resolved.build.path)
        StandardStream.error.write("\(tool): guest \(guest.name) from \(guest.source)\n")
        spec.guest = guest.directory
        spec.guestSource = resolved.source
    }
    return spec
}

/// The run a command plays, resolved once, before anything is touched:
/// the scenario parsed (65, 66), the seed decided, every fault parsed
/// against it (64) and the guest build loaded (69, 74).
func resolvedRun(_ parsed: ParsedArguments, scenario: String) throws -> ResolvedRun {
    let spec = try runSpec(parsed, scenario: scenario)
    do {
        return try ResolvedRun.resolve(spec)
    } catch let error as ScenarioError {
        throw ProcessFailure(error.fileIsMissing ? .notFound : .data, error.description)
    } catch let error as ResolvedRun.ResolveError {
        throw ProcessFailure.usage(error.description)
    } catch let error as EngineError {
        throw failure(error)
    }
}

/// The banner every command that plays runs prints first, as a seeded
/// simulator prints its seed: the run, as the command that replays it.
func printBanner(_ run: ResolvedRun, _ parsed: ParsedArguments, what: String) {
    guard !parsed.has("quiet") else { return }
    StandardStream.error.write("\(tool): \(what): \(run.command)\n")
}

/// `rest` parsed by `spec`; an unknown option's error lists the options
/// the command takes, so a typo is put right without the help.
func parse(_ rest: [String], spec: ArgumentSpec, command: String) throws -> ParsedArguments {
    do {
        return try ArgumentParser.parse(rest, spec: spec)
    } catch {
        guard error.message.hasPrefix("unknown option") else { throw error }
        let options = spec.valueOptions.union(spec.flags).sorted().map { "--\($0)" }
        throw ProcessFailure.usage("\(error.message); \(command) takes \(options.joined(separator: " "))")
    }
}

func runCommand(_ command: String, _ rest: [String]) throws -> ExitCode {
    guard let commandSpec = commandSpecs[command] else {
        throw ProcessFailure.usage(
            "unknown command '\(command)'; the commands: \(commandSpecs.keys.sorted().joined(separator: " "))")
    }
    let spec = commandSpec.merging(
        ArgumentSpec(options: rootCommands.contains(command) ? ["root"] : [], flags: ["help", "version"]))
    let parsed = try parse(rest, spec: spec, command: command)
    if parsed.has("help") {
        // `guest mutate --help`: the subcommand's own lines.
        let words = command == "guest" ? [command] + parsed.positionals.prefix(1) : [command]
        print(UsageSection.of(usage, command: words))
        return .done
    }
    if parsed.has("version") {
        print(ToolVersion.line(tool: tool))
        return .done
    }
    do {
        switch command {
        case "init": return try initCommand(parsed)
        case "run": return try run(parsed)
        case "diff": return try diff(parsed)
        case "sweep": return try sweepCommand(parsed)
        case "swarm": return try swarmCommand(parsed)
        case "kill-sweep": return try killSweepCommand(parsed)
        case "race": return try raceCommand(parsed)
        case "shrink": return try shrinkCommand(parsed)
        case "explore": return try exploreCommand(parsed)
        case "generate": return try generateCommand(parsed)
        case "new-findings": return try newFindingsCommand(parsed)
        case "check":
            try parsed.expectAtMost(0)
            return try checkCommand(parsed, guest: parsed.value("guest"))
        case "timeline":
            try parsed.expectAtMost(0)
            let width = try parsed.int("width", in: 20...400) ?? 96
            let text = try Timeline.render(root: try existingDeviceRoot(parsed), maxColumns: width, color: color)
            print(text, terminator: "")
            return .done
        case "summary":
            try parsed.expectAtMost(0)
            let root = try existingDeviceRoot(parsed)
            let summary = try RunSummary(root: root)
            print(summary.render(root: root, color: color), terminator: "")
            return summary.passed ? (summary.onlyKnownFindings ? .knownFinding : .done) : .checkFailed
        case "trace": return try traceCommand(parsed)
        case "report":
            try parsed.expectAtMost(0)
            let paths = try RunViews.write(root: try existingDeviceRoot(parsed))
            print("Report:      \(paths.report.path)\nPerfetto:    \(paths.chrome.path)")
            return .done
        case "guest": return try guestCommand(parsed)
        case "bisect": return try bisectCommand(parsed)
        case "status":
            try parsed.expectAtMost(0)
            let status = try DeviceStatus(root: try existingDeviceRoot(parsed))
            if parsed.has("json") {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                print(String(decoding: try encoder.encode(status), as: UTF8.self))
            } else {
                print(status.render(), terminator: "")
            }
            return .done
        default:
            throw ProcessFailure.usage("unknown command '\(command)'")
        }
    } catch let error as EngineError {
        throw failure(error)
    }
}

func traceCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    try parsed.expectAtMost(0)
    let record = try RunRecord(root: try existingDeviceRoot(parsed))
    switch parsed.value("format") ?? "chrome" {
    case "chrome":
        StandardStream.output.write(bytes: Array(try ChromeTrace(record: record).json()))
        print()
    case let format where format == "jsonl" || format == "reproducible":
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for line in record.lines {
            let shown = format == "jsonl" ? line : line.reproducible
            print(String(decoding: try encoder.encode(shown), as: UTF8.self))
        }
    case let other:
        throw ProcessFailure.usage("--format: '\(other)' is not chrome, jsonl or reproducible")
    }
    return .done
}

func initCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    try parsed.expectAtMost(0)
    let root = DeviceRoot(path: try creatableDirectory(parsed, "root"))
    let sources = ["fixture", "scenario", "start"].filter { parsed.value($0) != nil }
    if sources.count > 1 {
        throw ProcessFailure.usage(
            "--\(sources[0]) and --\(sources[1]) are two ways to set up a device; give one "
                + "(a fixture and a scenario bring their own clock and zone)")
    }
    if parsed.value("timezone") != nil, parsed.value("fixture") != nil || parsed.value("scenario") != nil {
        throw ProcessFailure.usage("--timezone goes with --start (a fixture and a scenario bring their own zone)")
    }
    let source: DeviceInit.Source
    if let fixture = parsed.value("fixture") {
        // The one place `$OAL_FIXTURES` is read: the library is handed it.
        let first = ProcessInfo.processInfo.environment["OAL_FIXTURES"].flatMap {
            $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true)
        }
        source = .fixture(try FixtureLocator(first: first).directory(named: fixture))
    } else if let path = parsed.value("scenario") {
        source = .scenario(try loadScenario(path))
    } else {
        let zone = parsed.value("timezone") ?? "UTC"
        guard let timeZone = TimeZone(identifier: zone) else {
            throw ProcessFailure.usage("--timezone: unknown zone '\(zone)'")
        }
        let text = parsed.value("start") ?? "2026-11-30 08:00"
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        guard let start = formatter.date(from: text) else {
            throw ProcessFailure.usage("--start: '\(text)' is not yyyy-MM-dd HH:MM")
        }
        source = .empty(start: start, timeZoneIdentifier: zone)
    }
    try DeviceInit.create(root: root, from: source)
    print(root.url.path)
    return .done
}

func run(_ parsed: ParsedArguments) throws -> ExitCode {
    let scenarioPath = try parsed.positional(0, "SCENARIO")
    try parsed.expectAtMost(1)
    let resolved = try resolvedRun(parsed, scenario: scenarioPath)
    if parsed.has("dry-run") {
        // Checked whole and touched nothing: the command that would play it.
        print(resolved.command)
        return .done
    }
    let spec = resolved.spec
    let loopPID = try parsed.int("loop-pid", in: 1...Int(Int32.max)).map { Int32($0) }
    let root = try existingDeviceRoot(parsed)
    var options = EngineOptions(
        root: root, loopPID: loopPID,
        progress: parsed.has("quiet") ? nil : EngineOptions.standardErrorProgress(tool: tool))
    options.rootLockDescriptor = try parsed.int("lock-fd", in: 3...Int(Int32.max)).map { Int32($0) }
    // Where a guest's mutated copy records the sites it reaches (`guest
    // mutate`'s unmutated runs), read here at the edge as the mutant is.
    if let directory = ProcessInfo.processInfo.environment[MutantVariable.coverage], !directory.isEmpty {
        options.mutantCoverageDirectory = URL(fileURLWithPath: directory)
    }
    printBanner(resolved, parsed, what: "this run")
    let result = try RunPlayer.play(resolved, options: options)
    StandardStream.error.write(result.oracle.render().split(separator: "\n").map { "oal-device: \($0)\n" }.joined())
    if let report = result.freeRunning {
        StandardStream.error.write(report.render().split(separator: "\n").map { "oal-device: \($0)\n" }.joined())
    }
    let free = spec.freeRunningSpeed != nil
    StandardStream.error.write(
        """
        oal-device: \(result.met) expectation(s) met, \(result.failures.count) failed\(knownText(result))
        oal-device: \(free ? "lockstep run of the same scenario and faults (free-running is not reproducible)" : "reproduce with"): \(resolved.lockstepCommand)

        """)
    if parsed.has("shrink"), !result.passed {
        // Beside the root: DIR.shrink/ for the candidates, DIR.min.scenario.
        let url = root.url.standardizedFileURL
        let base = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".shrink")
        let output = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".min.scenario")
        _ = try shrink(resolved, base: base, output: output, parsed: parsed)
    }
    return result.passed ? (result.onlyKnownFindings ? .knownFinding : .done) : .checkFailed
}

/// `, 1 failed as a known finding of the app (...)` when known findings
/// explain failed expectations (docs/GUEST.md, "Findings").
func knownText(_ result: RunResult) -> String {
    guard !result.knownFailures.isEmpty else { return "" }
    return ", \(result.knownFailures.count) failed as known finding(s) of the app, not new failures ("
        + "\(RunSummary.findingsDocument))"
        + result.knownFailures.map { "\noal-device:   KNOWN \($0)" }.joined()
}

func diff(_ parsed: ParsedArguments) throws -> ExitCode {
    let scenarioPath = try parsed.positional(0, "SCENARIO")
    try parsed.expectAtMost(1)
    let directory = URL(fileURLWithPath: try creatableDirectory(parsed, "root"), isDirectory: true)
    let resolved = try resolvedRun(parsed, scenario: scenarioPath)
    printBanner(resolved, parsed, what: "played once per --paths")
    let progress = parsed.has("quiet") ? nil : EngineOptions.standardErrorProgress(tool: tool)
    let run = try DifferentialRun.run(resolved, directory: directory, progress: progress)
    print(run.render(), terminator: "")
    return run.passed ? .done : .checkFailed
}

guard let command = arguments.first, !command.hasPrefix("-") else {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(usage)
        exit(ExitCode.done.rawValue)
    }
    if arguments.first == "--version" {
        print(ToolVersion.line(tool: tool))
        exit(ExitCode.done.rawValue)
    }
    exit(
        ProcessMain.guarded(tool: tool, usage: usage) {
            throw ProcessFailure.usage(
                arguments.first.map { "unknown option '\($0)' before the COMMAND" } ?? "missing COMMAND")
        }.rawValue)
}
/// A usage error ends with where to read the usage: the command the user
/// typed. A script that runs oal-device for the user (`scripts/supervise`,
/// `scripts/sweep`) names itself in `OAL_HELP_COMMAND`, read here only.
let helpCommand: String = {
    if let script = ProcessInfo.processInfo.environment["OAL_HELP_COMMAND"], !script.isEmpty { return script }
    guard commandSpecs[command] != nil else { return tool }
    let subcommand = arguments.dropFirst().first { !$0.hasPrefix("-") }
    if command == "guest", let subcommand, guestSubcommands.contains(subcommand) {
        return "\(tool) guest \(subcommand)"
    }
    return "\(tool) \(command)"
}()
let code = ProcessMain.guarded(tool: tool) { try runCommand(command, Array(arguments.dropFirst())) }
if code == .usage { ErrorReport.printError(tool: tool, "run `\(helpCommand) --help` for usage") }
exit(code.rawValue)
