import Foundation
import OALDomain
import OALEmulator
import OALExplore
import OALPlatform
import OALProcesses
import OALSystem
import OALTestSupport
import Testing

/// `RunSpec` (issue 24): one value per run, rendered as the one command
/// that replays it, and read back from that command.
@Suite struct RunSpecTests {
    /// A spec drawn from `random`, over every field and the characters a
    /// shell would otherwise take for its own (spaces, quotes, `$`, `;` in
    /// paths, non-ASCII), within what `oal-device run` accepts.
    static func draw(_ random: inout SplitMix64) -> RunSpec {
        func pick<T>(_ options: [T]) -> T { options[Int(random.next(upperBound: UInt64(options.count)))] }
        func maybe(_ chance: UInt64 = 2) -> Bool { random.next(upperBound: chance) == 0 }
        let words = ["demo", "my day", "it's", "$HOME", "a;b", "café", "x\"y", "tab\there", "*", "back\\slash"]
        let path = "/tmp/" + pick(words) + "/" + pick(words) + ".scenario"
        var spec = RunSpec(scenario: maybe(4) ? "scenarios/demo-day.scenario" : path)
        spec.binDirectory = maybe(3) ? nil : "/opt/" + pick(words) + "/release"
        if maybe() { spec.seed = random.next() }
        spec.randomFaults = maybe()
        let faults = [
            "at 09:00 clock jump +5m", "at day 2 10:00 clock timezone Asia/Kathmandu", "kill monitor at x#2 launch 3",
            "at 01:30 (second) press open on 'Chess'", "store truncate open-sessions",
        ]
        spec.faults = (0..<Int(random.next(upperBound: 4))).map { _ in pick(faults) }
        if maybe(3) { spec.guest = "/var/cache/" + pick(words) }
        if maybe(3) { spec.mutant = pick(["monitor-skips-minutes", "press-without-lock"]) }
        if maybe(3) { spec.days = Int(random.next(upperBound: 3660)) + 1 }
        if maybe(4) {
            spec.freeRunningSpeed = pick([600, 1, 100_000, 37.5])
        } else {
            spec.launches = pick([.cold, .forked, .warm(seed: random.next())])
            spec.paths = pick(RunPaths.allCases)
        }
        return spec
    }

    @Test func parsingTheRenderedCommandGivesTheSameSpecBack() throws {
        var random = SplitMix64(seed: 24)
        for index in 0..<2000 {
            let spec = Self.draw(&random)
            let command = spec.command
            let parsed = try RunSpec.parse(command: command)
            #expect(parsed == spec, "spec \(index): \(command)")
            if parsed != spec { return }
        }
    }

    /// A guest run's reproduce line names what the guest was built from
    /// (`REPO@COMMIT` or a checkout), not the cache's build directory,
    /// which exists only where the run was (issue 24). The run's own
    /// children still get the build directory: nothing is built again.
    @Test func aGuestRunsReproduceLineNamesWhatItWasBuiltFrom() throws {
        var spec = RunSpec(scenario: "scenarios/demo-day.scenario", binDirectory: "/opt/bin")
        spec.guest = "/root/.cache/oal-guest/builds/3f2a"
        spec.guestSource = "../shared/guest/OpenAppLock.bundle@37f5175e0c"
        #expect(spec.command.contains("--guest ../shared/guest/OpenAppLock.bundle@37f5175e0c"), "\(spec.command)")
        #expect(!spec.command.contains("/builds/3f2a"), "\(spec.command)")
        #expect(spec.runArguments.contains("/root/.cache/oal-guest/builds/3f2a"), "\(spec.runArguments)")
        // Read back, the line gives the text to resolve again.
        #expect(try RunSpec.parse(command: spec.command).guest == "../shared/guest/OpenAppLock.bundle@37f5175e0c")
    }

