import Foundation
import OALGuestBuild
import OALSystem

/// A mutation score on the real app's enforcement code (`oal-device guest
/// mutate`, docs/GUEST.md "Mutation score"). The checkout is copied (never
/// touched), every eligible line of the extensions' sources (Shared/ and
/// the three extensions) is rewritten as mutant schemata (`MutantSchema`),
/// the copy is built once and plays each scenario unmutated, then the
/// generated days of a fixed list of seeds (`MutationSeeds`), recording the
/// sites it reaches (`OAL_MUTANT_COVERAGE`). A site none reached is `not
/// covered`, and not played; each other mutant is played on the scenarios
/// with `OAL_MUTANT=guest-N`. It is killed when some scenario's verdict
/// differs from the unmutated copy's (exit, checks with violations, failed
/// expectations, findings) or the run times out; it survives otherwise,
/// unless `equivalent` names it with the reason it cannot change behaviour.
/// The score is killed ÷ (killed + survived + not covered) (`MutationTally`).
public struct GuestMutation {
    public var checkout: URL
    public var builder: GuestBuilder
    /// One player per scenario (the demo day and a few more); the first is
    /// also the template of the generated days' players.
    public var players: [GuestScenarioRun]
    /// The generated days played after the scenarios; nil: the app
    /// harness's `mutation-seeds` file, when it has one.
    public var seeds: MutationSeeds?
    public var work: URL
    /// Play at most this many mutants (spread evenly over the sites), nil: all.
    public var limit: Int?
    /// The mutants declared equivalent; nil: the app harness's
    /// `mutants-equivalent` file, when it has one.
    public var equivalent: EquivalentMutants?
    /// Paths containing any of these are not enforcement code.
    public var exclude: [String]
    public var progress: (String) -> Void

    public init(
        checkout: URL, builder: GuestBuilder, players: [GuestScenarioRun], seeds: MutationSeeds? = nil, work: URL,
        limit: Int?, equivalent: EquivalentMutants?, exclude: [String], progress: @escaping (String) -> Void
    ) {
        self.checkout = checkout
        // Every process's compile errors, the report extension's too: the
        // rounds put back the lines the compiler rejects.
        var options = builder.options
        options.reportMayBeLeftOut = false
        self.builder = GuestBuilder(options: options)
        self.players = players
        self.seeds = seeds
        self.work = work
        self.limit = limit
        self.equivalent = equivalent
        self.exclude = exclude
        self.progress = progress
    }

    /// What is not enforcement code, though the extensions compile it:
    /// diagnostics (logging) and copy (user-facing strings).
    public static let notEnforcement = ["/Diagnostics/", "Diagnostics/", "/Copy/", "Copy/"]

    public typealias Outcome = MutantOutcome
    public typealias Result = MutantResult

    public struct Report: Codable, Sendable {
        public var app: String
        public var files: [String]
        public var results: [Result]
        /// The counts and the score, and the same per operator (by its name).
        public var tally: MutationTally
        public var byOperator: [String: MutationTally]
        /// The sites the unmutated runs reached, by number.
        public var reached: [Int]
        /// The scenarios played, by file name, then the generated days.
        public var scenarios: [String]
        /// The seeds whose generated days were played (after the scenarios).
        public var seeds: [UInt64]
        /// The unmutated copy's verdict of each scenario and day, in order.
        public var baseline: [String]
        public var buildSeconds: Double
        public var playSeconds: Double

        public init(
            app: String, files: [String], results: [Result], reached: Set<Int>, scenarios: [String] = [],
            seeds: [UInt64] = [], baseline: [String], buildSeconds: Double, playSeconds: Double
        ) {
            self.app = app
            self.files = files
            self.results = results
            self.scenarios = scenarios
            self.seeds = seeds
            tally = MutationTally(results)
            byOperator = Dictionary(
                uniqueKeysWithValues: MutationSite.Operator.allCases.map { op in
                    (op.rawValue, MutationTally(results.filter { $0.site.op == op }))
                })
            self.reached = reached.sorted()
            self.baseline = baseline
            self.buildSeconds = buildSeconds
            self.playSeconds = playSeconds
        }

        public func count(_ outcome: Outcome) -> Int { tally.count(outcome) }
        /// Killed over killed + survived + not covered.
        public var score: Double { tally.score }
    }

