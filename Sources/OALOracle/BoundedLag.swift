import Foundation
import OALPlatform
import OALScenario

/// The free-running oracle's allowance (docs/ORACLE.md, "Free-running: the
/// bounded lag"). Processes run at once against a running clock, so the
/// stores can trail the spec model for as long as a launch takes to notice
/// and write a change; an instant-by-instant verdict would flag every
/// launch in flight. A divergence is a violation only when the same one
/// (check and rule) is seen at every look for longer than `seconds` of
/// emulated time; one that ends sooner is counted as transient.
///
/// The lag is `max(60 s, tick + 2 × look + 2 × speed × longest launch +
/// 2 × device lateness)`: a change due at T is acted on by a launch the
/// device starts at its first look after T (≤ one look late, plus however
/// far the device itself runs behind the clock), which writes it within the
/// longest launch's wall time × speed; a launch that started before T with
/// older inputs may write after it, once more as long; the app's own loop
/// needs up to a tick (30 s) for changes only a refresh makes; and the
/// oracle sees the result at its next look. The launch and lateness figures
/// are measured as the run goes, so the lag is the one in force when the
/// divergence had lasted that long.
package final class BoundedLag {
    package init() {}

    struct Pending {
        var violation: Violation
        var since: Date
        var lastRound: Int
    }

    /// Judged at once: each is an event (a Hard Mode tap that succeeded, an
    /// open spent and lost), not a state that can catch up.
    static let immediate: Set<OracleCheck> = [.hardMode, .openLost]
    package static let floor: TimeInterval = 60

    private(set) var pending: [String: Pending] = [:]
    /// Reported episodes, by the last look that still saw them.
    private var reported: [String: Int] = [:]
    private(set) var round = 0
    /// The lag in force (emulated seconds); the engine updates it.
    package var seconds: TimeInterval = BoundedLag.floor
    package private(set) var transient = 0
    package private(set) var longestTransient: TimeInterval = 0
    package private(set) var beyond = 0
    /// The longest transient divergences (at most `keptTransients`), to
    /// say what the lag absorbed.
    package private(set) var longestTransients: [TransientDivergence] = []
    static let keptTransients = 10

    package static func seconds(
        speed: Double, look: TimeInterval, tick: TimeInterval, longestLaunch: Double, lateness: TimeInterval
    ) -> TimeInterval {
        max(floor, tick + 2 * look + 2 * speed * longestLaunch + 2 * lateness)
    }

    /// A new look begins (`Oracle.observe`).
    func beginRound() { round += 1 }

    /// `episode` diverges at this look; `make` builds its violation the
    /// first time.
    func seen(_ episode: String, at now: Date, make: () -> Violation) {
        if reported[episode] != nil {
            reported[episode] = round
            return
        }
        if pending[episode] != nil {
            pending[episode]?.lastRound = round
        } else {
            pending[episode] = Pending(violation: make(), since: now, lastRound: round)
        }
    }

    /// After the look's checks: divergences not seen this time were
    /// transient; those seen for longer than the lag are returned, to be
    /// reported with the instant they began.
    func settle(at now: Date) -> [Violation] {
        var out: [Violation] = []
        for (episode, entry) in pending {
            if entry.lastRound != round {
                pending[episode] = nil
                transient += 1
                let lasted = now.timeIntervalSince(entry.since)
                longestTransient = max(longestTransient, lasted)
                longestTransients.append(
                    TransientDivergence(
                        divergence: entry.violation.description, began: entry.violation.time, seconds: lasted))
                longestTransients.sort { $0.seconds > $1.seconds }
                if longestTransients.count > Self.keptTransients { longestTransients.removeLast() }
            } else if now.timeIntervalSince(entry.since) > seconds {
                pending[episode] = nil
                reported[episode] = round
                beyond += 1
                var violation = entry.violation
                violation.actual +=
                    " (and still at \(TraceEvent.timestamp(now)), "
                    + "\(Int(now.timeIntervalSince(entry.since))) s later: beyond the lag of \(Int(seconds)) s)"
                out.append(violation)
            }
        }
        for (episode, last) in reported where last != round { reported[episode] = nil }
        return out.sorted { $0.time < $1.time }
    }

    /// Divergences still open at the end that had not lasted the lag: not
    /// judged either way.
    package var unsettled: Int { pending.count }
}

/// A divergence that ended within the lag: what it was, when it began and
/// how long it lasted (emulated seconds, to the look that no longer saw it).
public struct TransientDivergence: Codable, Hashable, Sendable {
    public var divergence: String
    public var began: String
    public var seconds: Double
}
