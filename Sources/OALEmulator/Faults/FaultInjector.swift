import Foundation
import Glibc
import OALPlatform
import OALStore
import OALSystem

/// The fault side of the engine: what is armed, and the per-launch plan the
/// process launcher asks for. Shared (a class) by the engine, its launcher
/// and the loop driver.
final class FaultInjector: @unchecked Sendable {
    /// A test-only broken variant (`OAL_MUTANT`, docs/ORACLE.md) every
    /// launch of the run is handed.
    let mutant: String?
    /// The listing runs' logs of reached crash and pause points
    /// (`EngineOptions`).
    let crashLogDirectory: URL?
    /// A syscall sweep's listing run: every launch runs under strace,
    /// its file-changing calls logged here (`<launch>-<target>.strace`).
    let syscallLogDirectory: URL?
    let pauseLogDirectory: URL?
    private let file: DocumentFile<FaultState>
    private let trace: TraceLog
    var state: FaultState
    /// What this process last wrote to `fault-state.json`.
    private var lastSaved: FaultState?
    /// True while the device delivers a held callback (not intercepted again).
    var bypass = false
    /// The activity of the callback being delivered.
    var deliveringActivity: String?
    /// The current emulated time, kept by the engine.
    var now = Date(timeIntervalSince1970: 0)
    /// What the device does while a preempted launch is stopped (set by the
    /// engine: the next scenario step due now). Returns what it ran, for
    /// the trace, or nil when nothing was due.
    var interleave: ((Interleaving, FaultTarget, [String]) throws -> String?)?
    /// While listing pause points: what could interleave with a launch of
    /// a target now (set by the engine, Races/).
    var possibleInterleavings: ((FaultTarget) -> [Interleaving])?
    /// Called when a launch armed with `power-loss TARGET at POINT` died
    /// there: the engine takes the power from the whole device.
    var powerLost: ((String) -> Void)?
    /// The launch stopped at its pause point while something interleaves.
    var stopped: StoppedLaunch?
    let stoppedLock = NSLock()
    let root: DeviceRoot

    init(
        root: DeviceRoot, mutant: String?, crashLogDirectory: URL?, pauseLogDirectory: URL?,
        syscallLogDirectory: URL? = nil, trace: TraceLog
    ) throws {
        self.mutant = mutant
        self.crashLogDirectory = crashLogDirectory
        self.syscallLogDirectory = syscallLogDirectory
        self.pauseLogDirectory = pauseLogDirectory
        self.trace = trace
        self.root = root
        file = try DocumentFile(
            container: try AppGroupContainer(url: root.system), name: "fault-state", format: "oal.fault-state",
            version: 1)
        state = try file.read() ?? FaultState()
    }

    /// Saved after every launch is planned; with no fault armed the state
    /// stays the same, and only this process writes the file, so a save of
    /// what it last wrote is skipped.
    func save() {
        let snapshot = state
        if snapshot == lastSaved { return file.passWriteCrashPoints() }
        guard (try? file.update({ $0 = snapshot })) != nil else { return }
        lastSaved = snapshot
    }

    func record(_ action: String, _ fault: String, kind: String, at time: Date, _ fields: [String: String] = [:]) {
        var all = fields
        all["action"] = action
        all["fault"] = fault
        all["kind"] = kind
        trace.record("fault", at: time, all)
    }

    // MARK: - Launches

