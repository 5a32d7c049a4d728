import Foundation
import Glibc
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// The callback faults: held, delayed, dropped, refired and batched
/// DeviceActivity callbacks.
extension DeviceEngine {
    /// Asks the armed faults whether to deliver a callback now. False when
    /// it was held back or dropped.
    func faultsAllowDelivery(_ kind: CallbackKind, activity: String, event: String?) -> Bool {
        faults.now = now
        faults.deliveringActivity = activity
        switch faults.intercept(kind, activity: activity, event: event) {
        case .deliver:
            // A silent rate limit drops what every other fault let through
            // (a held callback released late counts too).
            guard rateLimitAllows(kind, activity: activity, event: event) else { return false }
            if faults.bypass { oracle.callbackArrived(activity: activity, kind: kind.rawValue, event: event) }
            return true
        case .deliverAndRefire(let after, let text):
            guard rateLimitAllows(kind, activity: activity, event: event) else { return false }
            faults.hold(kind, activity, event, release: .after(after), reason: "refire", text: text)
            return true
        case .held:
            oracle.callbackWithheld(
                activity: activity, kind: kind.rawValue, event: event, edge: now, reason: "held by a fault (late)")
            return false
        case .dropped:
            oracle.callbackWithheld(
                activity: activity, kind: kind.rawValue, event: event, edge: now, reason: "dropped by a fault")
            return false
        }
    }

    /// After a callback: threshold batches waiting for another activity to
    /// wake the monitor are flushed right behind it (a callback of the
    /// thresholds' own activity does not flush them, nor does a threshold
    /// or its warning, which a batch holds).
    func faultsAfterDelivery(_ kind: CallbackKind) throws {
        guard !kind.carriesEvent, !faults.state.held.isEmpty, let activity = faults.deliveringActivity
        else { return }
        let waiting = faults.state.held.filter { $0.release == .nextCallback && $0.activity != activity }
        guard !waiting.isEmpty else { return }
        faults.state.batches.removeAll {
            if case .batchThresholds(_, .nextCallback) = $0 { return true }
            return false
        }
        try releaseHeld { $0.release == .nextCallback && $0.activity != activity }
    }

    /// A user action: callbacks waiting for the next device use arrive
    /// first.
    func faultsDeviceUse() throws {
        faults.now = now
        if faults.state.held.contains(where: { $0.release == .nextUse }) {
            try releaseHeld { $0.release == .nextUse }
        }
        // The first pickup fires every threshold at once (FB21267341).
        if let waiting = faults.state.thresholdsAtNextUse, !waiting.isEmpty {
            faults.state.thresholdsAtNextUse = nil
            faults.save()
            for fault in waiting { try fireUnreachedThresholds(fault) }
        }
    }

    func releaseHeld(_ which: (HeldCallback) -> Bool) throws {
        let due = faults.state.held.filter(which)
        guard !due.isEmpty else { return }
        // In flight before they leave the held list: a device killed from
        // here on delivers on restart each one whose process never started
        // (and drops it from the held list if that save was not reached),
        // instead of losing the rest of the release.
        let flightBefore = try putInFlight(
            due.map {
                DeviceState.InFlight.Callback(
                    kind: $0.kind.rawValue, activity: $0.activity, event: $0.event, released: true)
            })
        defer { state.inFlight = flightBefore }
        _ = faults.take(where: which)
        for held in due {
            var fields = [
                "callback": held.kind.rawValue, "activity": held.activity, "heldAt": TraceEvent.timestamp(held.heldAt),
            ]
            if let event = held.event { fields["event"] = event }
            faults.record("released", held.batch ?? held.reason, kind: held.reason, at: now, fields)
            let previous = faults.bypass
            faults.bypass = true
            defer { faults.bypass = previous }
            try deliver(held.kind, activity: held.activity, event: held.event)
        }
    }
}

extension HeldCallback {
    /// The batch text a threshold was held for.
    var batch: String? { reason == "batch-thresholds" ? batchText : nil }
}

extension DeviceEngine {
    /// Adds `callbacks` to the callbacks in flight (a release or a burst
    /// of thresholds inside another delivery keeps that one's) and saves
    /// the device state, so a device killed while it delivers them delivers
    /// on restart each one whose process never started. Returns what was in
    /// flight before, for the caller to put back when it is done.
    func putInFlight(_ callbacks: [DeviceState.InFlight.Callback]) throws -> DeviceState.InFlight? {
        let before = state.inFlight
        var flight = before ?? DeviceState.InFlight(launchSequence: state.launchSequence, callbacks: [])
        flight.callbacks += callbacks
        state.inFlight = flight
        try saveDeviceState()
        return before
    }
}
