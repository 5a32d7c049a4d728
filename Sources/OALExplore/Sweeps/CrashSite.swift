import Foundation
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario

/// One place a run can die: the n-th time launch L (a process of kind K)
/// reaches crash point P, or (`syscall`) makes system call P.
public struct CrashSite: Hashable, Sendable, CustomStringConvertible {
    public var launch: Int
    public var target: FaultTarget
    public var point: String
    public var occurrence: Int
    /// P is a system call, killed on entry by strace (`kill-sweep`'s
    /// sibling `sweep --syscalls`), not a crash point the code announces.
    public var syscall = false
    /// The power goes with the process there (`sweep --power-loss`): the
    /// files keep only what was synced.
    public var powerLoss = false

    /// The fault that kills exactly there.
    public var fault: Fault {
        if syscall { return .killAtSyscall(target, syscall: point, invocation: occurrence, launch: launch) }
        if powerLoss { return .powerLossAt(target, point: "\(point)#\(occurrence)", launch: launch) }
        return .killAt(target, point: "\(point)#\(occurrence)", launch: launch)
    }

    public var description: String {
        "\(target.rawValue) launch \(launch) at\(syscall ? "-syscall" : "") \(point)#\(occurrence)"
            + (powerLoss ? " (power lost)" : "")
    }
}

extension CrashSite: SweepSite {
    var pinnedLaunch: Int? { launch }

    func run(from run: ResolvedRun) throws -> ResolvedRun { try run.adding(fault: fault.description) }

    func root(position: Int) -> String { "point-\(position + 1)" }

    func outcome(of verdict: FaultRun.Verdict, snapshotLaunch: Int?) -> CrashSweep.Outcome {
        CrashSweep.Outcome(
            site: self, snapshotLaunch: snapshotLaunch, verdict: verdict,
            killed: verdict.faultEvents.contains { $0["action"] == "killed" })
    }
}
