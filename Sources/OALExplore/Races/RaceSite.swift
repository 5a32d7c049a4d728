import Foundation
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario

/// One place a race can be run: the n-th time launch L (a process of kind
/// K) reaches pause point P, with what runs while it is stopped there.
public struct RaceSite: Hashable, Sendable, CustomStringConvertible {
    public var launch: Int
    public var target: FaultTarget
    public var point: String
    public var occurrence: Int
    public var with: Interleaving

    /// The fault that makes exactly this interleaving.
    public var fault: Fault {
        .preempt(target, point: "\(point)#\(occurrence)", launch: launch, with: with)
    }

    /// The scenario line that replays it (a header line: the launch is pinned).
    public var line: String { "fault \(fault)" }

    public var description: String {
        "\(target.rawValue) launch \(launch) at \(point)#\(occurrence) with \(with.rawValue)"
    }
}

extension RaceSite: SweepSite {
    var pinnedLaunch: Int? { launch }

    func run(from run: ResolvedRun) throws -> ResolvedRun { try run.adding(fault: fault.description) }

    func root(position: Int) -> String { "race-\(position + 1)" }

    func outcome(of verdict: FaultRun.Verdict, snapshotLaunch: Int?) -> RaceSweep.Outcome {
        let preempt = verdict.faultEvents.filter { $0["kind"] == "preempt" }
        let ran = preempt.first { $0["interleaved"] != nil }?["interleaved"]
        return RaceSweep.Outcome(
            site: self, snapshotLaunch: snapshotLaunch, verdict: verdict,
            paused: preempt.contains { $0["action"] == "paused" }, interleaved: ran == "nothing was due" ? nil : ran,
            resumedEarly: preempt.contains { $0["action"] == "resumed" && $0["reason"] != nil })
    }
}
