import Foundation
import Glibc
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// A fault with the instant it is injected (nil: armed at the start) and a
/// key that says whether a restarted device has applied it already.
struct ScheduledFault: Sendable {
    var time: Date?
    var fault: Fault
    var key: String
}

/// The engine's fault hooks: arming, the held callbacks, the user-side
/// faults (closed app, duplicated presses), the clock and the stores.
extension DeviceEngine {
    // MARK: - Arming

    /// Every fault of the run besides the scenario's timed lines: header
    /// lines, `--fault` options and the seeded draw.
    static func scheduledFaults(scenario: Scenario, options: EngineOptions) throws -> [ScheduledFault] {
        var out: [ScheduledFault] = []
        for (index, fault) in scenario.faults.enumerated() {
            out.append(ScheduledFault(time: nil, fault: fault, key: "header:\(index)"))
        }
        for (index, text) in options.faults.extra.enumerated() {
            let (time, fault) = try FaultLine.parse(text, scenario: scenario)
            out.append(ScheduledFault(time: time, fault: fault, key: "option:\(index)"))
        }
        if options.faults.random {
            for (index, drawn) in FaultMix.draw(seed: options.seed ?? scenario.seed, scenario: scenario).enumerated() {
                out.append(ScheduledFault(time: drawn.time, fault: drawn.fault, key: "random:\(index)"))
            }
        }
        return out
    }

    /// Called once at the start of `run()`.
    func beginFaults() throws {
        faults.now = now
        if let zone = faults.state.timeZone, let timeZone = TimeZone(identifier: zone) {
            calendar.timeZone = timeZone
            try setClock()
        }
        for scheduled in scheduledFaults where scheduled.time == nil {
            try inject(scheduled.fault, key: scheduled.key)
        }
        if options.faults.random {
            let seed = options.seed ?? scenario.seed
            let texts = scheduledFaults.filter { $0.key.hasPrefix("random:") }.map { optionText($0) }
            options.progress?(
                "random faults from seed \(seed): " + (texts.isEmpty ? "none" : texts.joined(separator: "; ")))
        }
    }

    func optionText(_ scheduled: ScheduledFault) -> String {
        guard let time = scheduled.time else { return scheduled.fault.description }
        return "at \(FaultLine.format(time, scenario: scenario)) \(scheduled.fault.description)"
    }

    /// The next instant a fault needs the device: a scheduled fault or a
    /// held callback falling due.
    var nextFaultTime: Date? {
        var times = scheduledFaults.filter { $0.time != nil && !faults.state.applied.contains($0.key) }
            .compactMap(\.time)
        if let due = faults.nextDue { times.append(due) }
        for (_, due) in faults.state.batchDue { times.append(due) }
        return times.min()
    }

    /// Handles the `.fault` event: scheduled faults, then due callbacks.
    func fireDueFaults() throws {
        faults.now = now
        for scheduled in scheduledFaults {
            if let time = scheduled.time, time <= now { try inject(scheduled.fault, key: scheduled.key) }
        }
        for (text, due) in faults.state.batchDue where due <= now {
            faults.state.batchDue[text] = nil
            faults.state.batches.removeAll { $0.description == text }
            try releaseHeld { $0.reason == "batch-thresholds" && $0.batch == text }
        }
        try releaseHeld { ($0.dueAt.map { $0 <= self.now }) ?? false }
    }

