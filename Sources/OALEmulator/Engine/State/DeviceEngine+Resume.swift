import Foundation
import Glibc
import OALPlatform
import OALScenario
import OALSystem

/// A device started again on the root of one that was killed (`kill
/// device`, an external SIGKILL): what the dead one left half done is put
/// right from `device-state.json` and the trace, so the finished run is the
/// one never killed (`oal-device kill-sweep` holds it to that).
extension DeviceEngine {
    /// What the restart found unfinished, traced once the run has started.
    struct Unfinished {
        var replayedStep: Int?
        var callbacks: [DeviceState.InFlight.Callback] = []
        /// A press whose shield action ran to its end but whose outcome the
        /// dead device never traced: its step and its launch.
        var press: (step: Int, launch: Int, exitCode: Int32?)?
        /// Launches of the dead device still running after
        /// `OrphanedLaunches.patience`, SIGKILLed.
        var orphansKilled: [Int32] = []
        /// Launches the dead device armed with a kill and never saw end:
        /// how each ended, from the trace (nil: it never started).
        var armedLaunchesEnded: [(launch: Int, target: FaultTarget, termination: ChildProcess.Termination?)] = []
    }

    /// Before `run.start`: the expectations judged before the kill, the
    /// launch numbers the dead device handed out, the step and callbacks it
    /// was in the middle of.
    func restoreAfterKill() -> Unfinished {
        var unfinished = Unfinished()
        // Before the trace is read: a launch still running commits what it
        // commits, and writes its `exit` line, first.
        unfinished.orphansKilled = OrphanedLaunches.settle(on: options.root)
        result.met = state.expectationsMet ?? 0
        result.failures = state.expectationFailures ?? []
        // The launches the dead device started, by number.
        let traced = Self.traced(options.root)
        let started = traced.launches
        let lastLaunch = started.keys.max() ?? 0
        if let step = state.stepInFlight,
            Self.onlyJudges(scenario.steps[step.index].action)
                || !started.contains(where: { $0.key > step.launchSequence && Self.commitsATap($0.value.process) })
        {
            // Killed before the step started a process that acts on the
            // user's tap (the app, the shield's button; a shield drawn is
            // only shown): nothing of it happened, so it is performed now.
            state.stepsDone = step.index
            unfinished.replayedStep = step.index
        } else if let step = state.stepInFlight, case .press = scenario.steps[step.index].action,
            case let launches = traced.launches.filter({
                $0.key > step.launchSequence && $0.value.process == .shieldAction
            }).map(\.key).sorted(),
            let first = launches.first, traced.pressed.isDisjoint(with: launches)
        {
            // Killed after the press's shield action ran, before the device
            // traced what it answered: the press happened (at most once),
            // and is finished from what its launch left. A tap a fault
            // doubled ran several: the press's answer is the one
            // `launchPress` takes, a grant, else a killed launch's, else
            // the first.
            let launch =
                launches.first { traced.exits[$0] == 0 } ?? launches.first { traced.exits[$0] == nil } ?? first
            unfinished.press = (step.index, launch, traced.exits[launch])
        } else if state.stepInFlight != nil, let press = traced.lastOpenPress {
            // The step's press ran and was traced: its answer is the one
            // the dead device saw, not the one saved before it.
            state.lastPressGranted = press
        }
        // A launch handed a kill ran on after its device died: whether the
        // kill hit decides whether it stays armed, as if the device had
        // seen the launch end. No `exit` line: it died by SIGKILL.
        for (key, kill) in faults.state.killsGiven.sorted(by: { $0.key < $1.key }) {
            guard let launch = Int(key) else { continue }
            let termination: ChildProcess.Termination? =
                started[launch] == nil ? nil : traced.exits[launch].map { .exited($0) } ?? .signaled(SIGKILL)
            unfinished.armedLaunchesEnded.append((launch, kill.target, termination))
        }
        if let inFlight = state.inFlight {
            let argvs = Set(started.filter { $0.key > inFlight.launchSequence }.map(\.value.argv))
            unfinished.callbacks = inFlight.callbacks.filter { !argvs.contains($0.argv) }
            // A release the dead device began left the held list or not:
            // either way each callback of it is in flight now, never held.
            for callback in inFlight.callbacks where callback.released == true {
                if let index = faults.state.held.firstIndex(where: {
                    $0.kind.rawValue == callback.kind && $0.activity == callback.activity && $0.event == callback.event
                }) {
                    faults.state.held.remove(at: index)
                }
            }
            faults.save()
        }
        state.stepInFlight = nil
        state.inFlight = nil
        state.launchSequence = max(state.launchSequence, lastLaunch)
        return unfinished
    }

