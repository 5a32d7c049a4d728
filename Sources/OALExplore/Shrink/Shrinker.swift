import Foundation
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario

/// `oal-device shrink` (and `run --shrink`): reduces a failing run to a
/// minimal scenario that still fails the same way, by delta debugging
/// (docs/FAULTS.md, "Shrinking").
public struct Shrinker: Sendable {
    /// What "fails the same way" means: a violation of this kind on this
    /// rule (by name; nil: a violation concerning no rule).
    public struct Target: Hashable, Sendable, CustomStringConvertible {
        public var check: OracleCheck
        public var rule: String?

        public init(check: OracleCheck, rule: String?) {
            self.check = check
            self.rule = rule
        }

        public func matches(_ verdict: FaultRun.Verdict) -> Bool {
            verdict.error == nil && verdict.violations.contains { $0.check == check && $0.ruleName == rule }
        }

        public var description: String { "[\(check.rawValue)]" + (rule.map { " on rule \"\($0)\"" } ?? "") }

        /// The open failure a regression scenario declares in its `#
        /// oracle: CHECK ["RULE"]` line; nil for `# oracle: passes` or no
        /// such line.
        public static func declared(in text: String) -> Target? {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("# oracle: ") }) else {
                return nil
            }
            let words = line.dropFirst("# oracle: ".count).split(separator: " ", maxSplits: 1).map(String.init)
            guard let first = words.first, let check = OracleCheck(rawValue: first) else { return nil }
            let rule = words.count > 1 ? words[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
            return Target(check: check, rule: rule)
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case passes(String)
        case noSuchViolation(Target, String)
        case materializeChanged(String)

        public var description: String {
            switch self {
            case .passes(let reproduce): "the run does not fail, nothing to shrink: \(reproduce)"
            case .noSuchViolation(let target, let reason): "the run has no \(target) violation (it has: \(reason))"
            case .materializeChanged(let reason):
                "with its faults written as scenario lines the run no longer fails the same way: \(reason)"
            }
        }
    }

    /// The failing run. Its candidates keep its launch mode, guest and
    /// mutant; its faults become lines of the candidate scenarios.
    public var resolved: ResolvedRun
    public var spec: RunSpec { resolved.spec }
    var scenarioPath: String { spec.scenario }
    public var rootBase: URL
    /// nil: the failing run's first violation.
    public var target: Target?
    public var check: OracleCheck?
    public var jobs: Int
    /// Where the minimized scenario goes (default `<root-base>/<name>.min.scenario`).
    public var output: URL?
    public var progress: (@Sendable (String) -> Void)?

    /// A shrink of `spec`, resolved here.
    public init(
        spec: RunSpec, rootBase: URL, target: Target? = nil, check: OracleCheck? = nil, jobs: Int = 1,
        output: URL? = nil, progress: (@Sendable (String) -> Void)? = nil
    ) throws {
        self.init(
            run: try ResolvedRun.resolve(spec), rootBase: rootBase, target: target, check: check, jobs: jobs,
            output: output, progress: progress)
    }

    public init(
        run: ResolvedRun, rootBase: URL, target: Target? = nil, check: OracleCheck? = nil, jobs: Int = 1,
        output: URL? = nil, progress: (@Sendable (String) -> Void)? = nil
    ) {
        resolved = run
        self.rootBase = rootBase
        self.target = target
        self.check = check
        self.jobs = jobs
        self.output = output
        self.progress = progress
    }

    public struct Result: Sendable {
        public var target: Target
        public var path: String
        public var text: String
        /// Lines besides `timezone`/`start`/`end`/`seed`, before and after.
        public var originalSize: Int
        public var size: Int
        public var runs: Int
        public var verdict: FaultRun.Verdict
        /// The minimized scenario's run.
        public var spec: RunSpec

        public var reproduce: String { spec.command }

        public func render() -> String {
            var text = "shrunk to \(size) line(s) from \(originalSize), \(runs) run(s); still \(target):\n"
            text +=
                "  \(verdict.violations.first { target.check == $0.check && target.rule == $0.ruleName }?.description ?? verdict.reason)\n"
            text += "minimized scenario: \(path)\n"
            text += self.text.split(separator: "\n").map { "  | \($0)\n" }.joined()
            text += "reproduce: \(reproduce)\n"
            return text
        }
    }