    /// Applies one fault now, once per key (a restarted device skips it).
    func inject(_ fault: Fault, key: String) throws {
        faults.now = now
        guard !faults.state.applied.contains(key) else { return }
        faults.state.applied.insert(key)
        faults.save()
        faults.record("injected", fault.description, kind: fault.kind, at: now, ["key": key])
        switch fault {
        case .killAt(let target, let point, let launch):
            // The device's own crash points are armed from its environment
            // at start-up (FaultInjector.armDevice), nothing to do here.
            guard target != .device else { return }
            faults.state.kills.append(
                .init(target: target, point: point, afterMilliseconds: nil, launch: launch, text: fault.description))
        case .killAfter(let target, let ms):
            if target == .device {
                Self.killSelf(afterMilliseconds: ms)
                return
            }
            faults.state.kills.append(
                .init(target: target, point: nil, afterMilliseconds: ms, launch: nil, text: fault.description))
        case .killNow(.device):
            try killDevice(fault)
        case .killNow:
            killLoop(fault)
        case .closeApp(let span):
            faults.state.closedUntil = now.addingTimeInterval(span)
            killLoop(fault)
            if state.frontmost == Self.openAppLock { try leaveFrontmost() }
        case .delay(_, _, let count), .drop(_, let count), .refire(_, _, let count):
            faults.state.callbackRules.append(.init(fault: fault, remaining: count))
        case .batchThresholds(_, let release):
            faults.state.batches.append(fault)
            if case .after(let span) = release {
                faults.state.batchDue[fault.description] = now.addingTimeInterval(span)
            }
        case .doubleTap, .concurrentPress:
            faults.state.pressDuplication = fault
        case .clockJump(let span):
            if span > 0 { state.jumpedFrom = min(state.jumpedFrom ?? now, now) }
            now = now.addingTimeInterval(span)
            faults.now = now
            state.leaveAt = state.leaveAt.map { max($0, now) }
            state.nextTick = state.nextTick.map { max($0, now) }
            if span < 0 {
                try view.platform.deviceActivity.withRegistry { $0.clockSetBack(to: now) }
                view.registryCache.forget()
            }
            oracle.clockJumped(to: now, by: span, afterLaunch: state.launchSequence)
            try setClock()
        case .timeZone(let zone):
            guard let timeZone = TimeZone(identifier: zone) else { return }
            calendar.timeZone = timeZone
            faults.state.timeZone = zone
            try setClock()
        case .store(let damage, let target):
            try damageStore(damage, target, fault)
        case .diskFull(let target, let bytes, let duration):
            faults.state.disks.append(
                .init(
                    target: target, bytes: bytes, until: duration.map { now.addingTimeInterval($0) },
                    text: fault.description))
        case .preempt(let target, let point, let launch, let with):
            faults.state.pauses =
                (faults.state.pauses ?? []) + [
                    .init(target: target, point: point, launch: launch, text: fault.description, with: with)
                ]
        case .memoryLimit(let target, let megabytes, let measure):
            // The newest limit of a target replaces the one before.
            faults.state.memoryLimits =
                (faults.state.memoryLimits ?? []).filter { $0.target != target } + [
                    MemoryLimit(target: target, megabytes: megabytes, measure: measure, text: fault.description)
                ]
        }
        faults.save()
    }

    func setClock() throws {
        try view.platform.clock.set(clockDocument(at: now))
        trace.record("clock.set", at: now, ["timezone": calendar.timeZone.identifier])
    }

    // MARK: - Preemption

    /// While a preempted launch is stopped: the next scenario step, if it
    /// is due at this instant, runs now (its effects settled), as if the
    /// user acted while the process was between two of its steps.
    func interleaveNextStep() throws -> String? {
        guard state.stepsDone < scenario.steps.count, scenario.steps[state.stepsDone].time <= now else { return nil }
        let index = state.stepsDone
        let step = scenario.steps[index]
        state.stepsDone = index + 1
        try saveDeviceState()
        try perform(step)
        try settle()
        return "line \(step.line): \(step.text)"
    }

    // MARK: - Kills

    /// SIGKILLs the app's foreground loop, whoever started it.
    func killLoop(_ fault: Fault) {
        var pids = Set<Int32>()
        if let pid = ForegroundFiles.readAck(root: options.root)?.pid, AppLoopDriver.alive(pid) { pids.insert(pid) }
        if let pid = options.loopPID, AppLoopDriver.alive(pid) { pids.insert(pid) }
        if let pid = loop.ownPID, AppLoopDriver.alive(pid) { pids.insert(pid) }
        for pid in pids.sorted() {
            kill(pid, SIGKILL)
            faults.record(
                "killed", fault.description, kind: "kill", at: now, ["target": "app-loop", "pid": String(pid)])
        }
        // Let the kernel finish it, so the device sees it gone.
        for _ in 0..<200 where !pids.isEmpty && loop.loopAlive {
            usleep(5_000)
        }
        if pids.isEmpty {
            faults.record("missed", fault.description, kind: "kill", at: now, ["reason": "no loop is running"])
        }
    }

