import Foundation
import Glibc
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario
import OALStore
import OALSystem

/// `oal-device kill-sweep`: the emulated OS itself killed at each of its own
/// crash points (its `device-state`, `oracle-state` and `fault-state`
/// saves, and `device.deliver.after-launch`), then started again on the
/// same root, and the run it finishes compared with one never killed. The
/// device cannot kill itself inside the sweeping process, so every run here
/// is a real `oal-device` process (`DeviceProcess`): the killed one ends by
/// SIGKILL, the resumed one plays to the end.
public struct DeviceKillSweep: Sendable {
    /// The run every point repeats with a kill of the device added.
    public var resolved: ResolvedRun
    public var scenarioPath: String { resolved.spec.scenario }
    public var rootBase: URL
    /// At most this many points, spread evenly over the list.
    public var limit: Int?
    public var jobs: Int
    /// Only the points whose name starts with this (`--only PREFIX`).
    public var only: String?
    /// `--timed N`: instead of the crash points, N instants spread evenly
    /// over the never-killed run's trace, each killed by its line count
    /// (`kill device at-line L`): the instants no point announces.
    public var timedInstants: Int?
    /// `--syscalls`: at every file-changing system call of the device's own
    /// process, on entry, by strace (`SyscallTrap`), instead of its points.
    public var syscalls = false
    public var progress: (@Sendable (String) -> Void)?

    public init(
        run: ResolvedRun, rootBase: URL, limit: Int? = nil, jobs: Int = 1, only: String? = nil,
        timedInstants: Int? = nil, progress: (@Sendable (String) -> Void)? = nil
    ) {
        resolved = run
        self.rootBase = rootBase
        self.limit = limit
        self.jobs = jobs
        self.only = only
        self.timedInstants = timedInstants
        self.progress = progress
    }

    /// The names only the device's own process reaches: an extension never
    /// writes these files.
    static let ownPrefixes = ["device-state.", "device.", "oracle-state.", "fault-state."]

    /// What a finished run left that a kill must not change: the oracle's
    /// violations (check and rule), every day's usage in the ledger, and the
    /// scenario's expectations (met and failed).
    public struct Ending: Sendable, Equatable, CustomStringConvertible {
        public var violations: [String]
        public var usage: [String]
        public var expectations: String

        public var description: String {
            "\(violations.count) violation(s), expectations \(expectations), usage "
                + (usage.isEmpty ? "none" : usage.joined(separator: ", "))
        }
    }

    public struct Outcome: Sendable {
        public var point: String
        /// The kill happened (the first run ended by SIGKILL).
        public var killed: Bool
        public var ending: Ending?
        public var error: String?
        public var root: String

        /// Resumed to the baseline's verdict and usage.
        public func same(as baseline: Ending) -> Bool { error == nil && ending == baseline }
    }

    public struct Report: Sendable {
        public var baseline: Ending
        /// Every point of the device's own the never-killed run reached.
        public var listed: [String]
        public var outcomes: [Outcome]

        public var pointsListed: Int { listed.count }

        public var differing: [Outcome] { outcomes.filter { !$0.same(as: baseline) } }

        public func render() -> String {
            let what =
                listed.first?.hasPrefix("at-line ") == true
                ? "timed instant(s) by trace line"
                : listed.first?.hasPrefix("at-syscall ") == true
                    ? "file-changing system call(s) of the device's own" : "point(s) of the device's own"
            var text = "device kill sweep: \(pointsListed) \(what), \(outcomes.count) run(s)\n"
            text += "baseline (never killed): \(baseline)\n"
            for outcome in differing {
                text += "  DIFFERS at \(outcome.point): "
                text += outcome.error ?? "\(outcome.ending.map(\.description) ?? "no ending")"
                text += "\n    root: \(outcome.root)\n"
            }
            let killed = outcomes.filter(\.killed).count
            text += "\(outcomes.count - differing.count) of \(outcomes.count) resumed to the same verdict and usage "
            text += "(\(killed) killed where the point was reached)\n"
            return text
        }
    }