    /// Counts runs across threads.
    final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
        var count: Int { lock.withLock { value } }
    }

    public func run() throws -> Result {
        let scenario = resolved.scenario
        try FileManager.default.createDirectory(at: rootBase, withIntermediateDirectories: true)
        let counter = Counter()
        progress?("running the failing run of \(scenarioPath)...")
        let original = FaultRun(
            run: resolved, root: DeviceRoot(rootBase.appendingPathComponent("original"))
        ).run()
        _ = counter.next()
        guard !original.passed else { throw Failure.passes(original.reproduce) }
        let wanted: Target
        if let target {
            wanted = target
        } else if let check {
            guard let first = original.violations.first(where: { $0.check == check }) else {
                throw Failure.noSuchViolation(Target(check: check, rule: nil), original.reason)
            }
            wanted = Target(check: check, rule: first.ruleName)
        } else {
            guard let first = original.violations.first else {
                throw Failure.noSuchViolation(
                    Target(check: .agreement, rule: nil), original.reason)
            }
            wanted = Target(check: first.check, rule: first.ruleName)
        }
        guard wanted.matches(original) else { throw Failure.noSuchViolation(wanted, original.reason) }
        progress?("target: \(wanted)")

        // 1. Materialize: the seed's draw and --fault as lines.
        let usedSeed = resolved.seed
        var model = try ShrinkScenario(
            text: try String(contentsOfFile: scenarioPath, encoding: .utf8), scenario: scenario, seed: usedSeed)
        let originalSize = model.size
        if spec.randomFaults {
            for drawn in FaultMix.draw(seed: usedSeed, scenario: scenario) {
                try model.add(
                    fault: drawn.fault.description, at: ShrinkScenario.offset(of: drawn.time, scenario: scenario))
            }
        }
        for text in spec.faults {
            let (time, fault) = try FaultLine.parse(text, scenario: scenario)
            try model.add(fault: fault.description, at: time.map { ShrinkScenario.offset(of: $0, scenario: scenario) })
        }
        let name = URL(fileURLWithPath: scenarioPath).deletingPathExtension().lastPathComponent
        let judge = Judge(
            rootBase: rootBase, base: spec, target: wanted, jobs: jobs, counter: counter, name: name)
        guard var best = judge.first([model]).map({ ($0.1, $0.2) }) else {
            let again = judge.verdict(model, slot: 0)
            throw Failure.materializeChanged(again.reason)
        }
        var current = best.0
        progress?("materialized: \(current.size) line(s)")

        // Pinned launches moved to timed lines, so earlier lines can go.
        current = unpin(current, original: original, judge: judge, best: &best)

        var round = 0
        while round < 4 {
            round += 1
            let before = current
            current = ddmin(current, judge: judge, best: &best, label: "faults") { $0.faultUnits }
            current = ddmin(current, judge: judge, best: &best, label: "lines") { $0.lineUnits }
            current = ddmin(current, judge: judge, best: &best, label: "apps and catalog") { $0.appUnits }
            current = shorten(current, judge: judge, best: &best)
            current = closer(current, judge: judge, best: &best)
            progress?("round \(round): \(current.size) line(s), \(counter.count) run(s)")
            if current == before { break }
        }

        let comment = [
            "Minimized by oal-device shrink from \(URL(fileURLWithPath: scenarioPath).lastPathComponent)"
                + (spec.randomFaults ? " --seed \(usedSeed) --random-faults" : "")
                + spec.faults.map { " --fault " + ShellWords.quote($0) }.joined() + ".",
            "oracle: \(wanted.check.rawValue)" + (wanted.rule.map { " \"\($0)\"" } ?? ""),
        ]
        let text = current.text(comment: comment)
        let path = output ?? rootBase.appendingPathComponent("\(name).min.scenario")
        try text.write(to: path, atomically: true, encoding: .utf8)
        return Result(
            target: wanted, path: path.path, text: text, originalSize: originalSize, size: current.size,
            runs: counter.count, verdict: best.1, spec: spec.replaying(scenario: path.path))
    }

    // MARK: - The predicate

    /// Runs candidates, `jobs` at a time, and says which still fail the
    /// same way; the first in order wins, so the result does not depend on
    /// `jobs`.
    struct Judge: Sendable {
        var rootBase: URL
        /// The failing run: each candidate is it on another scenario.
        var base: RunSpec
        var target: Target
        var jobs: Int
        var counter: Counter
        var name: String

        func verdict(_ model: ShrinkScenario, slot: Int) -> FaultRun.Verdict {
            let directory = rootBase.appendingPathComponent("try-\(slot)", isDirectory: true)
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("\(name).scenario")
            do {
                try model.text().write(to: file, atomically: true, encoding: .utf8)
            } catch {
                return FaultRun.Verdict(
                    violations: [], expectationFailures: [], error: "\(error)", faultEvents: [], reproduce: "")
            }
            _ = counter.next()
            return FaultRun(
                spec: base.replaying(scenario: file.path), root: DeviceRoot(directory.appendingPathComponent("root"))
            ).run()
        }

        /// The first candidate (in order) that still fails the same way.
        func first(_ candidates: [ShrinkScenario]) -> (Int, ShrinkScenario, FaultRun.Verdict)? {
            var start = 0
            let width = max(1, jobs)
            while start < candidates.count {
                let batch = Array(candidates[start..<min(start + width, candidates.count)])
                let verdicts = Parallel.map(batch, jobs: width) { slot, model in verdict(model, slot: slot) }
                if let hit = verdicts.firstIndex(where: target.matches) {
                    return (start + hit, batch[hit], verdicts[hit])
                }
                start += width
            }
            return nil
        }
    }

    // MARK: - Reductions

    /// ddmin over the units `units` picks: try removing chunks (halves,
    /// quarters, ... single units), keep a removal while it still fails.
    private func ddmin(
        _ start: ShrinkScenario, judge: Judge, best: inout (ShrinkScenario, FaultRun.Verdict), label: String,
        units: (ShrinkScenario) -> [Unit]
    ) -> ShrinkScenario {
        var current = start
        var n = 2
        while true {
            let all = units(current)
            guard !all.isEmpty else { return current }
            let size = all.count
            n = min(n, size)
            let chunks = (0..<n).map { i in Array(all[(i * size / n)..<((i + 1) * size / n)]) }.filter { !$0.isEmpty }
            let candidates = chunks.map { current.removing($0) }
            if let (_, kept, verdict) = judge.first(candidates) {
                current = kept
                best = (kept, verdict)
                progress?("\(label): \(current.size) line(s)")
                n = max(n - 1, 2)
                continue
            }
            if n >= size { return current }
            n = min(n * 2, size)
        }
    }

    /// A fault pinned to `launch N` becomes a line armed just before that
    /// launch's instant, without `launch N`, if that still fails.
    private func unpin(
        _ start: ShrinkScenario, original: FaultRun.Verdict, judge: Judge,
        best: inout (ShrinkScenario, FaultRun.Verdict)
    ) -> ShrinkScenario {
        var current = start
        // The launch's instant, from a run of the current candidate.
        for (index, words) in current.headerFaults.enumerated().reversed() {
            guard let at = words.firstIndex(of: "launch"), at + 1 < words.count, let launch = Int(words[at + 1]),
                let offset = launchOffset(launch, judge: judge, model: current)
            else { continue }
            var candidate = current
            candidate.headerFaults.remove(at: index)
            var timed = words
            timed.removeSubrange(at...(at + 1))
            candidate.timed.insert(
                ShrinkScenario.Timed(offset: max(0, offset - 1), words: ["fault"] + timed),
                at: candidate.timed.firstIndex { $0.offset >= offset - 1 } ?? candidate.timed.count)
            if let (_, kept, verdict) = judge.first([candidate]) {
                current = kept
                best = (kept, verdict)
                progress?("unpinned launch \(launch): a timed line")
            }
        }
        return current
    }

    /// The instant (offset) launch N ran at, in a run of `model`.
    private func launchOffset(_ launch: Int, judge: Judge, model: ShrinkScenario) -> Int? {
        let root = DeviceRoot(rootBase.appendingPathComponent("try-0/root"))
        _ = judge.verdict(model, slot: 0)
        guard let lines = try? TraceLog.read(root.trace) else { return nil }
        for line in lines {
            guard let event = try? line.get(), event.event == "launch", event.fields["launch"] == String(launch),
                let time = TraceEvent.date(fromTimestamp: event.time),
                let scenario = try? ScenarioParser.load(
                    path: rootBase.appendingPathComponent("try-0/\(judge.name).scenario").path)
            else { continue }
            return ShrinkScenario.offset(of: time, scenario: scenario)
        }
        return nil
    }

    /// Durations halved (`for D`, `close app for D`) and the end moved to
    /// just after the violation, while it still fails.
    private func shorten(
        _ start: ShrinkScenario, judge: Judge, best: inout (ShrinkScenario, FaultRun.Verdict)
    ) -> ShrinkScenario {
        var current = start
        // The end: a minute after the last line or the violation, whichever is later.
        if let violation = best.1.violations.first(where: { judge.target.check == $0.check }),
            let when = TraceEvent.date(fromTimestamp: violation.time),
            let scenario = try? ScenarioParser.load(
                path: rootBase.appendingPathComponent("try-0/\(judge.name).scenario").path)
        {
            let last = current.timed.map(\.offset).max() ?? 0
            let end = max(last, ShrinkScenario.offset(of: when, scenario: scenario)) + 60
            if end < current.end {
                var candidate = current
                candidate.end = end
                if let (_, kept, verdict) = judge.first([candidate]) {
                    current = kept
                    best = (kept, verdict)
                    progress?("end moved to \(ShrinkScenario.clock(end))")
                }
            }
        }
        for index in current.timed.indices {
            while let forAt = current.timed[index].words.lastIndex(of: "for"),
                forAt + 1 < current.timed[index].words.count,
                let span = DurationText.parse(current.timed[index].words[forAt + 1]), span > 60
            {
                var candidate = current
                let half = max(60, (Int(span) / 2) / 60 * 60)
                candidate.timed[index].words[forAt + 1] = DurationText.format(TimeInterval(half))
                guard let (_, kept, verdict) = judge.first([candidate]) else { break }
                current = kept
                best = (kept, verdict)
            }
        }
        return current
    }

    /// Each gap between two consecutive instants cut to a minute (every
    /// later line moves, the end stays or moves with them), while it still
    /// fails.
    private func closer(
        _ start: ShrinkScenario, judge: Judge, best: inout (ShrinkScenario, FaultRun.Verdict)
    ) -> ShrinkScenario {
        var current = start
        var index = 0
        while true {
            let instants = Array(Set(current.timed.map(\.offset))).sorted()
            guard index + 1 < instants.count else { return current }
            let gap = instants[index + 1] - instants[index]
            if gap > 60 {
                let shift = gap - 60
                var moved = current
                for i in moved.timed.indices where moved.timed[i].offset >= instants[index + 1] {
                    moved.timed[i].offset -= shift
                }
                // The end where it was first (a violation may wait for a
                // window's edge, fixed by a rule), then with the lines.
                var both = moved
                both.end -= shift
                if let (_, kept, verdict) = judge.first([moved, both]) {
                    current = kept
                    best = (kept, verdict)
                }
            }
            index += 1
        }
    }
}

