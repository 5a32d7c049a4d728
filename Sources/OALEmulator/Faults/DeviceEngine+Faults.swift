import Foundation
import Glibc
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// A fault with the instant it is injected (nil: armed at the start) and a
/// key that says whether a restarted device has applied it already.
struct ScheduledFault: Sendable {
    var time: Date?
    var fault: Fault
    var key: String
}

/// The engine's fault hooks: arming, the held callbacks, the user-side
/// faults (closed app, duplicated presses), the clock and the stores.
extension DeviceEngine {
    /// Called once at the start of `play()`.
    func beginFaults() throws {
        faults.now = now
        try beginPowerLossModel()
        if let zone = faults.state.timeZone, let timeZone = TimeZone(identifier: zone) {
            calendar.timeZone = timeZone
            try setClock()
        }
        for scheduled in scheduledFaults where scheduled.time == nil {
            try inject(scheduled.fault, key: scheduled.key)
        }
        if run.spec.randomFaults {
            let seed = run.seed
            let texts = scheduledFaults.filter { $0.key.hasPrefix("random:") }.map { optionText($0) }
            options.progress?(
                "random faults from seed \(seed): " + (texts.isEmpty ? "none" : texts.joined(separator: "; ")))
        }
    }

    func optionText(_ scheduled: ScheduledFault) -> String {
        guard let time = scheduled.time else { return scheduled.fault.description }
        return "at \(FaultLine.format(time, scenario: scenario)) \(scheduled.fault.description)"
    }

    /// The next instant a fault needs the device: a scheduled fault or a
    /// held callback falling due.
    var nextFaultTime: Date? {
        var times = scheduledFaults.filter { $0.time != nil && !faults.state.applied.contains($0.key) }
            .compactMap(\.time)
        if let due = faults.nextDue { times.append(due) }
        for (_, due) in faults.state.batchDue { times.append(due) }
        if let restore = faults.state.authorizationRestoreAt { times.append(restore) }
        return times.min()
    }

    /// Handles the `.fault` event: scheduled faults, then due callbacks.
    func fireDueFaults() throws {
        faults.now = now
        for scheduled in scheduledFaults {
            if let time = scheduled.time, time <= now { try inject(scheduled.fault, key: scheduled.key) }
        }
        for (text, due) in faults.state.batchDue where due <= now {
            faults.state.batchDue[text] = nil
            faults.state.batches.removeAll { $0.description == text }
            try releaseHeld { $0.reason == "batch-thresholds" && $0.batch == text }
        }
        try releaseHeld { ($0.dueAt.map { $0 <= self.now }) ?? false }
        if let restore = faults.state.authorizationRestoreAt, restore <= now {
            // Given back before the give-back is forgotten: a device killed
            // between the two gives it back again on restart (the same
            // status, written twice), never not at all (the small resume
            // swarm's seed 3, under CI's load).
            try setAuthorization(.restore, cause: "fault")
            faults.state.authorizationRestoreAt = nil
            faults.save()
        }
    }

    /// Whether the app can come to the foreground for an App Intent now.
    var appCanComeForward: Bool {
        guard let until = faults.state.foregroundRefusedUntil else { return true }
        return now >= until
    }

