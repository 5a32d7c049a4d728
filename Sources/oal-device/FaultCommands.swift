import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALProcesses
import OALSystem

// The fault side of oal-device: `run --fault/--random-faults`, `sweep`,
// `swarm` (docs/FAULTS.md).

let faultFlags = ["random-faults"]

let faultUsage = """
      sweep --root-base DIR SCENARIO [options]
          List every crash point the run reaches, rerun it with a SIGKILL at each (a fresh root per point,
          started from the listing run's snapshot before the point's launch), judge each rerun with the
          oracle. A rerun "survived" when the oracle found no violation; "N expectation(s) changed": N of
          the scenario's expect lines saw something else, which a kill may change (a killed press grants
          nothing), so it does not fail the rerun (docs/FAULTS.md, "Crash-point sweep").
          --root-base DIR         where the runs' roots go, inside a directory that exists
          --limit N               rerun only N points, evenly spread
          --kinds K,K             only these process kinds: monitor, shield-action, app, app-loop, shield-config
          --syscalls              kill at every system call that changes a file instead (write, pwrite64,
                                  rename(at/at2), fsync, fdatasync, unlink(at), ftruncate, openat with
                                  O_CREAT, flock), on entry, by strace (Debian's strace must be installed)
          --power-loss            at each crash point the power goes with the process: every process stops,
                                  the App Group and the app's container keep only what was synced
                                  (docs/FAULTS.md, "Power loss"); the device boots and plays on. Every
                                  rerun plays from the first line (a snapshot would count what came before
                                  it as synced)
          --seed N                the seed of the runs' draws (default: the scenario's seed line)
          --no-snapshots          replay each rerun from the first line, not from the listing run's snapshot
          --forked                start plain extension launches by forking (see run --forked)
    \(batchOptionLines)
    \(guestOptionLines)
          --quiet                 no progress
    \(batchExitLine)
      swarm --root-base DIR SCENARIO --seeds N [options]
          N runs with a random fault mix each, drawn from seeds S..S+N-1 (run --random-faults --seed S),
          each judged by the oracle: pass or fail per seed.
          --root-base DIR         where the runs' roots go, inside a directory that exists
          --seeds N               how many seeds, 1 to 100000
          --first-seed S          the first seed (default 1)
          --warm SEED             every run with warm extension processes (see run --warm)
          --forked                start plain extension launches by forking (see run --forked)
    \(batchOptionLines)
    \(guestOptionLines)
          --quiet                 no progress
    \(batchExitLine)
      kill-sweep --root-base DIR SCENARIO [--limit N] [--only PREFIX | --timed N | --syscalls | --seeds N
                 [--first-seed S]] [--jobs N] [--quiet]
          Kill the emulated OS itself at each of its own crash points (its state saves,
          device.deliver.after-launch and device.press.after-launch), or with --timed at instants
          none of them names, start it again on the root, and compare the finished run with one
          never killed: the oracle's violations, every day's usage, the expectations.
          --root-base DIR         where the runs' roots go, inside a directory that exists
          --limit N               only N points, evenly spread
          --only PREFIX           only the points whose name starts with PREFIX (device.press.)
          --timed N               N instants spread evenly over the unkilled run's trace, each a
                                  `kill device at-line L` (the device dies once the trace holds L
                                  lines, whoever wrote them: mid-launch, after an exit)
          --syscalls              at each file-changing system call of the device's own process, on
                                  entry, by strace (Debian's strace), instead of its crash points
          --seeds N               N seeds instead: each seed's random fault mix (run --random-faults --seed S)
                                  played never killed, then with the device killed once at a trace line
                                  the seed draws and resumed; the two must end the same
          --first-seed S          with --seeds, the first seed (default 1)
    \(guestOptionLines)
          --jobs N                runs at once, each in its own root (default: the cores)
          --quiet                 no progress
          Exit 0 every point resumed the same, 1 one differs, 64 usage, 65 a bad scenario.
    """

func wholeNumber(_ parsed: ParsedArguments, _ name: String) throws -> UInt64? {
    guard let text = parsed.value(name) else { return nil }
    guard let value = UInt64(text) else { throw ProcessFailure.usage("--\(name): '\(text)' is not a whole number") }
    return value
}

func sweepCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    let scenarioPath = try parsed.positional(0, "SCENARIO")
    try parsed.expectAtMost(1)
    let base = URL(fileURLWithPath: try creatableDirectory(parsed, "root-base"), isDirectory: true)
    let resolved = try resolvedRun(parsed, scenario: scenarioPath)
    printBanner(resolved, parsed, what: "each point is this run with one kill more")
    if parsed.has("syscalls") && parsed.has("power-loss") {
        throw ProcessFailure.usage(
            "sweep: --syscalls kills at system calls, --power-loss takes the power at crash points; give one")
    }
    let sweep = CrashSweep(
        try sweepSettings(
            parsed, run: resolved, base: base, limit: 1...100_000, kinds: try targets(parsed), tool: "sweep"),
        syscalls: parsed.has("syscalls"), powerLoss: parsed.has("power-loss"))
    return try finish(try sweep.run(), parsed)
}

