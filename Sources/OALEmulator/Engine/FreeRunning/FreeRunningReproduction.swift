import Foundation
import OALPlatform

/// The closest lockstep reproduction of a free-running violation. A
/// free-running run cannot be replayed, but a lockstep run can make one
/// interleaving real (`preempt TARGET at POINT#n with WHAT`, docs/FAULTS.md
/// "Race sweep"). The launches running when the violation began (or that
/// ended within two looks before the look that saw it) are the suspects; each pair of them where the later one started
/// while the earlier one was between two pause points (the earlier one's
/// `OAL_PAUSE_LOG` at the later one's start) maps onto one such fault.
public struct FreeRunningReproduction: Codable, Sendable, Hashable {
    public var violation: String
    /// The launches running when the violation began.
    public var overlapping: [Int]
    /// `--fault` texts, one per overlap that maps onto a `preempt`.
    public var faults: [String]
    /// The lockstep command for each.
    public var commands: [String]
    /// Why no fault could be derived, when none could.
    public var note: String?

    init(
        violation: Violation, records: [FreeRunningLaunch], window: TimeInterval, scenario: Scenario,
        lockstep: RunSpec
    ) {
        self.violation = violation.description
        let began = TraceEvent.date(fromTimestamp: violation.time) ?? .distantPast
        let suspects = records.filter {
            $0.startedAt <= began && ($0.endedAt ?? $0.startedAt) >= began.addingTimeInterval(-window)
        }
        overlapping = suspects.map(\.launch)
        var faults: [String] = []
        var unpaused: [String] = []
        let byNumber = Dictionary(uniqueKeysWithValues: suspects.map { ($0.launch, $0) })
        for later in suspects {
            for (key, reached) in later.othersReached.sorted(by: { $0.key < $1.key }) {
                guard let number = Int(key), let earlier = byNumber[number] else { continue }
                guard let point = reached.last else {
                    unpaused.append(
                        "launch \(later.launch) started before launch \(earlier.launch) reached a pause point")
                    continue
                }
                let occurrence = reached.filter { $0 == point }.count
                let minute = Date(
                    timeIntervalSince1970: (earlier.startedAt.timeIntervalSince1970 / 60).rounded(.down) * 60)
                let text =
                    "at \(FaultLine.format(minute, scenario: scenario)) preempt \(earlier.process) at \(point)#\(occurrence) with \(Self.with(later, after: earlier))"
                if !faults.contains(text) { faults.append(text) }
            }
        }
        self.faults = faults
        commands = faults.map { lockstep.adding(fault: $0).command }
        if !faults.isEmpty {
            note = nil
        } else if suspects.isEmpty {
            note = "no launch ran when it began: not an interleaving; lockstep with the same faults may show it"
        } else if !unpaused.isEmpty {
            note =
                "could not derive a preempt: " + unpaused.joined(separator: "; ")
                + " (lockstep runs them one after the other, which it does already)"
        } else {
            note = "could not derive a preempt: the launches around it did not run at the same time"
        }
    }

    /// What `preempt ... with WHAT` runs in place of the later launch.
    static func with(_ later: FreeRunningLaunch, after earlier: FreeRunningLaunch) -> String {
        if later.process == earlier.process, later.arguments == earlier.arguments, later.process != "app" {
            return "relaunch"
        }
        switch later.process {
        case "monitor": return "callback"
        case "app" where later.arguments == ["refresh"]: return "refresh"
        default: return "step"
        }
    }

    var lines: [String] {
        var out = ["free-running: VIOLATION \(violation)"]
        out.append(
            "free-running:   launches running when it began: \(overlapping.map(String.init).joined(separator: ", "))")
        if faults.isEmpty {
            out.append("free-running:   closest lockstep reproduction: none; \(note ?? "")")
        }
        for command in commands { out.append("free-running:   closest lockstep reproduction: \(command)") }
        return out
    }
}
