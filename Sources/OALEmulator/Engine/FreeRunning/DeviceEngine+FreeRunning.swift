import Foundation
import Glibc
import OALPlatform
import OALSystem

/// The engine free-running (docs/PROCESSES.md, "Free-running"): the clock
/// runs on its own at `speed`; the device starts each callback, tap and
/// shield when its emulated time comes without waiting for the launches
/// before it, so several processes race on the stores' locks; the app's
/// loop ticks on its own; the oracle looks every `look` seconds and allows
/// the bounded lag (Oracle/BoundedLag.swift). Lockstep never comes here:
/// every hook returns at once when `freeRun` is nil.
extension DeviceEngine {
    /// The clock document for `time`: a set clock in lockstep, a clock
    /// running from `time` when free-running.
    func clockDocument(at time: Date) -> ClockState {
        let zone = calendar.timeZone.identifier
        guard let freeRun else { return ClockState(now: time, timeZoneIdentifier: zone) }
        freeRun.anchorWall = Date()
        freeRun.anchorEmulated = time
        return ClockState(
            now: time, timeZoneIdentifier: zone, speed: freeRun.options.speed, runningSince: freeRun.anchorWall)
    }

    /// At the start of `play`: the clock starts running, the loop is told
    /// to tick on its own, the oracle to allow the lag.
    func beginFreeRunning() throws {
        guard let freeRun else { return }
        loop.tickEvery = Self.tickInterval
        oracle.lag = BoundedLag()
        try view.clock.set(clockDocument(at: now))
        trace.record(
            "freerun.start", at: now,
            ["speed": String(freeRun.options.speed), "look": String(Int(freeRun.options.look))])
        updateLag()
    }

    /// The device's next look: the next multiple of `look` after now, or,
    /// when the device runs behind the clock, the clock's present: the
    /// events due in between are still handled in order, but the looks it
    /// missed are skipped, so it catches up instead of drifting.
    var nextLook: Date? {
        guard let freeRun else { return nil }
        let look = freeRun.options.look
        let next = ((now.timeIntervalSince1970 / look).rounded(.down) + 1) * look
        let present = (freeRun.clockNow.timeIntervalSince1970 / look).rounded(.down) * look
        return Date(timeIntervalSince1970: max(next, present))
    }

    /// Waits (wall time) until the clock says `time`, acting on the
    /// launches that end meanwhile. A device already past it notes how late.
    func waitForClock(_ time: Date) throws {
        guard let freeRun else { return }
        let behind = freeRun.clockNow.timeIntervalSince(time)
        if behind > 0 { freeRun.lateness = max(freeRun.lateness, behind) }
        while true {
            try stopIfRequested()
            try reapLaunches()
            let left = freeRun.wall(at: time).timeIntervalSinceNow
            if left <= 0 { return }
            usleep(useconds_t(min(left, 0.005) * 1_000_000))
        }
    }

    /// Acts on the launches that ended (their trace lines, the faults that
    /// armed them) and the lag they imply.
    func reapLaunches() throws {
        guard let freeRun else { return }
        try freeRun.launches.reap(clock: freeRun.clockNow)
        updateLag()
        if state.frontmost == Self.openAppLock, !loop.loopAlive {
            // No tick hand-shake notices a killed loop: its pid does.
            try closeDeadLoop()
        }
    }

    func updateLag() {
        guard let freeRun, let lag = oracle.lag else { return }
        lag.seconds = BoundedLag.seconds(
            speed: freeRun.options.speed, look: freeRun.options.look, tick: Self.tickInterval,
            longestLaunch: freeRun.launches.longestWall, lateness: freeRun.lateness)
    }