    /// What a shell makes of the line is what `ShellWords` makes of it:
    /// `sh` prints the words of a rendered line's run half one per line.
    @Test func theShellReadsTheRenderedWordsAsTheyWereMeant() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<40 {
            let spec = Self.draw(&random)
            let line = spec.runCommand(root: "/tmp/some root")
            let words = try ShellWords.split(line)
            #expect(words.count >= 5)
            // `sh -c 'printf "%s\n" WORDS'`: the shell's own splitting.
            let script = "printf '%s\\0' " + line
            let printed = try ProcessRun.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script])
            let shell = printed.stdout.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(
                String.init)
            #expect(shell == words, "\(line)")
        }
    }

    @Test func aReproduceLineNamesTheExecutablesThatRan() {
        var spec = RunSpec(scenario: "s.scenario", seed: 3, binDirectory: "/work/.build/release")
        spec.launches = .forked
        spec.mutant = "monitor-skips-minutes"
        #expect(
            spec.command
                == "/work/.build/release/oal-device init --root NEWDIR --scenario s.scenario && "
                + "OAL_MUTANT=monitor-skips-minutes /work/.build/release/oal-device run --root NEWDIR s.scenario "
                + "--seed 3 --forked")
    }

    /// Option combinations are checked in one place, `RunSpec.parse`,
    /// whose messages the CLI prints.
    @Test(arguments: [
        (["--speed", "5"], "--speed: only with --free-running"),
        (["--free-running", "--warm", "1"], "--warm: not with --free-running"),
        (["--free-running", "--forked"], "--forked: not with --free-running"),
        (["--forked", "--warm", "1"], "--forked: not with --warm"),
        (["--free-running", "--paths", "background"], "--free-running: not with --paths or --shrink"),
        (["--paths", "sideways"], "--paths: 'sideways' is not both, background or foreground"),
        (["--seed", "-1"], "--seed: '-1' is not a whole number"),
        (["--free-running", "--speed", "0"], "--speed: '0' is not a number from 1 to 100000"),
    ])
    func combinationsAreCheckedOnce(arguments: [String], message: String) throws {
        let parsed = try ArgumentParser.parse(arguments, spec: RunSpec.arguments)
        #expect(throws: ProcessFailure.usage(message)) { try RunSpec.parse(scenario: "s.scenario", parsed) }
    }

    @Test(arguments: [
        ("oal-device run --root NEWDIR s", "no '&&' between init and run"),
        ("oal-device init --root A --scenario s && oal-device run --root B s", "another root or scenario"),
        ("oal-device init --root A --scenario s && oal-device run --root A s --seed $X", "'$' would mean"),
        ("oal-device init --root A --scenario 's && oal-device run --root A s", "a quote is not closed"),
        ("oal-device init --root A --scenario s && oal-device run --root A s --forked --warm 2", "--forked: not with"),
        (
            "oal-device init --root A --scenario s & oal-device run --root A s",
            "a lone '&' runs a command in the background"
        ),
        ("oal-device init --root A --scenario s &&oal-device run --root A s", "'&&' must stand apart"),
    ])
    func aLineThatIsNoReproduceLineSaysWhy(line: String, problem: String) {
        let error = #expect(throws: RunSpec.CommandError.self) { try RunSpec.parse(command: line) }
        #expect(error?.description.contains(problem) == true, "\(String(describing: error))")
    }

    /// A spec resolved gives the spec back, its seed named: the run that
    /// starts is the run its reproduce lines name.
    @Test func aSpecSurvivesItsResolution() throws {
        var random = SplitMix64(seed: 3)
        let scenario = try ScenarioParser(file: "s.scenario").parse(DeviceHarness.header)
        var checked = 0
        for _ in 0..<300 {
            var spec = Self.draw(&random)
            spec.scenario = "s.scenario"
            spec.guest = nil  // a guest build must exist to be loaded
            spec.binDirectory = spec.binDirectory ?? "/bin"
            // Only faults this scenario's zone can place (a repeated hour's
            // `(second)` needs a zone that repeats one).
            spec.faults = spec.faults.filter { (try? FaultLine.parse($0, scenario: scenario)) != nil }
            // The pairs a spec cannot hold are refused at resolution.
            if spec.freeRunningSpeed != nil, spec.launches != .cold { continue }
            let resolved = try ResolvedRun.resolve(spec, scenario: scenario)
            var named = spec
            named.seed = spec.seed ?? scenario.seed
            #expect(resolved.spec == named)
            #expect(resolved.seed == named.seed)
            checked += 1
        }
        #expect(checked > 200)
    }
}
