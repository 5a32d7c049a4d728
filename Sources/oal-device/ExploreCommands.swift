import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALProcesses
import OALScenario
import OALSystem

// Generated days (docs/SCENARIOS.md, "Generated days"): `explore` and
// `generate`.

let exploreUsage = """
      explore --root-base DIR --seeds N [--first-seed S] [--vocabulary openapplock|foqos] [--guest SRC] [--forked] [--no-shrink]
              [--jobs J] [--shard I/N] [--junit FILE] [--quiet]
          Play N generated days, seeds S..S+N-1, each judged by the oracle alone, group the
          failures into findings and write DIR/findings.json and DIR/index.html.
          --root-base DIR         seed S writes DIR/seed-S/day.scenario and plays it on DIR/seed-S/root
          --seeds N               how many seeds (1 to 100000)
          --first-seed S          the first seed (default 1)
          --vocabulary NAME       whose vocabulary the days speak: openapplock (its rules, default) or
                                  foqos (Foqos's profiles and strategies, for --guest ../shared/guest/Foqos)
    \(guestOptionLines)
          --forked                fork the extensions' cold launches (docs/PROCESSES.md)
          --no-shrink             keep a failing seed's day as it is (default: shrink it to DIR/seed-S/day.min.scenario)
          --jobs J                seeds played at once, each on its own root (default: the cores)
          --shard I/N             only the seeds at positions I-1 mod N
          --junit FILE            one test case per seed, JUnit XML
          --quiet                 no progress on stderr
          Exit 0 no finding, 5 known findings of a guest only, 1 a new finding (3 when a process
          crashed, 4 when a run stopped, the worst decides), 64 usage.
      generate --seed S [--vocabulary openapplock|foqos]
          Print the day explore's seed S generates (a scenario with no expectations).
          --seed S                the seed (a whole number)
          --vocabulary NAME       as explore's (default openapplock)
          Exit 0 printed, 64 usage.
    """

func exploreCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    try parsed.expectAtMost(0)
    let base = URL(fileURLWithPath: try parsed.required("root-base"), isDirectory: true)
    guard let count = try parsed.int("seeds", in: 1...100_000) else {
        throw ProcessFailure.usage("explore needs --seeds N")
    }
    let first = try wholeNumber(parsed, "first-seed") ?? 1
    guard !first.addingReportingOverflow(UInt64(count - 1)).overflow else {
        throw ProcessFailure.usage(
            "--first-seed \(first) with --seeds \(count) passes the largest seed, \(UInt64.max)")
    }
    let template = try runSpec(parsed, scenario: "")
    let explore = Explore(
        template: template, rootBase: base, seeds: (0..<UInt64(count)).map { first + $0 }, jobs: try jobs(parsed),
        shard: try shard(parsed), shrink: !parsed.has("no-shrink"), days: try generatedDays(parsed),
        progress: parsed.has("quiet") ? nil : EngineOptions.standardErrorProgress(tool: "oal-device explore"))
    if !parsed.has("quiet") {
        StandardStream.error.write(
            "\(tool): each seed S plays its generated day, \(explore.dayPath(seed: first).replacingOccurrences(of: "seed-\(first)", with: "seed-S")), "
                + "with --seed S --random-faults; seed \(first): \(explore.spec(seed: first).command)\n")
    }
    let report = try explore.run()
    try writeJUnit(parsed) { report.junit() }
    print(report.render(color: color), terminator: "")
    if !report.newFindings.isEmpty { return exitCode(report.worst) }
    return report.knownFindings.isEmpty ? .done : .knownFinding
}

func generateCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    try parsed.expectAtMost(0)
    guard let seed = try wholeNumber(parsed, "seed") else { throw ProcessFailure.usage("generate needs --seed S") }
    print(try generatedDays(parsed).text(seed: seed), terminator: "")
    return .done
}

/// `--vocabulary NAME` (default: OpenAppLock's vocabulary).
func generatedDays(_ parsed: ParsedArguments) throws -> GeneratedDays {
    guard let name = parsed.value("vocabulary") else { return .openapplock }
    guard let days = GeneratedDays.named(name) else {
        throw ProcessFailure.usage("--vocabulary '\(name)': want one of \(GeneratedDays.choices)")
    }
    return days
}