    public func run() throws(GuestBuildError) -> Report {
        let app = try GuestAppReader.read(checkout)
        let harness = try GuestHarnessFiles.locate(
            for: app, harnesses: builder.options.harnesses, explicit: builder.options.harness)
        var equivalent = self.equivalent ?? .none
        let testDoubles: EquivalentMutants
        do {
            if self.equivalent == nil {
                equivalent = try EquivalentMutants.load(harness.directory.appendingPathComponent("mutants-equivalent"))
            }
            // Same lines as the equivalents: `FILE[:LINE...] -- WHAT IT IS`.
            testDoubles = try EquivalentMutants.load(harness.directory.appendingPathComponent("mutants-test-doubles"))
        } catch {
            throw .harness(error.description)
        }
        var seeds = self.seeds ?? .none
        if self.seeds == nil {
            do {
                seeds = try MutationSeeds.load(harness.directory.appendingPathComponent("mutation-seeds"))
            } catch {
                throw .harness(error.description)
            }
        }
        guard let template = self.players.first else { throw .tool("no scenario to play") }
        let days = work.appendingPathComponent("days")
        let players = self.players + seeds.seeds.map { template.generatedDay(seed: $0, in: days) }
        var files = Set<String>()
        // A report extension's views are compiled and never drawn: no site there.
        for process in app.processes where process.kind != .app {
            files.formUnion(Set(process.sources).subtracting(process.views))
        }
        let targets = files.filter { path in !exclude.contains { path.contains($0) } }.sorted()
        let copy = work.appendingPathComponent("copy")
        do {
            try? FileManager.default.removeItem(at: work)
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: checkout, to: copy)
        } catch {
            throw .io("\(copy.path): cannot copy the checkout: \(error)")
        }
        var originals: [String: String] = [:]
        for file in targets {
            guard let text = try? String(contentsOf: checkout.appendingPathComponent(file), encoding: .utf8) else {
                throw .io("\(checkout.appendingPathComponent(file).path): cannot be read")
            }
            originals[file] = text
        }
        let started = MonotonicClock.nanoseconds()
        let original = try builder.build(checkout: checkout)
        let leftOut = Set(original.excluded.map(\.exclusion.file))
        let (build, sites, dropped) = try buildSchemata(
            originals: originals, copy: copy, leftOut: leftOut)
        let buildSeconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
        progress("\(sites.count) mutant(s) in \(targets.count) file(s) built as one copy in \(Int(buildSeconds)) s")
        if !seeds.seeds.isEmpty { progress("generated days: seeds \(seeds)") }