    /// The emulated OS dies: its state is saved first (as a real OS's
    /// would be, by the last completed step), then SIGKILL. `oal-device run`
    /// on the same root continues from `system/device-state.json`.
    func killDevice(_ fault: Fault) throws {
        if let pid = ForegroundFiles.readAck(root: options.root)?.pid, pid != options.loopPID, AppLoopDriver.alive(pid)
        {
            faults.state.orphanLoopPID = pid
        }
        faults.record(
            "killed", fault.description, kind: "kill", at: now, ["target": "device", "pid": String(getpid())])
        faults.save()
        try saveDeviceState()
        kill(getpid(), SIGKILL)
        while true { pause() }
    }

    static func killSelf(afterMilliseconds ms: Int) {
        Thread.detachNewThread {
            usleep(useconds_t(ms) * 1000)
            kill(getpid(), SIGKILL)
        }
    }

    /// At the end of a run: a loop a killed device left behind is stopped,
    /// and held callbacks that never arrived are traced.
    func finishFaults() {
        if let pid = faults.state.orphanLoopPID, AppLoopDriver.alive(pid) {
            kill(pid, SIGTERM)
        }
        faults.state.orphanLoopPID = nil
        for held in faults.state.held {
            var fields = ["callback": held.kind.rawValue, "activity": held.activity]
            if let event = held.event { fields["event"] = event }
            faults.record("never-delivered", held.reason, kind: held.reason, at: now, fields)
        }
        faults.save()
    }

    // MARK: - Callbacks

    /// Asks the armed faults whether to deliver a callback now. False when
    /// it was held back or dropped.
    func faultsAllowDelivery(_ kind: CallbackKind, activity: String, event: String?) -> Bool {
        faults.now = now
        faults.deliveringActivity = activity
        switch faults.intercept(kind, activity: activity, event: event) {
        case .deliver:
            if faults.bypass { oracle.callbackArrived(activity: activity) }
            return true
        case .deliverAndRefire(let after, let text):
            faults.hold(kind, activity, event, release: .after(after), reason: "refire", text: text)
            return true
        case .held:
            oracle.callbackWithheld(
                activity: activity, kind: kind.rawValue, edge: now, reason: "held by a fault (late)")
            return false
        case .dropped:
            oracle.callbackWithheld(activity: activity, kind: kind.rawValue, edge: now, reason: "dropped by a fault")
            return false
        }
    }

    /// After a callback: threshold batches waiting for another activity to
    /// wake the monitor are flushed right behind it (a callback of the
    /// thresholds' own activity does not flush them).
    func faultsAfterDelivery(_ kind: CallbackKind) throws {
        guard kind != .eventDidReachThreshold, !faults.state.held.isEmpty, let activity = faults.deliveringActivity
        else { return }
        let waiting = faults.state.held.filter { $0.release == .nextCallback && $0.activity != activity }
        guard !waiting.isEmpty else { return }
        faults.state.batches.removeAll {
            if case .batchThresholds(_, .nextCallback) = $0 { return true }
            return false
        }
        try releaseHeld { $0.release == .nextCallback && $0.activity != activity }
    }

    /// A user action: callbacks waiting for the next device use arrive
    /// first.
    func faultsDeviceUse() throws {
        faults.now = now
        guard faults.state.held.contains(where: { $0.release == .nextUse }) else { return }
        try releaseHeld { $0.release == .nextUse }
    }

    func releaseHeld(_ which: (HeldCallback) -> Bool) throws {
        let due = faults.take(where: which)
        for held in due {
            var fields = [
                "callback": held.kind.rawValue, "activity": held.activity, "heldAt": TraceEvent.timestamp(held.heldAt),
            ]
            if let event = held.event { fields["event"] = event }
            faults.record("released", held.batch ?? held.reason, kind: held.reason, at: now, fields)
            let previous = faults.bypass
            faults.bypass = true
            defer { faults.bypass = previous }
            try deliver(held.kind, activity: held.activity, event: held.event)
        }
    }

    // MARK: - The user

