import Foundation
import OALPlatform

/// A device started again on the root of one that was killed (`kill
/// device`, an external SIGKILL): what the dead one left half done is put
/// right from `device-state.json` and the trace, so the finished run is the
/// one never killed (`oal-device kill-sweep` holds it to that).
extension DeviceEngine {
    /// What the restart found unfinished, traced once the run has started.
    struct Unfinished {
        var replayedStep: Int?
        var callbacks: [DeviceState.InFlight.Callback] = []
    }

    /// Before `run.start`: the expectations judged before the kill, the
    /// launch numbers the dead device handed out, the step and callbacks it
    /// was in the middle of.
    func restoreAfterKill() -> Unfinished {
        var unfinished = Unfinished()
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
        } else if state.stepInFlight != nil, let press = traced.lastOpenPress {
            // The step's press ran and was traced: its answer is the one
            // the dead device saw, not the one saved before it.
            state.lastPressGranted = press
        }
        if let inFlight = state.inFlight {
            let argvs = Set(started.filter { $0.key > inFlight.launchSequence }.map(\.value.argv))
            unfinished.callbacks = inFlight.callbacks.filter { !argvs.contains($0.argv) }
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
        if let index = unfinished.replayedStep {
            trace.record("step.replayed", at: now, ["line": String(scenario.steps[index].line)])
        }
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
            try deliver(kind, activity: callback.activity, event: callback.event)
        }
    }

    /// What the dead device's trace says, read in one pass: each launch
    /// number with its process and its arguments (`argv` of its `launch`
    /// line), and whether the last Open press was granted (nil: none was
    /// traced).
    struct Traced {
        var launches: [Int: (process: ProcessKind, argv: String)] = [:]
        var lastOpenPress: Bool?
    }

    static func traced(_ root: DeviceRoot) -> Traced {
        guard let lines = try? TraceLog.read(root.trace) else { return Traced() }
        var traced = Traced()
        for case .success(let event) in lines {
            if event.process == .device {
                guard event.event == "user.press", event.fields["button"] == "open" else { continue }
                let status = event.fields["status"]
                traced.lastOpenPress = status == "0" ? true : status == "2" ? false : traced.lastOpenPress
            } else if let launch = event.launch {
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
