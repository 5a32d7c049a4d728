import Foundation
import Glibc
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// The user-side faults: a closed app, duplicated and concurrent presses.
extension DeviceEngine {
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
            let time = now
            let runner = UncheckedBox(launcher.spawningEveryLaunch(retiring: .shieldAction, at: time))
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
            // The press's outcome: a grant if one launch granted; else a
            // killed launch's (it may have spent and granted before it
            // died, which the oracle must hear of); else the first.
            return outcomes.first { $0.exitCode == 0 } ?? outcomes.first { $0.exitCode == nil } ?? outcomes[0]
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
}
