import Foundation
import OALEmulator
import OALTestSupport
import Testing

@testable import OALExplore

/// What a newcomer met on `oal-device`'s command line (issue 34): each
/// mistake is refused at once, as a usage error that names what was wrong,
/// instead of being done silently or reported after a whole run.
@Suite struct NewcomerUsageTests {
    static let scenario = """
        timezone UTC
        start 2026-11-30 08:00
        end 2026-11-30 09:00

        at 08:00 app list add Video --apps YouTube
        at 08:00 app rule add time-limit Tube --list Video --minutes 10
        at 08:05 open YouTube for 10m

        """

    static func device(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessRun {
        try ProcessRun.run(try BuiltProducts.executable("oal-device"), arguments, environment: environment)
    }

    /// A directory for one test, with the scenario above in it.
    static func directory() throws -> (URL, String) {
        let directory = try TemporaryDirectory.make(prefix: "oal-newcomer")
        let scenario = directory.appendingPathComponent("small.scenario")
        try Self.scenario.write(to: scenario, atomically: true, encoding: .utf8)
        return (directory, scenario.path)
    }

    /// Item 1: a root (or root base) whose parent directory does not exist
    /// is a usage error naming it, and nothing is created on the way.
    @Test func aRootWhoseParentIsMissingIsRefusedAndNothingIsCreated() throws {
        let (directory, scenario) = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("nonexistent")
        let deep = missing.appendingPathComponent("x/y").path
        for arguments in [
            ["init", "--root", deep],
            ["init", "--root", deep, "--scenario", scenario],
            ["diff", "--root", deep, scenario],
            ["sweep", "--root-base", deep, scenario, "--limit", "1"],
            ["swarm", "--root-base", deep, scenario, "--seeds", "1"],
            ["race", "--root-base", deep, scenario, "--limit", "1"],
            ["kill-sweep", "--root-base", deep, scenario, "--limit", "1"],
            ["shrink", "--root-base", deep, scenario],
        ] {
            let run = try Self.device(arguments)
            #expect(run.status == 64, "\(arguments): exit \(run.status)\n\(run.stderr)")
            #expect(run.stderr.contains(deep), "\(arguments) does not name the root:\n\(run.stderr)")
            #expect(
                run.stderr.contains("\(missing.appendingPathComponent("x").path) does not exist"),
                "\(arguments) does not say which parent is missing:\n\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: missing.path), "\(arguments) created \(missing.path)")
        }
        // A command that reads a root says there is none (69), as its help does.
        for command in ["timeline", "summary", "trace", "report", "status"] {
            let run = try Self.device([command, "--root", deep])
            #expect(run.status == 69, "\(command): exit \(run.status)\n\(run.stderr)")
            #expect(run.stderr.contains("\(deep): no device root here"), "\(command): \(run.stderr)")
        }
        // A root inside a directory that exists is made as before.
        let fine = try Self.device(["init", "--root", directory.appendingPathComponent("fine").path])
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    /// Item 2: a fault's time that is no time of day says so, naming the
    /// fields, both in `--fault` and in a scenario line.
    @Test func aTimeThatIsNoTimeOfDaySaysWhichField() throws {
        let (directory, scenario) = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = directory.appendingPathComponent("root").path
        #expect(try Self.device(["init", "--root", root, "--scenario", scenario]).status == 0)
        let run = try Self.device(["run", "--root", root, scenario, "--quiet", "--fault", "at 25:99 clock jump +1h"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(
            run.stderr.contains("25:99 is not a time of day: hour 25 is not 0-23, minute 99 is not 0-59"),
            "\(run.stderr)")
        let minute = try Self.device(["run", "--root", root, scenario, "--quiet", "--fault", "at 08:60 clock jump +1h"])
        #expect(minute.stderr.contains("08:60 is not a time of day: minute 60 is not 0-59"), "\(minute.stderr)")
        #expect(!minute.stderr.contains("hour"), "\(minute.stderr)")
        let bad = directory.appendingPathComponent("bad-time.scenario")
        try (Self.scenario + "at 24:30 leave\n").write(to: bad, atomically: true, encoding: .utf8)
        let line = try Self.device(["run", "--root", root, bad.path, "--quiet"])
        #expect(line.status == 65, "\(line.stderr)")
        #expect(line.stderr.contains("24:30 is not a time of day: hour 24 is not 0-23"), "\(line.stderr)")
    }

    /// Item 3: a crash point no process declares is refused before the
    /// run (exit 64 for `--fault`, 65 for a scenario's `fault` line), naming
    /// it and the points of that process kind, instead of a run that ends
    /// 0 with the fault MISSED.
    @Test func aCrashPointNoProcessDeclaresIsRefusedWithTheKnownOnes() throws {
        let (directory, scenario) = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = directory.appendingPathComponent("root").path
        #expect(try Self.device(["init", "--root", root, "--scenario", scenario]).status == 0)
        let run = try Self.device([
            "run", "--root", root, scenario, "--quiet", "--fault", "kill monitor at nowhere#1 launch 3",
        ])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("no process declares the crash point 'nowhere'"), "\(run.stderr)")
        for known in [
            "ledger.append.{after-lock,torn-write,after-write}", "monitor.{after-record-minutes,after-session-clear}",
            "STORE.update.{after-lock,before-rename,after-rename}",
        ] {
            #expect(run.stderr.contains(known), "the monitor's points are not listed:\n\(run.stderr)")
        }
        #expect(!run.stderr.contains("shield-action.{"), "another kind's points are listed:\n\(run.stderr)")
        // Nothing was played: the root is as `init` left it.
        #expect(!FileManager.default.fileExists(atPath: root + "/logs/oracle.json"))

        let preempt = try Self.device([
            "run", "--root", root, scenario, "--quiet", "--fault", "preempt app at app.refresh.after-reading",
        ])
        #expect(preempt.status == 64, "\(preempt.stderr)")
        #expect(preempt.stderr.contains("pause point 'app.refresh.after-reading'"), "\(preempt.stderr)")
        #expect(preempt.stderr.contains("app.refresh.after-read-inputs"), "\(preempt.stderr)")

        // A scenario's `fault` line, in the header and timed.
        let header = Self.scenario.replacingOccurrences(
            of: "end 2026-11-30 09:00\n", with: "end 2026-11-30 09:00\nfault kill app at rules.update.after-locks\n")
        for (text, number, point) in [
            (header, 4, "rules.update.after-locks"),
            (
                Self.scenario + "at 08:30 fault kill shield-action at shield-action.after-spending\n", 8,
                "shield-action.after-spending"
            ),
        ] {
            let file = directory.appendingPathComponent("bad-point.scenario")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let line = try Self.device(["run", "--root", root, file.path, "--quiet"])
            #expect(line.status == 65, "\(line.stderr)")
            #expect(line.stderr.contains("bad-point.scenario:\(number): "), "\(line.stderr)")
            #expect(line.stderr.contains("no process declares the crash point '\(point)'"), "\(line.stderr)")
            #expect(line.stderr.contains("STORE.update.{after-lock,before-rename,after-rename}"), "\(line.stderr)")
        }
    }

    /// Every point a process can be killed or stopped at is known, a store's
    /// steps under any store's name (a rule's shield store, a guest's suite).
    @Test func theCatalogKnowsEveryDeclaredPoint() {
        for point in [
            "ledger.append.torn-write#3", "rule-EA2B2072-6807-4E6A-97B5-24E9CD4125B8.update.before-rename",
            "group.dev.bchen.OpenAppLock.update.after-lock#2", "device.deliver.after-launch",
            "shield-action.after-monitor",
        ] {
            #expect(CrashPointCatalog.problem(point: point, target: .monitor, pause: false) == nil, "\(point)")
        }
        #expect(CrashPointCatalog.problem(point: "app.refresh.after-read-inputs", target: .app, pause: true) == nil)
        #expect(CrashPointCatalog.problem(point: "app.refresh.after-read-inputs", target: .app, pause: false) != nil)
        #expect(CrashPointCatalog.problem(point: ".update.after-lock", target: .app, pause: false) != nil)
    }
}

extension NewcomerUsageTests {
    /// The words after `marker` on the line of `text` that has it.
    static func words(after marker: String, in text: String) -> [String] {
        guard let line = text.components(separatedBy: "\n").first(where: { $0.contains(marker) }),
            let range = line.range(of: marker)
        else { return [] }
        return line[range.upperBound...].split(separator: " ").map(String.init)
    }

    /// Item 6: every command's `--help` has a line for every option the
    /// command takes (`commandSpecs`, which an unknown option's error
    /// lists, as an unknown command's lists the commands) and its exit codes.
    @Test func everyCommandsHelpHasALineForEveryOptionItTakes() throws {
        let unknown = try Self.device(["no-such-command"])
        #expect(unknown.status == 64)
        let commands = Self.words(after: "the commands: ", in: unknown.stderr)
        #expect(commands.count >= 15, "\(unknown.stderr)")
        for command in commands {
            let refused = try Self.device([command, "--no-such-option"])
            #expect(refused.status == 64, "\(command): \(refused.stderr)")
            #expect(refused.stderr.contains("run `oal-device \(command) --help` for usage"), "\(refused.stderr)")
            let options = Self.words(after: "; \(command) takes ", in: refused.stderr)
            #expect(options.contains("--help") && options.count >= 3, "\(command): \(refused.stderr)")
            let help = try Self.device([command, "--help"])
            #expect(help.status == 0)
            let lines = help.stdout.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for option in options where option != "--help" && option != "--version" {
                #expect(
                    lines.contains { $0.hasPrefix(option + " ") },
                    "`oal-device \(command) --help` has no line for \(option)")
            }
            #expect(help.stdout.contains("Every command: --help, --version."))
            #expect(lines.contains { $0.hasPrefix("Exit 0") }, "`oal-device \(command) --help` has no exit codes")
        }
        // A guest subcommand's help is its own lines, exit codes included.
        for subcommand in ["build", "test", "history", "mutate", "check"] {
            let help = try Self.device(["guest", subcommand, "--help"])
            #expect(help.stdout.contains("  guest \(subcommand) "), "\(help.stdout)")
            #expect(help.stdout.components(separatedBy: "\n  guest ").count == 2, "\(help.stdout)")
            #expect(help.stdout.contains("      Exit 0"), "\(help.stdout)")
        }
    }
}

extension NewcomerUsageTests {
    /// Item 7: "survived, 6 expectation(s) changed" with exit 0 is said
    /// what it means: once before the reruns, in the report and in
    /// `sweep --help`.
    @Test func aSweepSaysWhatSurvivedWithChangedExpectationsMeans() throws {
        let site = CrashSite(launch: 3, target: .shieldAction, point: "shield-action.after-spend", occurrence: 1)
        let changed = FaultRun.Verdict(
            violations: [], expectationFailures: ["demo.scenario:31: expect ...", "demo.scenario:32: expect ..."],
            error: nil, faultEvents: [], reproduce: "r")
        let outcome = CrashSweep.Outcome(site: site, verdict: changed, killed: true)
        #expect(
            outcome.progressText
                == "shield-action launch 3 at shield-action.after-spend#1: survived (no violation), "
                + "2 expectation(s) changed")
        let baseline = FaultRun.Verdict(
            violations: [], expectationFailures: [], error: nil, faultEvents: [], reproduce: "r")
        let report = CrashSweep.Report(reached: [site], baseline: baseline, outcomes: [outcome]).render()
        let legend =
            "survived: the oracle found no violation in the rerun; \"N expectation(s) changed\": N of the "
            + "scenario's expect lines saw something else, which a kill may change"
        #expect(report.contains(legend), "\(report)")
        let help = try Self.device(["sweep", "--help"])
        #expect(help.stdout.contains("\"N expectation(s) changed\""), "\(help.stdout)")
        #expect(help.stdout.contains("which a kill may change"), "\(help.stdout)")
    }
}
