/// The exit codes of every emulator executable (docs/PROCESSES.md), so a
/// script or the emulated OS can tell "the policy said no" from "you typed
/// it wrong" from "the store is broken" without parsing messages.
public enum ExitCode: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case done = 0
    /// oal-device and scripts only: the run finished but a check failed.
    case checkFailed = 1
    /// The request was valid but the policy said no.
    case refused = 2
    /// oal-device sweep and swarm only: a launched process crashed in one
    /// of the runs (a signal the fault did not send, or exit 70).
    case crashed = 3
    /// oal-device sweep and swarm only: a run stopped before its end.
    case stopped = 4
    /// oal-device run and summary, scripts/supervise only: the run
    /// finished, and every expectation that failed is explained by a known
    /// finding of the guest app (docs/GUEST.md, "Findings"); no violation.
    case knownFinding = 5
    case usage = 64
    case data = 65
    case notFound = 66
    case unavailable = 69
    case internalError = 70
    case ioError = 74
    /// oal-device only: the device root is in use by another run (EX_TEMPFAIL:
    /// try again once it has ended).
    case busy = 75
    /// oal-device and scripts only: stopped by SIGINT (128 + 2).
    case interrupted = 130
    /// oal-device and scripts only: stopped by SIGTERM (128 + 15).
    case terminated = 143

    public var description: String {
        switch self {
        case .done: "done"
        case .checkFailed: "check failed"
        case .refused: "refused"
        case .crashed: "a process crashed"
        case .stopped: "a run stopped"
        case .knownFinding: "only known findings failed"
        case .usage: "usage"
        case .data: "data"
        case .notFound: "not found"
        case .unavailable: "unavailable"
        case .internalError: "internal error"
        case .ioError: "I/O error"
        case .busy: "in use"
        case .interrupted: "interrupted (SIGINT)"
        case .terminated: "terminated (SIGTERM)"
        }
    }
}