    /// Applies one fault now, once per key (a restarted device skips it).
    func inject(_ fault: Fault, key: String) throws {
        faults.now = now
        guard !faults.state.applied.contains(key) else { return }
        faults.state.applied.insert(key)
        if case .timeZone(let zone) = fault { faults.state.travelInFlight = zone }
        faults.save()
        faults.record("injected", fault.description, kind: fault.kind, at: now, ["key": key])
        switch fault {
        case .killAt(let target, let point, let launch):
            // The device's own crash points are armed from its environment
            // at start-up (FaultInjector.armDevice), nothing to do here.
            guard target != .device else { return }
            faults.state.kills.append(
                .init(target: target, point: point, afterMilliseconds: nil, launch: launch, text: fault.description))
        case .killAfter(let target, let ms):
            if target == .device {
                Self.killSelf(afterMilliseconds: ms)
                return
            }
            faults.state.kills.append(
                .init(target: target, point: nil, afterMilliseconds: ms, launch: nil, text: fault.description))
        case .killAtSyscall(let target, let name, let n, let launch):
            faults.state.kills.append(
                .init(
                    target: target, point: nil, afterMilliseconds: nil, launch: launch, text: fault.description,
                    syscall: "\(name)#\(n)"))
        case .killAtLine(_, let line):
            // Saved as applied above, before the thread starts: the same
            // command on the root resumes without arming it again.
            TraceLineKill.arm(trace: options.root.trace, line: line)
        case .killNow(.device):
            try killDevice(fault)
        case .killNow:
            killLoop(fault)
        case .closeApp(let span):
            faults.state.closedUntil = now.addingTimeInterval(span)
            killLoop(fault)
            if state.frontmost == Self.openAppLock { try leaveFrontmost() }
        case .delay(_, _, let count), .drop(_, let count), .refire(_, _, let count):
            faults.state.callbackRules.append(.init(fault: fault, remaining: count))
        case .batchThresholds(_, let release):
            faults.state.batches.append(fault)
            if case .after(let span) = release {
                faults.state.batchDue[fault.description] = now.addingTimeInterval(span)
            }
        case .doubleTap, .concurrentPress:
            faults.state.pressDuplication = fault
        case .clockJump(let span):
            if span > 0 { state.jumpedFrom = min(state.jumpedFrom ?? now, now) }
            now = now.addingTimeInterval(span)
            faults.now = now
            // Usage counts from the new time on: set back, the instant the
            // saved usage reached is ahead of the clock, not a resume point.
            state.usageCountedUntil = nil
            state.leaveAt = state.leaveAt.map { max($0, now) }
            state.nextTick = state.nextTick.map { max($0, now) }
            if span < 0 {
                try view.platform.deviceActivity.withRegistry { $0.clockSetBack(to: now) }
                view.registryCache.forget()
            }
            oracle.clockJumped(to: now, by: span, afterLaunch: state.launchSequence)
            try setClock()
        case .timeZone(let zone):
            try travel(to: zone)
        case .store(let damage, let target):
            try damageStore(damage, target, fault)
        case .diskFull(let target, let bytes, let duration):
            faults.state.disks.append(
                .init(
                    target: target, bytes: bytes, until: duration.map { now.addingTimeInterval($0) },
                    text: fault.description))
        case .preempt(let target, let point, let launch, let with):
            faults.state.pauses =
                (faults.state.pauses ?? []) + [
                    .init(target: target, point: point, launch: launch, text: fault.description, with: with)
                ]
        case .memoryLimit(let target, let megabytes, let measure):
            // The newest limit of a target replaces the one before.
            faults.state.memoryLimits =
                (faults.state.memoryLimits ?? []).filter { $0.target != target } + [
                    MemoryLimit(target: target, megabytes: megabytes, measure: measure, text: fault.description)
                ]
        case .thresholdsAtOnce(_, let atOnce):
            if atOnce {
                try fireUnreachedThresholds(fault)
            } else {
                faults.state.thresholdsAtNextUse = (faults.state.thresholdsAtNextUse ?? []) + [fault]
            }
        case .rateLimit(let perDay):
            // A newer limit replaces the older, counting from now.
            faults.state.rateLimit = .init(perDay: perDay, text: fault.description, day: nil, delivered: 0)
        case .tokenChange(let app):
            try changeToken(ofAppNamed: app, fault)
        case .authorization(let change, let span):
            // A newer switch replaces a pending give-back.
            faults.state.authorizationRestoreAt = span.map { now.addingTimeInterval($0) }
            faults.save()
            try setAuthorization(change, cause: "fault")
        case .foregroundRefused(let span):
            faults.state.foregroundRefusedUntil = span.map { now.addingTimeInterval($0) } ?? .distantFuture
        case .powerLoss:
            try leaveFrontmost()
            try losePower(fault.description)
        case .powerLossAt(let target, let point, let launch):
            faults.state.kills.append(
                .init(
                    target: target, point: point, afterMilliseconds: nil, launch: launch, text: fault.description,
                    powerLoss: true))
        }
        faults.save()
    }

    /// `clock timezone ZONE`: intervals in progress end at the travel, the
    /// calendar and the clock take the zone, and the device's state is
    /// saved before the travel stops being in flight (a restart travels
    /// again otherwise: every step of it can be taken twice).
    func travel(to zone: String) throws {
        defer { faults.state.travelInFlight = nil }
        guard let timeZone = TimeZone(identifier: zone) else { return }
        var travelled = calendar
        travelled.timeZone = timeZone
        try oweEndsOfIntervalsMoved(by: travelled)
        calendar.timeZone = timeZone
        faults.state.timeZone = zone
        try setClock()
        try saveDeviceState()
    }

    func setClock() throws {
        try view.clock.set(clockDocument(at: now))
        trace.record("clock.set", at: now, ["timezone": calendar.timeZone.identifier])
    }
}