    /// Whether the user can use the app now (not kept closed by a fault);
    /// traces the suppressed action when not.
    func appAvailable(for action: String) -> Bool {
        faults.now = now
        guard faults.appClosed else { return true }
        faults.record(
            "suppressed", "close app", kind: "close-app", at: now,
            ["action": action, "until": faults.state.closedUntil.map(TraceEvent.timestamp) ?? ""])
        return false
    }

    /// The shield's button, possibly duplicated by a fault: a double tap
    /// (two launches in sequence) or N launches at once.
    func launchPress(_ arguments: [String], button: ShieldButton) throws -> LaunchOutcome {
        guard button == .open, let duplication = faults.state.pressDuplication else {
            return try launch(.shieldAction, arguments)
        }
        faults.state.pressDuplication = nil
        faults.save()
        switch duplication {
        case .concurrentPress(let count):
            let numbers = (0..<count).map { _ in nextLaunch() }
            let box = OutcomeBox(count: count)
            let launcher = self.launcher
            let time = now
            let runner = UncheckedBox(launcher)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                box.set(
                    index,
                    Result {
                        try runner.value.run(.shieldAction, launch: numbers[index], arguments: arguments, at: time)
                    })
            }
            var outcomes: [LaunchOutcome] = []
            for result in box.results { outcomes.append(try result!.get()) }
            for outcome in outcomes {
                faults.record(
                    "applied", duplication.description, kind: duplication.kind, at: now,
                    [
                        "launch": String(outcome.launch), "status": outcome.statusText,
                        "result": outcome.stdout.split(separator: "\n").first.map(String.init) ?? "",
                    ])
            }
            return outcomes.first { $0.exitCode == 0 } ?? outcomes[0]
        default:
            let first = try launch(.shieldAction, arguments)
            try settle()
            let second = try launch(.shieldAction, arguments)
            for outcome in [first, second] {
                faults.record(
                    "applied", duplication.description, kind: duplication.kind, at: now,
                    [
                        "launch": String(outcome.launch), "status": outcome.statusText,
                        "result": outcome.stdout.split(separator: "\n").first.map(String.init) ?? "",
                    ])
            }
            return first
        }
    }

    // MARK: - Stores

    func damageStore(_ damage: StoreDamage, _ target: StoreTarget, _ fault: Fault) throws {
        let path: String
        if target == .usage {
            let day = DayKey(now, calendar: calendar).description
            path = options.root.appGroup.appendingPathComponent("usage/\(day).jsonl").path
        } else {
            path = options.root.appGroup.appendingPathComponent("\(target.rawValue).json").path
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            faults.record("missed", fault.description, kind: fault.kind, at: now, ["reason": "no file \(path)"])
            return
        }
        var bytes = [UInt8](data)
        switch damage {
        case .corrupt:
            // Garbage in the middle: still a file, no longer JSON.
            let middle = bytes.count / 2
            bytes.replaceSubrange(middle..<min(bytes.count, middle + 8), with: Array("\u{1}#!garb".utf8))
            if target == .usage { bytes += Array("{\"rule\":\"not-a-uuid\",\"opens\":-1}\n".utf8) }
        case .truncate:
            bytes = Array(bytes.prefix(bytes.count / 2))
        case .newerFormat:
            let text = String(decoding: bytes, as: UTF8.self)
            let replaced = text.replacingOccurrences(
                of: #""formatVersion"\s*:\s*1"#, with: "\"formatVersion\" : 99", options: .regularExpression)
            bytes = Array(replaced.utf8)
        }
        // Written in place, as a buggy writer or a bad sector would, but
        // never through a link (O_NOFOLLOW: a link is refused).
        let fd = try FileDescriptor.open(path, .writeOnly, options: [.truncate, .noFollow])
        defer { try? fd.close() }
        try fd.writeAll(bytes)
        faults.record("applied", fault.description, kind: fault.kind, at: now, ["path": path])
        oracle.storeFaultInjected(path: path, reason: fault.description, at: now)
    }
}

extension HeldCallback {
    /// The batch text a threshold was held for.
    var batch: String? { reason == "batch-thresholds" ? batchText : nil }
}

final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var results: [Result<LaunchOutcome, Error>?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ result: Result<LaunchOutcome, Error>) { lock.withLock { results[index] = result } }
}

struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
