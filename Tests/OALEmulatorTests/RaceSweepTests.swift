import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALSystem
import OALTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The race sweep (docs/FAULTS.md, "Race sweep"), `--shard` and `--junit`,
/// on a small scenario: an app refresh and an Open press at one instant.
@Suite struct RaceSweepTests {
    static func scenario(_ directory: URL) throws -> String {
        let file = directory.appendingPathComponent("race.scenario")
        try """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 10:00
        at 08:00 app list add Games --apps Chess
        at 08:00 app rule add open-limit Gate --list Games --opens 2
        at 09:00 app refresh
        at 09:00 press open on Chess for 5m
        at 09:30 expect usage Gate opens 1 of 2
        """.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    static func directory() throws -> URL { try TemporaryDirectory.make(prefix: "oal-race") }

    /// Issue 24: Ctrl-C (or SIGTERM) in `oal-device race` exited 1, as if
    /// an interleaving had failed; now 130/143, as the crash sweep and the
    /// swarm. A real process, a real signal, sent once reruns have begun.
    @Test(arguments: [SIGINT, SIGTERM]) func aStopSignalEndsTheRaceSweepAsInterrupted(signal: Int32) throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let scenario = try Self.scenario(base)
        let race = try ChildProcess.spawn(
            BuiltProducts.directory.appendingPathComponent("oal-device").path,
            arguments: ["race", "--root-base", base.appendingPathComponent("sweep").path, scenario, "--limit", "40"],
            standardOutput: "/dev/null", standardError: "/dev/null")
        let started = Date()
        // Once a rerun's root exists, the listing is done and reruns run.
        while Date().timeIntervalSince(started) < 120 {
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("sweep").path))
            if names?.contains(where: { $0.hasPrefix("race-") }) == true { break }
            if try race.poll() != nil { break }
            usleep(50_000)
        }
        try? race.signal(signal)
        #expect(try race.wait() == .exited(128 + signal))
    }

    /// The race sweep of the demo day hung at its 100th interleaving: a
    /// callback delivered while an app launch was stopped holding the
    /// database's lock, then the oracle's untraced `rules --json` query
    /// waited for that lock forever (nothing resumes the stopped launch
    /// for an untraced process). Now nothing is asked of the app while a
    /// launch is stopped. A real run, killed if it is not done in 3 min.
    @Test func aCallbackInterleavedWithAStoppedAppLaunchDoesNotHang() throws {
        let demo = try String(
            contentsOf: Repository.root.appendingPathComponent("scenarios/demo-day.scenario"), encoding: .utf8)
        let run = try DeviceProcessRun(demo)
        defer { run.remove() }
        let root = run.root("device")
        #expect(try run.initialize(root) == .exited(0))
        let device = try ChildProcess.spawn(
            run.executable,
            arguments: [
                "run", "--root", root.url.path, run.file.path, "--quiet", "--fault",
                "preempt app at deviceactivity.update.after-rename#1 launch 5 with callback",
            ], standardOutput: "/dev/null", standardError: "/dev/null")
        let started = Date()
        var ended = try device.poll()
        while ended == nil, Date().timeIntervalSince(started) < 180 {
            usleep(100_000)
            ended = try device.poll()
        }
        if ended == nil { try? device.signal(SIGTERM) }
        #expect(ended == .exited(0), "the run hung (or failed): \(String(describing: ended))")
        _ = try? device.wait()
    }

    /// Listing: every crash point is a pause point, the pause-only point
    /// is there too, and each site carries only what could happen then.
    @Test func theListingRunFindsEveryPausePointAndWhatCanInterleaveThere() throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let race = try RaceSweep(
            SweepSettings(
                spec: .built(try Self.scenario(base)), rootBase: base))
        let (sites, pauseSites, baseline) = try race.list()
        #expect(baseline.passed, "\(baseline.reason)")
        #expect(pauseSites > 20)
        // The pause-only point and crash points, of the app and the press.
        #expect(sites.contains { $0.point == "app.refresh.after-read-inputs" && $0.with == .step })
        #expect(sites.contains { $0.point == "ledger.append.after-lock" && $0.target == .shieldAction })
        #expect(sites.contains { $0.point == "shield-action.after-spend" && $0.with == .relaunch })
        // The app is no extension: never relaunched.
        #expect(!sites.contains { $0.target == .app && $0.with == .relaunch })
        // The press is the last line of 09:00: nothing is due after it.
        #expect(!sites.contains { $0.target == .shieldAction && $0.with == .step })
        // The same listing twice (the basis of --shard).
        let again = try race.list()
        #expect(again.sites == sites)
    }

    /// The refresh stopped after reading its inputs while the press runs:
    /// finding 6 used to re-lock the session there; the design now re-reads
    /// under the press lock (docs/FAULTS.md), so the rerun passes. A press
    /// stopped inside its ledger append while a second launch of it runs:
    /// the second one waits for the lock, so the stopped one is resumed
    /// first. (Deduplication and the replayable `fault preempt` line are no
    /// longer exercised by a live failure here: none is left at these
    /// points; see the issue notes.)
    @Test func aRerunPerSiteIsJudgedAndTheFixedRaceHolds() throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let path = try Self.scenario(base)
        let race = try RaceSweep(SweepSettings(spec: .built(path), rootBase: base, jobs: 2))
        let (sites, _, _) = try race.list()
        let refresh = try #require(sites.first { $0.point == "app.refresh.after-read-inputs" && $0.launch > 2 })
        let locked = try #require(
            sites.first { $0.point == "ledger.append.after-lock" && $0.target == .shieldAction && $0.with == .relaunch }
        )
        let outcomes = race.rerun([(0, refresh), (1, locked)])
        #expect(outcomes.allSatisfy { $0.paused })
        #expect(outcomes[0].interleaved?.contains("press open on Chess") == true)
        #expect(outcomes[0].verdict.passed, "\(outcomes[0].verdict.reason)")
        #expect(outcomes[1].resumedEarly, "the second press waits for the ledger's lock")
        #expect(outcomes[1].verdict.error == nil, "\(outcomes[1].verdict.reason)")
        #expect(refresh.line.hasPrefix("fault preempt app at app.refresh.after-read-inputs#1 launch "))
        let fault = try FaultParser.parse(text: String(refresh.line.dropFirst("fault ".count)))
        #expect("fault " + fault.description == refresh.line)

        let report = RaceSweep.Report(
            pauseSites: 2, candidates: [refresh, locked], baseline: outcomes[0].verdict, outcomes: outcomes,
            scenario: path)
        #expect(report.failures.isEmpty, "\(report.render())")
    }

    /// The live failure the fixed design no longer has, brought back with
    /// the `press-without-lock` mutant (the sweep spec's `mutant`): a second launch
    /// of the same press while the first is stopped spends a second open.
    /// Failures are deduplicated by (target, point, interleaving, kind), and
    /// the first one's `fault preempt` line replays it exactly.
    @Test func aMutantsRaceIsFoundDeduplicatedAndReplayed() throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let path = try Self.scenario(base)
        let mutant = "press-without-lock"
        let race = try RaceSweep(
            SweepSettings(
                spec: .built(path, mutant: mutant), rootBase: base, kinds: [.shieldAction],
                jobs: 2), interleavings: [.relaunch])
        let (sites, pauseSites, baseline) = try race.list()
        #expect(baseline.passed, "the listing run alone has no race: \(baseline.reason)")
        let chosen = Array(sites.filter { $0.point.hasPrefix("deviceactivity.update.") }.prefix(4))
        #expect(chosen.count >= 2)
        let outcomes = race.rerun(chosen.enumerated().map { (position: $0.offset, site: $0.element) })
        let report = RaceSweep.Report(
            pauseSites: pauseSites, candidates: chosen, baseline: baseline, outcomes: outcomes, scenario: path)
        let failures = report.failures
        #expect(!failures.isEmpty, "\(report.render())")
        // The second open spent is the failure; the Rules screen's label
        // then counts the budget spent too ("15h left"), which the
        // status-label check reports as the same failure's consequence.
        let spent = failures.filter { $0.kind == OracleCheck.opensExactlyOnce.rawValue }
        #expect(!spent.isEmpty, "\(report.render())")
        #expect(
            failures.allSatisfy { [OracleCheck.opensExactlyOnce, .statusLabel].map(\.rawValue).contains($0.kind) },
            "\(report.render())")
        // Deduplicated: one entry per (target, point, interleaving, kind).
        let keys = failures.map { "\($0.target) \($0.point) \($0.with) \($0.kind)" }
        #expect(Set(keys).count == keys.count)
        #expect(spent.map(\.outcomes.count).reduce(0, +) == report.failedOutcomes.count)
        #expect(report.render().contains("fault preempt shield-action at "))

        let first = try #require(failures.first?.first.site)
        let replay = FaultRun(
            spec: RunSpec.built(path, mutant: mutant).adding(fault: String(first.line.dropFirst("fault ".count))),
            root: DeviceRoot(base.appendingPathComponent("replay"))
        ).run()
        #expect(replay.violations.contains { $0.check == .opensExactlyOnce }, "\(replay.reason)")
        #expect(replay.reproduce.contains("OAL_MUTANT=press-without-lock "))
    }

    @Test func preemptNamesWhatRunsWhileItIsStopped() throws {
        for text in [
            "preempt monitor at ledger.append.after-lock#2 launch 7 with callback",
            "preempt app at app.refresh.after-read-inputs with refresh",
            "preempt shield-action at shield-action.after-spend#1 launch 5 with relaunch",
            "preempt app at app.refresh.after-read-inputs",
        ] {
            let fault = try FaultParser.parse(text: text)
            #expect(fault.description == text)
            #expect(try FaultParser.parse(text: fault.description) == fault)
        }
        #expect(
            try FaultParser.parse(text: "preempt app at rules.update.after-lock with step")
                == .preempt(.app, point: "rules.update.after-lock", launch: nil, with: .step))
        #expect(throws: FaultParser.Failure.self) {
            try FaultParser.parse(text: "preempt app at rules.update.after-lock with relaunch")
        }
        #expect(throws: FaultParser.Failure.self) {
            try FaultParser.parse(text: "preempt monitor at rules.update.after-lock with nap")
        }
        // A point no process declares is refused, not left to miss (issue 34).
        #expect(throws: FaultParser.Failure.self) { try FaultParser.parse(text: "preempt app at x with step") }
    }

    @Test func shardsCoverEveryPointExactlyOnce() throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let sweep = try CrashSweep(
            SweepSettings(
                spec: .built(try Self.scenario(base)), rootBase: base))
        let (sites, _) = try sweep.list()
        #expect(sites.count > 10)
        for count in [1, 2, 3, 7] {
            let shards = (1...count).map { Shard(index: $0, count: count)! }
            let picked = shards.flatMap { $0.positions(of: sites.count) }
            #expect(picked.sorted() == Array(sites.indices), "\(count) shards")
            #expect(Set(picked).count == sites.count)
            #expect(shards.map { $0.select(sites).count }.reduce(0, +) == sites.count)
        }
        #expect(Shard("2/3") == Shard(index: 2, count: 3))
        #expect(Shard("0/3") == nil && Shard("4/3") == nil && Shard("3") == nil && Shard("a/b") == nil)
    }

    /// `--jobs` changes nothing but the wall time; `--junit` parses and
    /// counts what the report says.
    @Test func aParallelShardedSweepWritesJUnitThatParsesAndCounts() throws {
        let base = try Self.directory()
        defer { try? FileManager.default.removeItem(at: base) }
        let path = try Self.scenario(base)
        func sweep(jobs: Int, shard: Shard?) throws -> CrashSweep.Report {
            try CrashSweep(
                SweepSettings(
                    spec: .built(path), rootBase: base.appendingPathComponent("j\(jobs)"), limit: 6,
                    kinds: [.shieldAction], jobs: jobs, shard: shard)
            ).run()
        }
        let one = try sweep(jobs: 1, shard: Shard(index: 1, count: 2))
        let two = try sweep(jobs: 2, shard: Shard(index: 1, count: 2))
        #expect(one.outcomes.count == 3)
        #expect(one.outcomes.map(\.site) == two.outcomes.map(\.site))
        #expect(one.outcomes.map(\.verdict.passed) == two.outcomes.map(\.verdict.passed))

        let xml = two.junit().xml()
        let counts = try JUnitCounts(xml)
        #expect(counts.suites == 1)
        #expect(counts.cases == two.outcomes.count)
        #expect(counts.failures == two.failed.filter { $0.verdict.error == nil }.count)
        #expect(counts.declaredTests == two.outcomes.count)
        #expect(counts.declaredFailures == counts.failures)
        #expect(
            counts.outputs.allSatisfy { $0.contains("reproduce: ") && $0.contains("oal-device init --root NEWDIR") })
        #expect(xml.contains("shard 1/2"))
    }

    @Test func junitEscapesWhatAViolationSays() throws {
        let report = JUnitReport(
            name: "a <b> & \"c\"",
            cases: [
                .init(
                    classname: "x", name: "p#1", seconds: 1, failure: ("expected <1> & 'x'", "body\u{1}"), output: "o"),
                .init(classname: "x", name: "q", seconds: 0.5, error: "stopped", output: ""),
                .init(classname: "x", name: "r", seconds: 0, output: "ok"),
            ])
        let counts = try JUnitCounts(report.xml())
        #expect(counts.cases == 3 && counts.failures == 1 && counts.errors == 1)
        #expect(counts.failureMessages == ["expected <1> & 'x'"])
    }
}

/// What a JUnit file holds, read back with an XML parser.
final class JUnitCounts: NSObject, XMLParserDelegate {
    var suites = 0
    var cases = 0
    var failures = 0
    var errors = 0
    var declaredTests = 0
    var declaredFailures = 0
    var failureMessages: [String] = []
    var outputs: [String] = []
    private var text = ""

    init(_ xml: String) throws {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        switch name {
        case "testsuite":
            suites += 1
            declaredTests += Int(attributes["tests"] ?? "") ?? 0
            declaredFailures += Int(attributes["failures"] ?? "") ?? 0
        case "testcase": cases += 1
        case "failure":
            failures += 1
            failureMessages.append(attributes["message"] ?? "")
        case "error": errors += 1
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "system-out" { outputs.append(text) }
    }
}
