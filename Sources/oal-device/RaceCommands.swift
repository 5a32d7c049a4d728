import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALProcesses
import OALSystem

// The race side of oal-device: `race`, and the options every batch of
// runs shares: `--jobs`, `--shard`, `--junit` (docs/FAULTS.md).

let raceUsage = """
      race --root-base DIR SCENARIO [options]
          List every pause point the run reaches; rerun with the launch stopped at each (from the listing
          run's snapshot before that launch) while something else that can happen then runs (the next
          step due, a due callback, an app refresh, a second launch of the extension); judge each rerun.
          --root-base DIR         where the runs' roots go, inside a directory that exists
          --limit N               rerun only N points, evenly spread
          --kinds K,K             only these process kinds: app, monitor, shield-action, shield-config
          --with W,W              only these interleavings: step, callback, refresh, relaunch
          --seed N                the seed of the runs' draws (default: the scenario's seed line)
          --no-snapshots          replay each rerun from the first line, not from the listing run's snapshot
          --forked                start plain extension launches by forking (see run --forked)
    \(batchOptionLines)
          --quiet                 no progress
    \(batchExitLine)
      shrink --root-base DIR SCENARIO [options]
          Reduce a failing run to a minimal scenario failing the same way (same violation kind, same
          rule): writes DIR/NAME.min.scenario and prints its reproduce command.
          --root-base DIR         where the candidate runs' roots go, inside a directory that exists
          --seed N                the seed of the failing run (default: the scenario's seed line)
          --fault "FAULT; ..."    the failing run's faults (see run --fault); repeatable
          --random-faults         the failing run's faults were drawn from the seed
          --check KIND            shrink to a failure of this oracle check
          --rule NAME             with --check: on this rule
          --jobs N                candidate runs at once (default: the cores)
          --forked                start plain extension launches by forking (see run --forked)
          --quiet                 no progress
          Exit 0 shrunk (the minimal scenario fails the same way), 1 the run does not fail (that way),
          64 usage, 65 a bad scenario.
    """

/// `--jobs N`, default the core count.
func jobs(_ parsed: ParsedArguments) throws -> Int {
    try parsed.int("jobs", in: 1...256) ?? Parallel.cores
}

func shard(_ parsed: ParsedArguments) throws -> Shard? {
    guard let text = parsed.value("shard") else { return nil }
    guard let shard = Shard(text) else { throw ProcessFailure.usage("--shard: '\(text)' is not I/N with 1 ≤ I ≤ N") }
    return shard
}

func writeJUnit(_ parsed: ParsedArguments, _ report: () -> JUnitReport) throws {
    guard let path = parsed.value("junit") else { return }
    do {
        try report().write(to: path)
    } catch {
        throw ProcessFailure(.ioError, "--junit: cannot write \(path): \(error)")
    }
}

func targets(_ parsed: ParsedArguments) throws -> Set<FaultTarget>? {
    guard let text = parsed.value("kinds") else { return nil }
    var kinds: Set<FaultTarget> = []
    for word in text.split(separator: ",") {
        guard let target = FaultTarget(rawValue: String(word)) else {
            throw ProcessFailure.usage("--kinds: unknown kind '\(word)'")
        }
        kinds.insert(target)
    }
    return kinds
}

func raceCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    let scenarioPath = try parsed.positional(0, "SCENARIO")
    try parsed.expectAtMost(1)
    let base = URL(fileURLWithPath: try creatableDirectory(parsed, "root-base"), isDirectory: true)
    let kinds = try targets(parsed)
    if let kinds, let bad = kinds.first(where: { !RaceSweep.pausable.contains($0) }) {
        throw ProcessFailure.usage(
            "--kinds: '\(bad.rawValue)' cannot be paused (app, monitor, shield-config, shield-action)")
    }
    var interleavings: Set<Interleaving>?
    if let text = parsed.value("with") {
        interleavings = []
        for word in text.split(separator: ",") {
            guard let with = Interleaving(rawValue: String(word)) else {
                throw ProcessFailure.usage("--with: unknown interleaving '\(word)' (step, callback, refresh, relaunch)")
            }
            interleavings?.insert(with)
        }
    }
    let resolved = try resolvedRun(parsed, scenario: scenarioPath)
    printBanner(resolved, parsed, what: "each interleaving is this run with one preempt more")
    let race = RaceSweep(
        try sweepSettings(parsed, run: resolved, base: base, limit: 1...1_000_000, kinds: kinds, tool: "race"),
        interleavings: interleavings)
    return try finish(try race.run(), parsed)
}

func shrinkCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    let scenarioPath = try parsed.positional(0, "SCENARIO")
    try parsed.expectAtMost(1)
    let base = URL(fileURLWithPath: try creatableDirectory(parsed, "root-base"), isDirectory: true)
    let resolved = try resolvedRun(parsed, scenario: scenarioPath)
    printBanner(resolved, parsed, what: "shrinking")
    return try shrink(resolved, base: base, output: nil, parsed: parsed)
}

/// Shrinks the failing run; prints the minimized scenario and its
/// reproduce command. Exit 0 when it shrank (the failure reproduces).
func shrink(_ run: ResolvedRun, base: URL, output: URL?, parsed: ParsedArguments) throws -> ExitCode {
    var check: OracleCheck?
    if let text = parsed.value("check") {
        guard let value = OracleCheck(rawValue: text) else {
            throw ProcessFailure.usage(
                "--check: unknown check '\(text)' (\(OracleCheck.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        check = value
    }
    var target: Shrinker.Target?
    if let rule = parsed.value("rule") {
        guard let check else { throw ProcessFailure.usage("--rule needs --check") }
        target = Shrinker.Target(check: check, rule: rule)
    }
    let shrinker = Shrinker(
        run: run, rootBase: base, target: target, check: check, jobs: try jobs(parsed), output: output,
        progress: parsed.has("quiet") ? nil : EngineOptions.standardErrorProgress(tool: "oal-device shrink"))
    do {
        let result = try shrinker.run()
        print(result.render(), terminator: "")
        return .done
    } catch let failure as Shrinker.Failure {
        throw ProcessFailure(.checkFailed, failure.description)
    }
}