    /// What launch `launch` of `target` runs with. Never passes the device's
    /// own crash variables on: only a fault arms a child.
    func plan(_ target: FaultTarget, launch: Int) -> LaunchPlan {
        var plan = LaunchPlan()
        plan.environment[CrashPoint.crashAtVariable] = ""
        plan.environment[CrashPoint.logVariable] = ""
        plan.environment[PausePoint.pauseAtVariable] = ""
        if let index = state.pauses?.firstIndex(where: {
            $0.target == target && ($0.launch == nil || $0.launch == launch)
        }), let pause = state.pauses?.remove(at: index) {
            // One launch, one pause: disarmed when handed out.
            plan.environment[PausePoint.pauseAtVariable] = pause.point
            plan.pause = pause
            plan.notes.append("OAL_PAUSE_AT=\(pause.point)")
            state.pausesGiven = (state.pausesGiven ?? [:]).merging([String(launch): pause]) { $1 }
            record(
                "armed-launch", pause.text, kind: "preempt", at: now,
                ["launch": String(launch), "target": target.rawValue])
        }
        if let directory = pauseLogDirectory {
            plan.environment[PausePoint.logVariable] =
                directory.appendingPathComponent("\(launch)-\(target.rawValue).log").path
        }
        if stopped?.running == true {
            let notice = root.system.appendingPathComponent("lock-wait-\(launch)").path
            try? FileManager.default.removeItem(atPath: notice)
            plan.environment[LockWait.noticeVariable] = notice
            plan.lockWaitNotice = notice
        } else {
            plan.environment[LockWait.noticeVariable] = ""
        }
        if let directory = crashLogDirectory {
            plan.environment[CrashPoint.logVariable] =
                directory.appendingPathComponent("\(launch)-\(target.rawValue).log").path
        }
        if let directory = syscallLogDirectory {
            plan.wrapper = SyscallTrap.logging(
                to: directory.appendingPathComponent("\(launch)-\(target.rawValue).strace").path)
            plan.notes.append("system calls logged")
        }
        if let index = state.kills.firstIndex(where: {
            $0.target == target && ($0.launch == nil || $0.launch == launch)
        }) {
            let kill = state.kills[index]
            if let point = kill.point {
                plan.environment[CrashPoint.crashAtVariable] = point
                plan.notes.append("OAL_CRASH_AT=\(point)")
            }
            if let syscall = kill.syscall {
                plan.wrapper = SyscallTrap.killing(at: syscall)
                plan.notes.append("SIGKILL on entry to \(syscall)")
            }
            if let ms = kill.afterMilliseconds {
                plan.killAfter = TimeInterval(ms) / 1000
                plan.notes.append("SIGKILL after \(ms) ms")
            }
            state.killsGiven[String(launch)] = kill
            // A loop is never reaped by the launcher: one launch, one shot.
            if target == .appLoop || kill.afterMilliseconds != nil { state.kills.remove(at: index) }
            record(
                "armed-launch", kill.text, kind: "kill", at: now,
                ["launch": String(launch), "target": target.rawValue])
        }
        if let disk = state.disks.first(where: {
            ($0.target == nil || $0.target == target) && ($0.until.map { now < $0 } ?? true)
        }),
            target != .appLoop
        {
            let blocks = (disk.bytes + 511) / 512
            // dash counts `ulimit -f` in 512-byte blocks; SIGXFSZ ignored so a
            // write past the limit fails with EFBIG instead of killing.
            // Before any strace of a kill: the limit reaches the traced
            // process through the exec.
            plan.wrapper = ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f \(blocks) && exec \"$0\" \"$@\""] + plan.wrapper
            plan.notes.append("RLIMIT_FSIZE=\(blocks * 512)")
            plan.replyThroughPipe = true
            record(
                "applied", disk.text, kind: "disk-full", at: now, ["launch": String(launch), "target": target.rawValue])
        }
        if let limit = state.memoryLimits?.first(where: { $0.target == target }) {
            plan.memoryLimit = limit
            plan.notes.append("jetsam at \(limit.kibibytes) KiB \(limit.measure.rawValue)")
        }
        save()
        return plan
    }

    /// A launch killed for passing its memory limit, as jetsam kills: traced
    /// as a kill (the oracle names it like any other killed launch) with
    /// the reason and the peak the device saw.
    func killedForMemory(
        _ target: FaultTarget, launch: Int, limit: MemoryLimit, watch: LaunchWatch,
        termination: ChildProcess.Termination
    ) {
        record(
            "killed", limit.text, kind: "memory-limit", at: now,
            [
                "launch": String(launch), "target": target.rawValue, "reason": "jetsam",
                "limitKiB": String(limit.kibibytes), "measure": limit.measure.rawValue,
                TraceEvent.peakMemoryField: watch.peakKiB.map(String.init) ?? "",
                TraceEvent.privateMemoryField: watch.privateKiB.map(String.init) ?? "", "status": "\(termination)",
            ])
    }

    /// A launch ended: a kill that hit is disarmed and traced.
    func ended(_ target: FaultTarget, launch: Int, termination: ChildProcess.Termination) {
        if let directory = pauseLogDirectory, let possible = possibleInterleavings?(target) {
            try? (possible.map(\.rawValue).joined(separator: "\n") + "\n").write(
                to: directory.appendingPathComponent("\(launch)-\(target.rawValue).due"), atomically: true,
                encoding: .utf8)
        }
        if let pause = state.pausesGiven?.removeValue(forKey: String(launch)) {
            // Still listed: the launch ended without reaching the point.
            record(
                "missed", pause.text, kind: "preempt", at: now,
                [
                    "launch": String(launch), "target": target.rawValue, "status": "\(termination)",
                    "reason": "the launch ended without reaching \(pause.point)",
                ])
            save()
        }
        guard let kill = state.killsGiven.removeValue(forKey: String(launch)) else { return }
        let killed = termination == .signaled(SIGKILL)
        record(
            killed ? "killed" : "survived", kill.text, kind: "kill", at: now,
            ["launch": String(launch), "target": target.rawValue, "status": "\(termination)"])
        if killed || kill.launch != nil {
            state.kills.removeAll { $0 == kill }
        }
        save()
        if killed, kill.powerLoss == true { powerLost?(kill.text) }
    }

    // MARK: - Callbacks

    enum Interception {
        case deliver
        /// Deliver now, and again later (a re-fire).
        case deliverAndRefire(after: TimeInterval, text: String)
        case held
        case dropped
    }

    func intercept(_ kind: CallbackKind, activity: String, event: String?) -> Interception {
        if bypass { return .deliver }
        // A threshold's warning is counted with the threshold, so a batch
        // holds both (`batch thresholds`).
        if kind.carriesEvent,
            let batch = state.batches.first(where: {
                if case .batchThresholds(let pattern, _) = $0 {
                    return CallbackMatch(callback: "*", activity: pattern).matches(kind, activity: activity)
                }
                return false
            }), case .batchThresholds(_, let release) = batch
        {
            hold(
                kind, activity, event, release: release, reason: "batch-thresholds", text: batch.description,
                due: state.batchDue[batch.description])
            return .held
        }
        for index in state.callbackRules.indices {
            let rule = state.callbackRules[index]
            let match: CallbackMatch
            switch rule.fault {
            case .delay(let m, _, _), .drop(let m, _), .refire(let m, _, _): match = m
            default: continue
            }
            guard match.matches(kind, activity: activity) else { continue }
            if let remaining = rule.remaining {
                if remaining <= 1 {
                    state.callbackRules.remove(at: index)
                } else {
                    state.callbackRules[index].remaining = remaining - 1
                }
            }
            switch rule.fault {
            case .delay(_, let release, _):
                hold(kind, activity, event, release: release, reason: "delay", text: rule.fault.description)
                return .held
            case .drop:
                var fields = ["callback": kind.rawValue, "activity": activity]
                if let event { fields["event"] = event }
                record("dropped", rule.fault.description, kind: "drop", at: now, fields)
                save()
                return .dropped
            case .refire(_, let after, _):
                save()
                return .deliverAndRefire(after: after, text: rule.fault.description)
            default:
                continue
            }
        }
        return .deliver
    }

    func hold(
        _ kind: CallbackKind, _ activity: String, _ event: String?, release: Release, reason: String, text: String,
        due batchDue: Date? = nil
    ) {
        var due: Date?
        if case .after(let span) = release { due = now.addingTimeInterval(span) }
        let isBatch = reason == "batch-thresholds"
        if isBatch { due = nil }
        state.held.append(
            HeldCallback(
                kind: kind, activity: activity, event: event, heldAt: now, dueAt: due, release: release, reason: reason,
                batchText: isBatch ? text : nil))
        if isBatch { due = batchDue }
        var fields = ["callback": kind.rawValue, "activity": activity]
        if let event { fields["event"] = event }
        if let due { fields["until"] = TraceEvent.timestamp(due) }
        record("held", text, kind: reason, at: now, fields)
        save()
    }

    /// The earliest time a held callback is due.
    var nextDue: Date? { state.held.compactMap(\.dueAt).min() }

    /// Removes and returns the held callbacks `release` lets go (in the
    /// order they were held).
    func take(where release: (HeldCallback) -> Bool) -> [HeldCallback] {
        let out = state.held.filter(release)
        guard !out.isEmpty else { return [] }
        state.held.removeAll(where: release)
        save()
        return out
    }

    /// Whether the user may open the app now.
    var appClosed: Bool {
        guard let until = state.closedUntil else { return false }
        return now < until
    }
}

extension FaultInjector {
    /// `kill device at POINT` (header or `--fault`): armed through the
    /// device's own `OAL_CRASH_AT`, which must be set before the device
    /// reaches its first crash point. Once: a restarted device is not
    /// armed again.
    static func armDevice(faults: [ScheduledFault], injector: FaultInjector) {
        guard
            let scheduled = faults.first(where: {
                if case .killAt(.device, _, _) = $0.fault { return $0.time == nil }
                return false
            }), case .killAt(_, let point, _) = scheduled.fault,
            !injector.state.applied.contains(scheduled.key + ":device")
        else { return }
        // Before anything is saved: the device's crash points read the
        // variable once, at the first point reached. The record that the
        // kill is armed is saved with its points uncounted, so the kill can
        // only fire once that record is on disk: a device started again on
        // the root does not arm it a second time.
        setenv(CrashPoint.crashAtVariable, point, 1)
        injector.state.applied.insert(scheduled.key + ":device")
        CrashPoint.uncounted { injector.save() }
        injector.record("armed", scheduled.fault.description, kind: "kill", at: injector.now, ["target": "device"])
    }
}
