import Foundation
import OALDomain
import OALEmulator
import OALOracle
import OALPlatform
import OALProcesses
import OALScenario
import OALStore

/// `oal-device diff`: one scenario played three ways (background path
/// alone, foreground loop alone, both) in three roots, compared minute by
/// minute per app. Every minute where the shield timelines differ is listed
/// and classified as a divergence the spec names (with its reason) or a
/// finding.
public struct DifferentialRun: Sendable {
    public struct Difference: Hashable, Sendable, Codable {
        public var minute: String
        public var app: String
        /// blocked (true) / open per run, keyed by `RunPaths.rawValue`.
        public var states: [String: Bool]
        /// nil: a finding; otherwise the spec-named reason.
        public var namedReason: String?
        public var isFinding: Bool { namedReason == nil }
    }

    public var scenario: String
    public var minutes: Int
    public var differences: [Difference]
    public var results: [String: RunResult]
    public var roots: [String: String]

    public var findings: [Difference] { differences.filter(\.isFinding) }
    public var passed: Bool { findings.isEmpty }

    static let order: [RunPaths] = [.background, .foreground, .both]

    /// Plays `spec` three times under `directory`, resolved here.
    public static func run(
        spec: RunSpec, directory: URL, progress: (@Sendable (String) -> Void)? = nil
    ) throws -> DifferentialRun {
        try run(try ResolvedRun.resolve(spec), directory: directory, progress: progress)
    }

    /// Plays `run` three times under `directory` (which must not exist
    /// yet or be empty), once per `--paths`: `directory/background`,
    /// `/foreground`, `/both`.
    public static func run(
        _ run: ResolvedRun, directory: URL, progress: (@Sendable (String) -> Void)? = nil
    ) throws -> DifferentialRun {
        let scenarioPath = run.spec.scenario
        let scenario = run.scenario
        var results: [String: RunResult] = [:]
        var roots: [String: String] = [:]
        var timelines: [RunPaths: [String: [Bool]]] = [:]
        let minuteCount = max(Int(scenario.end.timeIntervalSince(scenario.start) / 60), 0)
        for paths in order {
            let root = DeviceRoot(directory.appendingPathComponent(paths.rawValue, isDirectory: true))
            progress?("paths \(paths.rawValue): \(root.url.path)")
            results[paths.rawValue] = try RunPlayer.playOnNewRoot(
                run.on(paths: paths), options: EngineOptions(root: root))
            roots[paths.rawValue] = root.url.path
            timelines[paths] = try perMinute(root: root, start: scenario.start, minutes: minuteCount)
        }
        // Classification uses what the full run published.
        let both = DeviceRoot(directory.appendingPathComponent(RunPaths.both.rawValue, isDirectory: true))
        let classifier = try Classifier(root: both, scenario: scenario)
        var differences: [Difference] = []
        let apps = Set(timelines.values.flatMap(\.keys)).sorted()
        for app in apps {
            for minute in 0..<minuteCount {
                var states: [String: Bool] = [:]
                for paths in order { states[paths.rawValue] = timelines[paths]?[app]?[minute] ?? false }
                guard Set(states.values).count > 1 else { continue }
                let instant = scenario.start.addingTimeInterval(TimeInterval(minute * 60))
                differences.append(
                    Difference(
                        minute: LocalTimeText.text(instant, classifier.calendar), app: app, states: states,
                        namedReason: classifier.reason(app: app, at: instant, states: states)))
            }
        }
        return DifferentialRun(
            scenario: scenarioPath, minutes: minuteCount, differences: differences, results: results, roots: roots)
    }

    /// Blocked or not per app per minute, from the trace's `app.state`
    /// lines: the state once every event at the minute's first instant is done.
    static func perMinute(root: DeviceRoot, start: Date, minutes: Int) throws -> [String: [Bool]] {
        let events = try TraceLog.read(root.trace).compactMap { try? $0.get() }
            .filter { $0.process == .device && $0.event == "app.state" }
        var changes: [String: [(Date, Bool)]] = [:]
        for event in events {
            guard let app = event.fields["app"], let time = Oracle.parseTimestamp(event.time) else { continue }
            changes[app, default: []].append((time, event.fields["state"] == "blocked"))
        }
        var result: [String: [Bool]] = [:]
        for (app, list) in changes {
            var row: [Bool] = []
            var index = 0
            var current = false
            for minute in 0..<minutes {
                let instant = start.addingTimeInterval(TimeInterval(minute * 60))
                while index < list.count, list[index].0 <= instant {
                    current = list[index].1
                    index += 1
                }
                row.append(current)
            }
            result[app] = row
        }
        return result
    }