    /// Starts `kind` without waiting for it; `then` runs on the engine's
    /// thread once it ended. A launch a `preempt` fault armed is waited for
    /// here, as in lockstep: its interleaving is the device's to run.
    func startConcurrently(_ kind: ProcessKind, _ arguments: [String], then: @escaping (LaunchOutcome) throws -> Void)
        throws
    {
        guard let freeRun else { return }
        try stopIfRequested()
        let number = nextLaunch()
        let target = FaultTarget(kind: kind)
        faults.now = now
        var plan = target.map { faults.plan($0, launch: number) } ?? LaunchPlan()
        if plan.pause != nil {
            try then(try launcher.run(kind, launch: number, arguments: arguments, at: now, plan: plan))
            return
        }
        plan.environment[PausePoint.logVariable] = freeRun.launches.pauseLog(number)
        var detached = launcher
        detached.faults = nil
        freeRun.launches.start(
            kind, launch: number, arguments: arguments, plan: plan, launcher: detached, at: freeRun.clockNow
        ) { [weak self] result in
            let outcome = try result.get()
            guard let self else { return }
            if let target { faults.ended(target, launch: number, termination: outcome.termination) }
            try then(outcome)
        }
    }

    /// A launch the device waits for (the user waits for a shield or a
    /// button's answer); the other launches run on meanwhile.
    func launchAndWait(_ kind: ProcessKind, _ arguments: [String]) throws -> LaunchOutcome {
        var outcome: LaunchOutcome?
        try startConcurrently(kind, arguments) { outcome = $0 }
        while true {
            if let outcome { return outcome }
            try stopIfRequested()
            usleep(200)
            try reapLaunches()
        }
    }

    /// `oal-monitor` for one callback, started when due and not waited for.
    func deliverConcurrently(_ kind: CallbackKind, activity: String, event: String?) throws {
        try startConcurrently(.monitor, [kind.rawValue, activity] + (event.map { [$0] } ?? [])) {
            [weak self] outcome in
            guard let self else { return }
            var fields = [
                "kind": kind.rawValue, "activity": activity, "launch": String(outcome.launch),
                "status": outcome.statusText,
            ]
            if let event { fields["event"] = event }
            trace.record("deliver", at: now, fields)
        }
    }

    /// A tap in the app, started and not waited for by the device; the
    /// user's next tap waits for its answer (one user, one finger), while
    /// callbacks and the loop run beside it.
    func tapConcurrently(_ step: ScenarioStep, _ arguments: [String]) throws {
        guard let freeRun else { return }
        while let last = freeRun.lastTap, !freeRun.launches.isDone(last) {
            try stopIfRequested()
            usleep(200)
            try reapLaunches()
        }
        try startConcurrently(.app, arguments) { [weak self] outcome in
            self?.tapped(step, arguments, outcome)
        }
        freeRun.lastTap = state.launchSequence
    }

    /// Waits until no launch is running: before an expectation (the user
    /// looks once the screen has answered) and at the end.
    func drainLaunches() throws {
        guard let freeRun else { return }
        while !freeRun.launches.running.isEmpty {
            try stopIfRequested()
            usleep(500)
            try reapLaunches()
        }
    }

    /// At the end: every launch and what it made owed is done, then the
    /// clock stops where the run ended, so the commands run after it
    /// (`summary`, `status`) read one instant.
    func endFreeRunning() throws {
        guard let freeRun else { return }
        repeat {
            try drainLaunches()
            try settle()
        } while !freeRun.launches.running.isEmpty
        try view.clock.set(ClockState(now: now, timeZoneIdentifier: calendar.timeZone.identifier))
        trace.record("freerun.end", at: now, ["launches": String(freeRun.launches.records.count)])
    }

    /// What the run saw, and for each violation the closest lockstep
    /// reproduction (FreeRunningReport).
    func freeRunningReport() -> FreeRunningReport? {
        guard let freeRun, let lag = oracle.lag else { return nil }
        return FreeRunningReport(
            options: freeRun.options, launches: freeRun.launches, lag: lag, lateness: freeRun.lateness,
            violations: oracle.report.violations, scenario: scenario,
            lockstep: run.spec.lockstep)
    }
}