/// One removable piece of a scenario.
enum Unit: Hashable, Sendable {
    case headerFault(Int)
    case catalog(Int)
    case timed(Int)
    /// App `app` of the `app list add` at timed line `line`.
    case listApp(line: Int, app: String)
}

extension ShrinkScenario {
    var faultUnits: [Unit] {
        headerFaults.indices.map { .headerFault($0) } + timed.indices.filter { timed[$0].isFault }.map { .timed($0) }
    }

    var lineUnits: [Unit] { timed.indices.filter { !timed[$0].isFault }.map { .timed($0) } }

    var appUnits: [Unit] {
        var units: [Unit] = catalog.indices.map { .catalog($0) }
        for (index, line) in timed.enumerated() where line.words.starts(with: ["app", "list", "add"]) {
            guard let at = line.words.firstIndex(of: "--apps"), at + 1 < line.words.count else { continue }
            let apps = line.words[at + 1].split(separator: ",").map(String.init)
            if apps.count > 1 { units += apps.map { .listApp(line: index, app: $0) } }
        }
        return units
    }

    func removing(_ units: [Unit]) -> ShrinkScenario {
        var copy = self
        var faults = Set<Int>()
        var catalogs = Set<Int>()
        var lines = Set<Int>()
        for unit in units {
            switch unit {
            case .headerFault(let i): faults.insert(i)
            case .catalog(let i): catalogs.insert(i)
            case .timed(let i): lines.insert(i)
            case .listApp(let line, let app):
                guard let at = copy.timed[line].words.firstIndex(of: "--apps") else { continue }
                let apps = copy.timed[line].words[at + 1].split(separator: ",").map(String.init).filter { $0 != app }
                if !apps.isEmpty { copy.timed[line].words[at + 1] = apps.joined(separator: ",") }
            }
        }
        copy.headerFaults = copy.headerFaults.enumerated().filter { !faults.contains($0.offset) }.map(\.element)
        copy.catalog = copy.catalog.enumerated().filter { !catalogs.contains($0.offset) }.map(\.element)
        copy.timed = copy.timed.enumerated().filter { !lines.contains($0.offset) }.map(\.element)
        return copy
    }
}
