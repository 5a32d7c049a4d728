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
        // The launches the dead device started after its last save, by number.
        let started = Self.tracedLaunches(options.root)
        let traced = started.keys.max() ?? 0
        if let step = state.stepInFlight, traced <= step.launchSequence {
            // Killed before the step started any process: nothing of it
            // happened, so it is performed now (exactly once).
            state.stepsDone = step.index
            unfinished.replayedStep = step.index
        }
        if let inFlight = state.inFlight {
            let argvs = Set(started.filter { $0.key > inFlight.launchSequence }.map(\.value))
            unfinished.callbacks = inFlight.callbacks.filter { !argvs.contains($0.argv) }
        }
        state.stepInFlight = nil
        state.inFlight = nil
        state.launchSequence = max(state.launchSequence, traced)
        return unfinished
    }

    /// After `run.start`: traces the replayed step and delivers each
    /// callback whose process never started.
    func finish(_ unfinished: Unfinished) throws {
        if let index = unfinished.replayedStep {
            trace.record("step.replayed", at: now, ["line": String(scenario.steps[index].line)])
        }
        for callback in unfinished.callbacks {
            guard let kind = CallbackKind(rawValue: callback.kind) else { continue }
            trace.record("deliver.resumed", at: now, ["kind": callback.kind, "activity": callback.activity])
            try deliver(kind, activity: callback.activity, event: callback.event)
        }
    }

    /// Each launch number in the root's trace with its monitor arguments
    /// (`argv`; empty for other processes).
    static func tracedLaunches(_ root: DeviceRoot) -> [Int: String] {
        guard let lines = try? TraceLog.read(root.trace) else { return [:] }
        var launches: [Int: String] = [:]
        for case .success(let event) in lines {
            guard let launch = event.launch else { continue }
            if event.event == "launch", event.process == .monitor {
                launches[launch] = event.fields["argv"] ?? ""
            } else if launches[launch] == nil {
                launches[launch] = ""
            }
        }
        return launches
    }
}
