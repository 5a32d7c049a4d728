import Foundation
import OALPlatform
import OALScenario
import OALSystem

/// The verdict of the last run on a device root, read back from its trace
/// and `logs/oracle.json`: expectations met and failed, which processes took
/// part, and the oracle's verdict. A run the device resumed after being
/// killed counts as the same run.
package struct RunSummary: Sendable {
    package var met: Int
    /// Failed expectations, but for those a known finding explains.
    package var failed: [String]
    /// Failed expectations a known finding of the guest app explains
    /// (`expect.known`), each with the finding and where it is documented.
    var known: [String]
    /// Distinct pids per process kind, to show each ran as its own process.
    var processes: [String: Int]
    var scenario: String?
    /// The guest the run launched (docs/GUEST.md) and its sources, if any.
    var guest: String?
    var guestSource: String?
    var seed: String?
    /// How many times the device was restarted during the run.
    var restarts: Int
    /// The oracle's report of the run, if it finished.
    package var oracle: OracleReport?
    /// The signal that stopped the run (`run.interrupted`) when it has not
    /// been resumed to its end since.
    var interrupted: String?
    /// Peak resident memory per launch, by process kind.
    package var memory: [String: PeakMemory]
    /// The largest private memory per launch, by process kind.
    package var privateMemory: [String: PeakMemory]
    /// Launches a `memory-limit` fault killed (jetsam).
    package var jetsamKills: Int
    /// Warm mode (`--warm SEED`), nil for a cold run.
    var warm: WarmFigures?
    /// `--forked`: plain extension launches were forked by fork servers
    /// (`run.start`'s `launches: forked`).
    var forked: Bool
    /// Every fault the run injected, whether it took effect, and what
    /// failed after it (docs/FAULTS.md, "What a run says").
    var faults: [FaultOutcome]
    /// The device's calendar, for local times.
    var calendar: Calendar

    /// How a warm run's callbacks were served (`launch.end`'s `warm`) and
    /// why its processes were retired (`warm.retired`'s `reason`).
    struct WarmFigures: Sendable, Equatable {
        var seed: String
        /// Callbacks a live process received, per extension kind.
        var reused: [String: Int] = [:]
        /// Callbacks that started a process, per extension kind.
        var started: [String: Int] = [:]
        var retired: [String: Int] = [:]

    }

    package init(root: DeviceRoot) throws {
        let events = try TraceLog.read(root.trace).compactMap { try? $0.get() }
        let lastRun =
            events.lastIndex {
                $0.process == .device && $0.event == "run.start" && $0.fields["resumed"] != "true"
            } ?? 0
        var met = 0
        var failedLines: [(line: String, text: String)] = []
        var knownLines: [String: String] = [:]
        var pids: [String: Set<Int32>] = [:]
        var failures: [(Date, String)] = []
        for event in events[lastRun...] {
            pids[event.process.rawValue, default: []].insert(event.pid)
            guard event.process == .device else { continue }
            if event.event == "expect.known", let line = event.fields["line"] {
                knownLines[line] = event.fields["finding"] ?? "?"
            }
            guard event.event == "expect" else { continue }
            if event.fields["result"] == "ok" {
                met += 1
            } else {
                let line = event.fields["line"] ?? "?"
                failedLines.append(
                    (line, "line \(line): \(event.fields["text"] ?? "") — \(event.fields["detail"] ?? "")"))
                if let time = TraceEvent.date(fromTimestamp: event.time) {
                    failures.append((time, "FAIL line \(line): \(event.fields["text"] ?? "")"))
                }
            }
        }
        let start = events.indices.contains(lastRun) ? events[lastRun] : nil
        self.met = met
        self.failed = failedLines.filter { knownLines[$0.line] == nil }.map(\.text)
        self.known = failedLines.compactMap { entry in
            knownLines[entry.line].map { "\(entry.text) (finding \($0): \(Self.findingsDocument))" }
        }
        self.processes = pids.mapValues(\.count)
        self.scenario = start?.fields["scenario"]
        self.seed = start?.fields["seed"]
        self.guest = start?.fields["guest"]
        self.guestSource = start?.fields["guestSource"]
        self.restarts = events[lastRun...].filter { $0.process == .device && $0.event == "run.start" }.count - 1
        self.oracle = OracleReport.last(root: root)
        self.calendar = (try? EmulatedPlatform(root: root).clock.calendar()) ?? Calendar(identifier: .gregorian)
        for violation in oracle?.violations ?? [] {
            guard let time = TraceEvent.date(fromTimestamp: violation.time) else { continue }
            let rule = violation.ruleName.map { " rule \"\($0)\"" } ?? ""
            failures.append((time, "VIOLATION [\(violation.check.rawValue)]\(rule) at \(violation.localTime)"))
        }
        for divergence in oracle?.expectedDivergences ?? [] {
            guard let time = TraceEvent.date(fromTimestamp: divergence.time) else { continue }
            failures.append((time, "expected [\(divergence.check.rawValue)] \(divergence.reason)"))
        }
        self.faults = FaultOutcome.outcomes(
            events: Array(events[lastRun...]), failures: failures.sorted { $0.0 < $1.0 })
        let last = events[lastRun...].last {
            $0.process == .device && ["run.interrupted", "run.end"].contains($0.event)
        }
        self.interrupted =
            last?.event == "run.interrupted" ? "\(last?.fields["signal"] ?? "a signal") at \(last?.time ?? "?")" : nil
        self.memory = PeakMemory.byKind(events[lastRun...])
        self.privateMemory = PeakMemory.byKind(events[lastRun...], field: TraceEvent.privateMemoryField)
        self.forked = start?.fields["launches"] == "forked"
        self.warm = start?.fields["warm"].map { seed in
            var figures = WarmFigures(seed: seed)
            for event in events[lastRun...] where event.process == .device {
                if event.event == "launch.end", let kind = event.fields["proc"], let warm = event.fields["warm"] {
                    if warm == "reused" {
                        figures.reused[kind, default: 0] += 1
                    } else {
                        figures.started[kind, default: 0] += 1
                    }
                } else if event.event == "warm.retired", let reason = event.fields["reason"] {
                    figures.retired[reason, default: 0] += 1
                }
            }
            return figures
        }
        self.jetsamKills =
            events[lastRun...].filter {
                $0.process == .device && $0.event == "fault" && $0.fields["action"] == "killed"
                    && $0.fields["reason"] == "jetsam"
            }.count
    }

    package var passed: Bool { interrupted == nil && failed.isEmpty && (oracle?.passed ?? true) }
    /// Passed but for failed expectations known findings explain: exit 5.
    package var onlyKnownFindings: Bool { passed && !known.isEmpty }

    /// Where the guest app's known findings are documented.
    package static let findingsDocument =
        "docs/FINDINGS.md and guest-harness/<app>/findings"

    /// The summary's text; `color` paints the verdicts (the caller decides
    /// whether its stdout may carry colour: `ColorPolicy`).
    package func render(root: DeviceRoot, color: ColorPolicy = .plain) -> String {
        var lines: [String] = []
        if let guest { lines.append("Guest:        \(guest) from \(guestSource ?? "?") (its own code, unmodified)") }
        lines.append(
            "Expectations: " + color.paint("\(met) met", .green) + ", "
                + color.paint("\(failed.count) failed", failed.isEmpty ? .dim : .red)
                + (known.isEmpty
                    ? "" : ", " + color.paint("\(known.count) failed as known finding(s) of the app", .yellow)))
        lines += failed.map { "  " + color.paint("FAIL", .red) + " \($0)" }
        lines += known.map { "  " + color.paint("KNOWN", .yellow) + " \($0)" }
        if onlyKnownFindings {
            lines.append("  (nothing failed but known findings of the app: exit 5, not 1)")
        }
        lines += faultSection(color: color)
        let kinds = processes.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
        lines.append("Processes (distinct pids): " + kinds.joined(separator: ", "))
        if forked { lines.append("Launches: forked (--forked: each plain extension callback forked by a fork server)") }
        lines += memorySection()
        lines += warmSection()
        if restarts > 0 { lines.append("Device restarts: \(restarts) (resumed from its root)") }
        if let interrupted {
            lines.append("Interrupted: by \(interrupted); `oal-device run --root \(root.url.path) SCENARIO` resumes it")
        }
        lines += oracleSection(root: root, color: color)
        lines.append("Device root: \(root.url.path)")
        lines.append("Trace:       \(root.trace.path)")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension RunSummary {
    /// Each fault injected: where it came from, whether and when it took
    /// effect, and what failed after it (each failure under the last fault
    /// that took effect at or before it; repeated lines counted).
    func faultSection(color: ColorPolicy = .plain) -> [String] {
        guard !faults.isEmpty else { return [] }
        let fired = faults.filter { $0.fired != nil }.count
        var lines = ["Faults:       \(faults.count) injected, \(fired) took effect"]
        for fault in faults {
            let when = fault.fired.map { "took effect \(LocalTimeText.text($0, calendar)): " } ?? ""
            lines.append(
                "  " + color.paint(fault.fired == nil ? "MISSED" : "FIRED", fault.fired == nil ? .dim : .yellow)
                    + " \(fault.fault) (\(fault.source), injected \(LocalTimeText.text(fault.injected, calendar))): "
                    + when + fault.effect)
            guard fault.fired != nil else { continue }
            var counts: [String: Int] = [:]
            var order: [String] = []
            for text in fault.followedBy {
                if counts[text] == nil { order.append(text) }
                counts[text, default: 0] += 1
            }
            if order.isEmpty { lines.append("    followed by: nothing failed, no divergence") }
            for text in order.prefix(10) {
                let count = counts[text] ?? 1
                lines.append("    followed by: \(text)" + (count > 1 ? " ×\(count)" : ""))
            }
            if order.count > 10 { lines.append("    ... and \(order.count - 10) more") }
        }
        return lines
    }

    /// Peak resident memory per kind, against iOS's limit for a monitor.
    func memorySection() -> [String] {
        guard !memory.isEmpty else { return [] }
        // A forked launch's peak is its `ru_maxrss`, reported by its fork
        // server, and it has no private figure (not sampled while it ran).
        let source = forked ? "sampled by the device, or a forked launch's ru_maxrss" : "sampled by the device"
        var lines = [
            "Peak memory per exited launch (MiB, \(source); iOS allows a DeviceActivityMonitor "
                + "~\(PeakMemory.mebibytes(Int(PeakMemory.monitorLimitMiB * 1024)))):"
        ]
        func spread(_ figures: PeakMemory?) -> String {
            guard let figures else { return "-" }
            return [figures.minKiB, figures.medianKiB, figures.maxKiB].map(PeakMemory.mebibytes).joined(
                separator: " / ")
        }
        for (kind, figures) in memory.sorted(by: { $0.key < $1.key }) {
            let name = kind.padding(toLength: 14, withPad: " ", startingAt: 0)
            lines.append(
                "  \(name) ×\(figures.launches)  resident min / median / max \(spread(figures))"
                    + "  private \(spread(privateMemory[kind]))")
        }
        if jetsamKills > 0 { lines.append("  jetsam kills (memory-limit): \(jetsamKills)") }
        return lines
    }

    /// Warm mode: per extension, callbacks served by a live process against
    /// those that started one, and why processes were retired.
    func warmSection() -> [String] {
        guard let warm else { return [] }
        let kinds = Set(warm.reused.keys).union(warm.started.keys).sorted()
        var lines = ["Warm processes (--warm \(warm.seed)): callbacks served by a live process / all:"]
        for kind in kinds {
            let reused = warm.reused[kind] ?? 0
            let all = reused + (warm.started[kind] ?? 0)
            lines.append("  \(kind.padding(toLength: 14, withPad: " ", startingAt: 0)) \(reused) / \(all)")
        }
        let reasons = warm.retired.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
        if !reasons.isEmpty { lines.append("  retired: " + reasons.joined(separator: ", ")) }
        return lines
    }

    /// The oracle's verdict: violations (each one line), expected
    /// divergences by reason, and where the full report is.
    func oracleSection(root: DeviceRoot, color: ColorPolicy = .plain) -> [String] {
        let path = root.logs.appendingPathComponent(OracleReport.file).path
        guard let oracle else { return ["Oracle:      no report (the run did not finish): \(path)"] }
        var lines = [
            "Oracle:      " + color.paint("\(oracle.violations.count) violation(s)", oracle.passed ? .green : .red)
                + ", "
                + "\(oracle.expectedDivergences.count) expected divergence(s), \(oracle.checksRun) check(s)"
        ]
        var byReason: [String: Int] = [:]
        for divergence in oracle.expectedDivergences {
            byReason["[\(divergence.check.rawValue)] \(divergence.reason)", default: 0] += 1
        }
        for (reason, count) in byReason.sorted(by: { $0.key < $1.key }) {
            lines.append("  expected ×\(count): \(reason)")
        }
        for violation in oracle.violations.prefix(10) {
            lines.append("  " + color.paint("VIOLATION", .red) + " \(violation)")
        }
        if oracle.violations.count > 10 { lines.append("  ... and \(oracle.violations.count - 10) more") }
        if let reproduce = oracle.violations.first?.reproduce { lines.append("  reproduce: \(reproduce)") }
        for quarantined in oracle.quarantined { lines.append("  quarantined: \(quarantined)") }
        lines += oracle.guestLines
        lines.append("Oracle report: \(path)")
        return lines
    }
}