    /// Names the spec's divergences: which path is expected to miss what.
    struct Classifier {
        let rules: [PublishedRule]
        let catalog: InstalledAppCatalog
        let calendar: Calendar
        let plan: MonitoringPlan

        init(root: DeviceRoot, scenario: Scenario) throws {
            let container = try AppGroupContainer(url: root.appGroup)
            rules = try RuleSnapshotStore(container: container).all().compactMap {
                guard let (rule, selection) = try? $0.decoded() else { return nil }
                return PublishedRule(rule: rule, selection: selection)
            }
            catalog = try EmulatedPlatform(root: root).catalog.catalog()
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: scenario.timeZoneIdentifier) ?? .gmt
            self.calendar = calendar
            plan = MonitoringPlan.plan(for: rules.map(\.rule))
        }

        func reason(app: String, at instant: Date, states: [String: Bool]) -> String? {
            guard let installed = catalog.apps.first(where: { $0.name == app }) else { return nil }
            let covering = rules.filter { published in
                let inSelection = published.selection?.covers(installed.token, category: installed.category) ?? false
                return published.rule.configuration.selectionMode == .block ? inSelection : !inSelection
            }
            let background = states[RunPaths.background.rawValue] ?? false
            let foreground = states[RunPaths.foreground.rawValue] ?? false
            let both = states[RunPaths.both.rawValue] ?? false
            let edges = plan.foregroundOnly.filter { edge in covering.contains { $0.rule.id == edge.ruleID } }
            // The foreground-only run misses what only monitor events know,
            // and enforces what only the app's refresh can (it is always running).
            if foreground != both, background == both {
                if !foreground, covering.contains(where: { $0.rule.configuration.timeLimit != nil }) {
                    return "time-limit usage is only known through DeviceActivity threshold events, "
                        + "so the foreground path alone cannot block on a budget"
                }
                if let edge = edges.first {
                    return "\(edge.explanation): DeviceActivity cannot express it, so only the app's refresh "
                        + "enforces it; the foreground-only run refreshes as if always open, the others only when opened"
                }
            }
            // The background-only run misses edges DeviceActivity cannot express.
            if background != both, foreground == both {
                if let edge = edges.first {
                    return "\(edge.explanation): DeviceActivity cannot express it, only the app's refresh "
                        + "enforces it, and the background-only run never opens the app"
                }
            }
            return nil
        }
    }

    /// The report `oal-device diff` prints.
    public func render(limit: Int = 40) -> String {
        var lines = ["diff: \(scenario), \(minutes) minute(s) × 3 runs (background, foreground, both)"]
        for paths in Self.order {
            let result = results[paths.rawValue]
            let root = roots[paths.rawValue] ?? "?"
            lines.append(
                "  \(paths.rawValue): \(root)  expectations \(result?.met ?? 0) met, "
                    + "\(result?.failures.count ?? 0) failed; oracle \(result?.violations.count ?? 0) violation(s)")
            // A count alone sends the reader digging: each failure is named,
            // and where the run's own report is.
            guard let result, !result.passed else { continue }
            let named = result.failures.map { "FAIL \($0)" } + result.violations.map { "VIOLATION \($0)" }
            lines += named.prefix(20).map { "    \($0)" }
            if named.count > 20 { lines.append("    ... and \(named.count - 20) more") }
            // Each run wrote its own views (DeviceEngine.run): the page to open.
            lines.append("    report: \(root)/logs/\(RunReport.file)")
            lines.append("    oracle: \(root)/logs/oracle.json")
        }
        // Runs of consecutive minutes with the same app, states and reason.
        var groups: [(first: Difference, last: Difference, count: Int)] = []
        for difference in differences {
            if let last = groups.last, last.last.app == difference.app, last.last.states == difference.states,
                last.last.namedReason == difference.namedReason
            {
                groups[groups.count - 1] = (last.first, difference, last.count + 1)
            } else {
                groups.append((difference, difference, 1))
            }
        }
        lines.append(
            "  \(differences.count) differing minute(s): \(differences.count - findings.count) spec-named, "
                + "\(findings.count) finding(s)")
        for group in groups.prefix(limit) {
            let states = Self.order.map {
                "\($0.rawValue)=\(group.first.states[$0.rawValue] == true ? "blocked" : "open")"
            }
            let span =
                group.count == 1
                ? group.first.minute : "\(group.first.minute)–\(group.last.minute) (\(group.count) min)"
            let verdict = group.first.namedReason.map { "named: \($0)" } ?? "FINDING"
            lines.append("  \(span) \(group.first.app): \(states.joined(separator: " ")) — \(verdict)")
        }
        if groups.count > limit { lines.append("  ... \(groups.count - limit) more span(s)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
