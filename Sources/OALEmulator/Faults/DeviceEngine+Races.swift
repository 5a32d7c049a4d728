import Foundation
import OALPlatform

/// What the device runs while a preempted launch is stopped (`preempt ...
/// with WHAT`, docs/FAULTS.md "Race sweep"), and, for the race sweep's
/// listing run, what could run there.
extension DeviceEngine {
    func interleave(_ with: Interleaving, target: FaultTarget, arguments: [String]) throws -> String? {
        switch with {
        case .step:
            return try interleaveNextStep()
        case .callback:
            return try interleaveDueCallback()
        case .refresh:
            faults.now = now
            guard !faults.appClosed else { return nil }
            let outcome = try launch(.app, ["refresh"])
            trace.record(
                "race.interleave", at: now,
                ["with": "refresh", "launch": String(outcome.launch), "status": outcome.statusText])
            try settle()
            return "app refresh (launch \(outcome.launch), \(outcome.statusText))"
        case .relaunch:
            guard let kind = Self.processKind(target), target != .app else { return nil }
            let outcome = try launch(kind, arguments)
            trace.record(
                "race.interleave", at: now,
                [
                    "with": "relaunch", "launch": String(outcome.launch), "status": outcome.statusText,
                    "args": arguments.joined(separator: " "),
                ])
            try settle()
            return "a second \(target.rawValue) launch with the same arguments (launch \(outcome.launch), "
                + "\(outcome.statusText))"
        }
    }

    static func processKind(_ target: FaultTarget) -> ProcessKind? {
        switch target {
        case .app: .app
        case .monitor: .monitor
        case .shieldConfig: .shieldConfig
        case .shieldAction: .shieldAction
        case .appLoop, .device: nil
        }
    }

    /// A callback due at this instant that the device would deliver after
    /// the stopped launch: an interval edge of this instant not delivered
    /// yet, then callbacks a process made owed, then held ones falling due.
    func interleaveDueCallback() throws -> String? {
        if let due = try dueBoundaries().first {
            markDelivered(due.key)
            try saveDeviceState()
            try deliver(due.kind, activity: due.activity, event: nil)
            try settle()
            return "callback \(due.kind.rawValue) \(due.activity)"
        }
        let owed = try view.drainPending()
        if !owed.isEmpty {
            for callback in owed {
                try deliver(callback.kind, activity: callback.activity, event: callback.event)
            }
            try settle()
            return "owed callback(s) " + owed.map { "\($0.kind.rawValue) \($0.activity)" }.joined(separator: ", ")
        }
        if faults.state.held.contains(where: heldDueNow) {
            try releaseHeld(heldDueNow)
            try settle()
            return "held callback(s) falling due"
        }
        return nil
    }

    private func heldDueNow(_ held: HeldCallback) -> Bool { held.dueAt.map { $0 <= now } ?? false }

    private func dueBoundaries() throws -> [DueBoundary] {
        BoundaryPlanner.next(
            registry: try view.registry(), delivered: state.delivered, now: now, calendar: calendar, memo: intervals
        ).filter { $0.time <= now }
    }

    /// What could interleave with a launch of `target` that just ran now.
    func possibleInterleavings(_ target: FaultTarget) -> [Interleaving] {
        var out: [Interleaving] = []
        if state.stepsDone < scenario.steps.count, scenario.steps[state.stepsDone].time <= now { out.append(.step) }
        let callbackDue =
            ((try? dueBoundaries().isEmpty == false) ?? false)
            || ((try? view.registry().pending.isEmpty == false) ?? false)
            || faults.state.held.contains(where: heldDueNow)
        if callbackDue { out.append(.callback) }
        faults.now = now
        if !faults.appClosed { out.append(.refresh) }
        if target != .app { out.append(.relaunch) }
        return out
    }
}