        let playStarted = Date()
        // The unmutated runs, each recording the sites it reaches.
        let coverage = work.appendingPathComponent("coverage")
        try Self.prepareCoverage(coverage)
        var baseline: [ScenarioVerdict] = []
        for (index, player) in players.enumerated() {
            var recorded = player
            recorded.coverage = coverage
            baseline.append(
                try recorded.play(build: build, root: work.appendingPathComponent("baseline-\(index)")))
        }
        let reached: Set<Int>
        do {
            reached = try MutantCoverage.read(coverage)
        } catch {
            throw .io(error.description)
        }
        if reached.isEmpty, !sites.isEmpty {
            throw .tool(
                "\(coverage.path): the unmutated runs recorded none of the \(sites.count) site(s) as reached "
                    + "(a GuestSDK that records nothing, or scenarios that launch no process)")
        }
        progress("the unmutated runs reached \(reached.count) of \(sites.count) site(s)")
        var results = dropped
        // Test doubles, sites no run reached, then equivalents, are set
        // aside first, so --limit samples only mutants that are played.
        let (settled, candidates) = MutantTriage.settle(
            sites, reached: reached, equivalent: equivalent, testDoubles: testDoubles)
        results += settled
        let chosen = Self.spread(candidates, limit: limit)
        let chosenIDs = Set(chosen.map(\.id))
        for site in candidates where !chosenIDs.contains(site.id) {
            results.append(Result(site: site, outcome: .notPlayed, detail: "beyond --limit"))
        }
        for (number, site) in chosen.enumerated() {
            var outcome = Result(site: site, outcome: .survived, detail: "every scenario's verdict unchanged")
            for (index, player) in players.enumerated() {
                var mutated = player
                mutated.mutant = site.variable
                let verdict = try mutated.play(build: build, root: work.appendingPathComponent("mutant"))
                if !verdict.sameBehaviour(as: baseline[index]) {
                    outcome = Result(
                        site: site, outcome: .killed,
                        detail: "\((player.scenario as NSString).lastPathComponent): \(verdict)")
                    break
                }
            }
            results.append(outcome)
            progress(
                "[\(number + 1)/\(chosen.count)] \(outcome.outcome.rawValue): \(site.file):\(site.line) "
                    + "\(site.op.rawValue) \(site.original.prefix(60))")
        }
        return Report(
            app: app.name, files: targets, results: results.sorted { $0.site.id < $1.site.id }, reached: reached,
            scenarios: players.map { ($0.scenario as NSString).lastPathComponent }, seeds: seeds.seeds,
            baseline: baseline.map(\.description), buildSeconds: buildSeconds,
            playSeconds: Date().timeIntervalSince(playStarted))
    }

    /// An empty directory for the unmutated runs' reached sites, or an
    /// error naming it: a site a process could not record would count its
    /// mutant as not covered.
    static func prepareCoverage(_ directory: URL) throws(GuestBuildError) {
        let probe = directory.appendingPathComponent("probe")
        do {
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data().write(to: probe)
            try FileManager.default.removeItem(at: probe)
        } catch {
            throw .io("\(directory.path): the reached sites cannot be recorded there: \(error)")
        }
    }

    /// Writes the schemata into the copy and builds it; a line the
    /// compiler rejects (or a file the build would then leave out) is put
    /// back as it was and its sites reported `not compiled`.
    func buildSchemata(
        originals: [String: String], copy: URL, leftOut: Set<String>
    ) throws(GuestBuildError) -> (URL, [MutationSite], [Result]) {
        var skip: [String: Set<Int>] = [:]
        var skipFiles: Set<String> = []
        var dropped: [Result] = []
        for round in 1...10 {
            var sites: [MutationSite] = []
            var next = 1
            for (file, text) in originals.sorted(by: { $0.key < $1.key }) {
                let output: String
                if skipFiles.contains(file) {
                    output = text
                } else {
                    let (rewritten, fileSites) = MutantSchema.rewrite(
                        text, file: file, firstID: next, skip: skip[file] ?? [])
                    sites += fileSites
                    next += fileSites.count
                    output = rewritten
                }
                do {
                    try output.write(to: copy.appendingPathComponent(file), atomically: true, encoding: .utf8)
                } catch {
                    throw .io("\(copy.appendingPathComponent(file).path): \(error)")
                }
            }
            progress("building the mutated copy (round \(round), \(sites.count) site(s))")
            do {
                let build = try builder.build(checkout: copy)
                let extra = Set(build.excluded.map(\.exclusion.file)).subtracting(leftOut).intersection(originals.keys)
                if extra.isEmpty { return (build.directory, sites, dropped) }
                for file in extra {
                    skipFiles.insert(file)
                    dropped += sites.filter { $0.file == file }.map {
                        Result(site: $0, outcome: .notCompiled, detail: "the build left the mutated file out")
                    }
                }
            } catch {
                guard case .compile(_, _, let errors) = error else { throw error }
                var progressed = false
                for error in errors {
                    guard let (file, line) = Self.location(error, copy: copy), originals[file] != nil else { continue }
                    let lineSites = sites.filter { $0.file == file && $0.line == line }
                    if lineSites.isEmpty {
                        // An error away from any rewritten line: the file's
                        // schemata are not trusted.
                        if !skipFiles.contains(file) {
                            skipFiles.insert(file)
                            dropped += sites.filter { $0.file == file }.map {
                                Result(site: $0, outcome: .notCompiled, detail: error)
                            }
                            progressed = true
                        }
                        continue
                    }
                    if skip[file, default: []].insert(line).inserted {
                        dropped += lineSites.map { Result(site: $0, outcome: .notCompiled, detail: error) }
                        progressed = true
                    }
                }
                guard progressed else { throw error }
            }
        }
        throw .tool("the mutated copy still does not compile after 10 rounds of leaving lines out")
    }

    /// `path:line: error: …` → the file relative to the copy and the line
    /// (the compiler names it relative to the checkout, or absolutely).
    static func location(_ error: String, copy: URL) -> (String, Int)? {
        let prefix = copy.path.hasSuffix("/") ? copy.path : copy.path + "/"
        var rest = Substring(error)
        if let start = error.range(of: prefix) { rest = error[start.upperBound...] }
        let parts = rest.split(separator: ":", maxSplits: 2)
        guard parts.count >= 2, let line = Int(parts[1]) else { return nil }
        return (String(parts[0]), line)
    }

    /// At most `limit` sites, spread evenly over all (so every file and
    /// operator is sampled), in site order.
    static func spread(_ sites: [MutationSite], limit: Int?) -> [MutationSite] {
        guard let limit, limit < sites.count, limit > 0 else { return sites }
        return (0..<limit).map { sites[$0 * sites.count / limit] }
    }
}