/// `sweep` and `race`: the options every sweep of reruns takes.
func sweepSettings(
    _ parsed: ParsedArguments, run: ResolvedRun, base: URL, limit: ClosedRange<Int>, kinds: Set<FaultTarget>?,
    tool: String
) throws -> SweepSettings {
    SweepSettings(
        run: run, rootBase: base, limit: try parsed.int("limit", in: limit), kinds: kinds, jobs: try jobs(parsed),
        shard: try shard(parsed), snapshots: !parsed.has("no-snapshots"),
        progress: parsed.has("quiet") ? nil : EngineOptions.standardErrorProgress(tool: "oal-device \(tool)"))
}

func swarmCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    let scenarioPath = try parsed.positional(0, "SCENARIO")
    try parsed.expectAtMost(1)
    let base = URL(fileURLWithPath: try creatableDirectory(parsed, "root-base"), isDirectory: true)
    guard let count = try parsed.int("seeds", in: 1...100_000) else {
        throw ProcessFailure.usage("swarm needs --seeds N")
    }
    let first = try wholeNumber(parsed, "first-seed") ?? 1
    guard !first.addingReportingOverflow(UInt64(count - 1)).overflow else {
        throw ProcessFailure.usage(
            "--first-seed \(first) with --seeds \(count) passes the largest seed, \(UInt64.max)")
    }
    let resolved = try resolvedRun(parsed, scenario: scenarioPath)
    printBanner(resolved, parsed, what: "each seed is this run with --seed S --random-faults")
    let swarm = SeedSwarm(
        run: resolved, rootBase: base, seeds: (0..<UInt64(count)).map { first + $0 }, jobs: try jobs(parsed),
        shard: try shard(parsed),
        progress: parsed.has("quiet") ? nil : EngineOptions.standardErrorProgress(tool: "oal-device swarm"))
    return try finish(try swarm.run(), parsed)
}

/// Sweep, race and swarm: writes `--junit`, prints the report and exits
/// with the worst way a run ended, the listing run's included.
func finish<Report: SweepReport>(_ report: Report, _ parsed: ParsedArguments) throws -> ExitCode {
    try writeJUnit(parsed) { report.junit() }
    print(report.render(color: color), terminator: "")
    return exitCode(report.worst)
}

/// Sweep, race and swarm: 0 every run passed, 1 an oracle violation, 3 a
/// process crashed, 4 a run stopped before its end (the worst one decides).
func exitCode(_ worst: FaultRun.Verdict.Kind) -> ExitCode {
    switch worst {
    case .passed: .done
    case .violation: .checkFailed
    case .crash: .crashed
    case .stopped: .stopped
    }
}

func killSweepCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    let scenarioPath = try parsed.positional(0, "SCENARIO")
    try parsed.expectAtMost(1)
    if [parsed.has("only"), parsed.has("timed"), parsed.has("syscalls"), parsed.has("seeds")].filter({ $0 }).count > 1 {
        throw ProcessFailure.usage(
            "kill-sweep: --only names crash points, --timed instants, --syscalls system calls, --seeds seeds; "
                + "give one of them")
    }
    let resolved = try resolvedRun(parsed, scenario: URL(fileURLWithPath: scenarioPath).path)
    if let count = try parsed.int("seeds", in: 1...100_000) {
        let first = try wholeNumber(parsed, "first-seed") ?? 1
        guard !first.addingReportingOverflow(UInt64(count - 1)).overflow else {
            throw ProcessFailure.usage(
                "--first-seed \(first) with --seeds \(count) passes the largest seed, \(UInt64.max)")
        }
        let swarm = DeviceKillSwarm(
            run: resolved,
            rootBase: URL(fileURLWithPath: try creatableDirectory(parsed, "root-base"), isDirectory: true),
            seeds: (0..<UInt64(count)).map { first + $0 }, jobs: try jobs(parsed),
            progress: parsed.has("quiet") ? nil : EngineOptions.standardErrorProgress(tool: "oal-device kill-sweep"))
        let report = try swarm.run()
        print(report.render(), terminator: "")
        return report.differing.isEmpty ? .done : .checkFailed
    }
    var sweep = DeviceKillSweep(
        run: resolved, rootBase: URL(fileURLWithPath: try creatableDirectory(parsed, "root-base"), isDirectory: true),
        limit: try parsed.int("limit", in: 1...100_000),
        jobs: try jobs(parsed), only: parsed.value("only"), timedInstants: try parsed.int("timed", in: 1...100_000),
        progress: parsed.has("quiet") ? nil : EngineOptions.standardErrorProgress(tool: "oal-device kill-sweep"))
    sweep.syscalls = parsed.has("syscalls")
    let report = try sweep.run()
    print(report.render(), terminator: "")
    return report.differing.isEmpty ? .done : .checkFailed
}