    /// After `run.start`: traces the replayed step, moves the clock to where
    /// the dead device counted usage to, and delivers each callback whose
    /// process never started.
    func finish(_ unfinished: Unfinished) throws {
        // A store damage the dead device was writing is written whole and
        // told to the oracle, as the run never killed did at once.
        try finishStoreDamage()
        // A travel it had begun is made whole.
        if let zone = faults.state.travelInFlight {
            try travel(to: zone)
            faults.save()
        }
        for ended in unfinished.armedLaunchesEnded {
            if let termination = ended.termination {
                faults.ended(ended.target, launch: ended.launch, termination: termination)
            } else {
                // Handed out, never started: the kill waits for the next launch.
                faults.state.killsGiven[String(ended.launch)] = nil
                faults.save()
            }
        }
        for pid in unfinished.orphansKilled {
            trace.record(
                "orphan.killed", at: now, ["pid": String(pid), "reason": "still running after the restart's wait"])
        }
        if let index = unfinished.replayedStep {
            trace.record("step.replayed", at: now, ["line": String(scenario.steps[index].line)])
        }
        if let press = unfinished.press { try finishPress(press.launch, ofStep: press.step, exitCode: press.exitCode) }
        // Killed between saving a stretch of use and moving the clock to
        // its end: the thresholds it crossed land at that end, not at the
        // clock the dead device left (a minute early), so the clock goes
        // there first. Nothing is counted twice (`advance` starts from
        // `usageCountedUntil`). The oracle's last save may be older than
        // the device's (the step that opened the app in front, say): it is
        // shown the device as the dead one left it before the clock moves,
        // or it would not count that stretch.
        if let counted = state.usageCountedUntil, counted > now {
            oracle.observe(observation)
            try advance(to: counted)
        }
        for callback in unfinished.callbacks {
            guard let kind = CallbackKind(rawValue: callback.kind) else { continue }
            trace.record("deliver.resumed", at: now, ["kind": callback.kind, "activity": callback.activity])
            let previous = faults.bypass
            faults.bypass = callback.released == true
            defer { faults.bypass = previous }
            try deliver(kind, activity: callback.activity, event: callback.event)
        }
    }

    /// The press of step `index`, whose shield action (launch `launch`)
    /// ended before the dead device traced it: `exitCode` from the launch's
    /// own `exit` line (or the device's `launch.end`), its first line from
    /// the launch's capture (or, once taken, from the extension's log).
    func finishPress(_ launch: Int, ofStep index: Int, exitCode: Int32?) throws {
        guard case .press(let button, let name, let duration) = scenario.steps[index].action,
            let app = try view.catalog().app(named: name)
        else { return }
        let stdout = Self.launchOutput(launch, root: options.root, kind: .shieldAction)
        let problem = try finishPress(
            button, on: app, for: duration, launch: launch, exitCode: exitCode,
            // No `exit` line: the launch died by SIGKILL (a fault, jetsam, or
            // the restart's wait for orphans), as the device would say.
            status: exitCode.map(String.init) ?? "signal 9", stdout: stdout, stderr: "", shieldersBefore: nil,
            resumed: true)
        if let problem { result.failures.append("\(scenario.file):\(scenario.steps[index].line): \(problem)") }
    }

    /// What launch `launch` printed: its capture, while the device had not
    /// taken it yet, else its block of `logs/<kind>.log`.
    static func launchOutput(_ launch: Int, root: DeviceRoot, kind: ProcessKind) -> String {
        let capture = root.logs.appendingPathComponent("capture/\(launch).out")
        if let data = FileManager.default.contents(atPath: capture.path) {
            return String(decoding: data, as: UTF8.self)
        }
        guard
            let log = try? String(contentsOf: root.logs.appendingPathComponent("\(kind.rawValue).log"), encoding: .utf8)
        else { return "" }
        var lines: [Substring] = []
        var inBlock = false
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("--- ") {
                if inBlock { break }
                inBlock = line.hasPrefix("--- launch \(launch) ")
            } else if inBlock, !line.hasPrefix("stderr: ") {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What the dead device's trace says, read in one pass: each launch
    /// number with its process and its arguments (`argv` of its `launch`
    /// line), how each ended (its own `exit` line, else the device's
    /// `launch.end`), the launches of the presses the device traced, and
    /// whether the last Open press was granted (nil: none was traced).
    struct Traced {
        var launches: [Int: (process: ProcessKind, argv: String)] = [:]
        var exits: [Int: Int32] = [:]
        var pressed: Set<Int> = []
        var lastOpenPress: Bool?
    }

    static func traced(_ root: DeviceRoot) -> Traced {
        guard let lines = try? TraceLog.read(root.trace) else { return Traced() }
        var traced = Traced()
        for case .success(let event) in lines {
            if event.process == .device {
                if event.event == "launch.end", let launch = event.fields["launch"].flatMap({ Int($0) }),
                    let code = event.fields["status"].flatMap({ Int32($0) }), traced.exits[launch] == nil
                {
                    traced.exits[launch] = code
                }
                guard event.event == "user.press" else { continue }
                if let launch = event.fields["launch"].flatMap({ Int($0) }) { traced.pressed.insert(launch) }
                guard event.fields["button"] == "open" else { continue }
                let status = event.fields["status"]
                traced.lastOpenPress = status == "0" ? true : status == "2" ? false : traced.lastOpenPress
            } else if let launch = event.launch {
                if event.event == "exit", let code = event.fields["code"].flatMap({ Int32($0) }) {
                    traced.exits[launch] = code
                }
                if event.event == "launch" {
                    traced.launches[launch] = (event.process, event.fields["argv"] ?? "")
                } else if traced.launches[launch] == nil {
                    traced.launches[launch] = (event.process, "")
                }
            }
        }
        return traced
    }

    /// The processes whose launch acts on a user's tap.
    static func commitsATap(_ process: ProcessKind) -> Bool { process == .app || process == .shieldAction }

    /// An expectation changes nothing on the device, only the count of met
    /// and failed ones saved with the state; the app it may launch to read
    /// a label (`oal-app show`) is no tap. One in flight when the device
    /// died is therefore judged again, or its count would be lost.
    static func onlyJudges(_ action: ScenarioAction) -> Bool {
        if case .expect = action { return true }
        return false
    }
}