    public func run() throws -> Report {
        try FileManager.default.createDirectory(at: rootBase, withIntermediateDirectories: true)
        let baselineRoot = rootBase.appendingPathComponent("baseline", isDirectory: true)
        let log = rootBase.appendingPathComponent("device-points.log").path
        try? FileManager.default.removeItem(atPath: log)
        try prepare(baselineRoot)
        let calls = rootBase.appendingPathComponent("device.strace").path
        let played = try play(
            baselineRoot, fault: nil, environment: [CrashPoint.logVariable: log],
            wrapper: syscalls ? SyscallTrap.logging(to: calls) : [])
        guard Self.finished(played) else {
            throw EngineError.io("the baseline run ended \(played); see \(baselineRoot.path)/logs")
        }
        let baseline = try Self.ending(DeviceRoot(baselineRoot))
        let points =
            syscalls
            ? SyscallLog.points(in: (try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").map {
                "at-syscall \($0.point)#\($0.occurrence)"
            }
            : try timedInstants.map { Self.lineGrid(instants: $0, lines: try Self.lineCount(DeviceRoot(baselineRoot))) }
                ?? Self.points(fromLog: log).filter { only.map($0.hasPrefix) ?? true }
        let reruns = Sweep<String>(rootBase: rootBase, limit: limit, jobs: jobs, shard: nil, progress: progress)
        let outcomes = reruns.each(reruns.choose(points)) { position, point in
            let outcome = self.sweep(
                point, root: rootBase.appendingPathComponent("point-\(position)", isDirectory: true))
            return (outcome, "\(point): \(outcome.same(as: baseline) ? "same" : "DIFFERS")")
        }
        return Report(baseline: baseline, listed: points, outcomes: outcomes)
    }

    func sweep(_ point: String, root: URL) -> Outcome {
        do {
            try prepare(root)
            // A system call is killed by the strace around the device, not
            // by a fault of its own: the resumed run is the same command.
            let fault = point.hasPrefix("at-syscall ") ? nil : Self.killFault(point)
            let first = try play(
                root, fault: fault,
                wrapper: point.hasPrefix("at-syscall ") ? SyscallTrap.killing(at: String(point.dropFirst(11))) : [])
            let killed = first == .signaled(SIGKILL)
            if killed {
                // The same command again, as `scripts/supervise` restarts a
                // killed device: the root holds that run (a kill of the
                // device is armed once, so it does not fire again).
                let second = try play(root, fault: fault)
                let finishedBefore = second == .exited(64) && DeviceRoot(root).runIsFinished
                guard Self.finished(second) || finishedBefore else {
                    return Outcome(
                        point: point, killed: true, error: "the resumed run ended \(second)", root: root.path)
                }
            }
            return Outcome(point: point, killed: killed, ending: try Self.ending(DeviceRoot(root)), root: root.path)
        } catch {
            return Outcome(point: point, killed: false, error: "\(error)", root: root.path)
        }
    }

    func prepare(_ root: URL) throws {
        if FileManager.default.fileExists(atPath: root.path) { try FileManager.default.removeItem(at: root) }
        let created = try process(resolved).initialize(root: root)
        guard created == .exited(0) else {
            throw EngineError.io("oal-device init --root \(root.path) ended \(created)")
        }
    }

    func play(_ root: URL, fault: String?, environment: [String: String] = [:], wrapper: [String] = [])
        throws -> DeviceProcess.Ending
    {
        var device = process(try fault.map { try resolved.adding(fault: $0) } ?? resolved, environment: environment)
        device.wrapper = wrapper
        return try device.play(root: root)
    }

    /// `run` as a device process of its own, with none of the sweep's own
    /// crash-point variables.
    private func process(_ run: ResolvedRun, environment: [String: String] = [:]) -> DeviceProcess {
        var inherited = ProcessInfo.processInfo.environment
        inherited[CrashPoint.crashAtVariable] = nil
        inherited[CrashPoint.logVariable] = nil
        return DeviceProcess(run: run, environment: inherited.merging(environment) { $1 })
    }

    /// A run played to its end, whatever it found: passed (0), failed (1),
    /// or only a guest's known findings failed (5).
    static func finished(_ ending: DeviceProcess.Ending) -> Bool {
        ending == .exited(0) || ending == .exited(1) || ending == .exited(5)
    }

    /// The fault that kills the device at a listed point: a crash point's
    /// name, or a timed instant (`at-line L`).
    static func killFault(_ point: String) -> String {
        point.hasPrefix("at-line ") ? "kill device \(point)" : "kill device at \(point)"
    }

    /// `instants` lines spread evenly over a trace of `lines` lines, as
    /// `at-line L`, each once (a short trace gives fewer).
    static func lineGrid(instants: Int, lines: Int) -> [String] {
        guard instants > 0, lines > 0 else { return [] }
        var seen = Set<Int>()
        return (1...instants).compactMap { k in
            let line = max(1, Int((Double(k) * Double(lines) / Double(instants + 1)).rounded()))
            return seen.insert(line).inserted ? "at-line \(line)" : nil
        }
    }

    /// The lines of a finished run's trace.
    static func lineCount(_ root: DeviceRoot) throws -> Int {
        let data = try Data(contentsOf: root.trace)
        return data.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// Every device point reached, as `NAME#n` in the order reached.
    static func points(fromLog path: String) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var seen: [String: Int] = [:]
        var points: [String] = []
        for name in text.split(separator: "\n").map(String.init)
        where ownPrefixes.contains(where: { name.hasPrefix($0) }) {
            seen[name, default: 0] += 1
            points.append("\(name)#\(seen[name]!)")
        }
        return points
    }

    static func ending(_ root: DeviceRoot) throws -> Ending {
        let violations = (OracleReport.last(root: root)?.violations ?? []).map {
            "\($0.check.rawValue) \($0.ruleName ?? "")"
        }.sorted()
        var usage: [String] = []
        let ledger = try UsageLedger(container: AppGroupContainer(url: root.appGroup))
        for day in try ledger.days() {
            // A journal a fault left unreadable (a newer format) is part of
            // the ending, as the same words in both runs, not an error.
            guard let rules = try? ledger.usage(day: day) else {
                usage.append("\(day) unreadable")
                continue
            }
            for (rule, used) in rules {
                usage.append("\(day) \(rule.uuidString.prefix(8)) \(used.minutesUsed)m \(used.opensUsed)o")
            }
        }
        let end = try TraceLog.read(root.trace).compactMap { try? $0.get() }.last { $0.event == "run.end" }
        let expectations = "\(end?.fields["met"] ?? "?") met, \(end?.fields["failed"] ?? "?") failed"
        return Ending(violations: violations, usage: usage.sorted(), expectations: expectations)
    }
}
