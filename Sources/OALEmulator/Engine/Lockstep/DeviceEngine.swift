import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import OALSystem

/// The emulated iOS in lockstep: the only writer of the clock. It takes the
/// next due event (an interval edge, a usage threshold, a foreground-loop
/// tick, a user action), sets the clock to its time, starts the process
/// that handles it and waits for it before going on, so a scenario and a
/// seed always give the same trace.
public final class DeviceEngine {
    /// What the run is, resolved once by the caller.
    let run: ResolvedRun
    var scenario: Scenario { run.scenario }
    /// How it is watched and where it is kept.
    let options: EngineOptions
    let view: DeviceView
    let trace: TraceLog
    let launcher: ProcessLauncher
    let loop: AppLoopDriver
    /// Held for the engine's life: no second run plays on this root.
    private let rootLock: RootLock
    private let stateFile: DeviceStateFile
    var state: DeviceState
    var now: Date
    var calendar: Calendar
    var result = RunResult(met: 0, failures: [])
    /// Failed expectations a known finding of the guest may explain, held
    /// until the oracle has judged their instant (`reportHeldFailures`).
    var heldFailures: [(message: String, expectation: Expectation)] = []
    /// The judge of the run (Oracle/): observes after every settle, judges
    /// once every event due at an instant has been handled. Every use waits
    /// for a judgement still running on the second core
    /// (`judgeInBackground`), so the oracle is only ever touched by one
    /// thread at a time.
    public var oracle: Oracle {
        if let judging = backgroundJudgement {
            judging.wait()
            backgroundJudgement = nil
        }
        return quietOracle
    }
    private let quietOracle: Oracle
    private var backgroundJudgement: DispatchGroup?
    var oracleAfter = "run.start"
    /// The armed faults (Faults/) and the run's faults besides timed lines.
    let faults: FaultInjector
    let scheduledFaults: [ScheduledFault]
    private var lastProgressHour: Int?
    /// Each activity's interval edges, computed once per registration,
    /// time zone and interval (BoundaryPlanner).
    let intervals = IntervalMemo()
    /// Per registry and catalog version and app: the activities that count
    /// the app's usage (thresholdRegistry).
    private var thresholdRegistries: [ThresholdRegistryKey: ActivityRegistry] = [:]
    /// The registry version `pastActivityCrossings` last looked at.
    private var caughtUpRegistry: Int?
    /// `state.delivered` by interval start, for `pruneDelivered`; nil
    /// until first needed and whenever it stopped mirroring the set.
    private var deliveredAges: DeliveredAges?
    /// Free-running (`--free-running`), nil in lockstep.
    let freeRun: FreeRunState?
    /// The emulator's app's Rules screen, drawn in this process for the
    /// oracle (`askTheApp`); a guest's is asked of its process.
    lazy var rulesScreenQuery = RulesScreenQuery(rootPath: options.root.url.path)

    static let tickInterval: TimeInterval = 30
    static let openAppLock = InstalledAppCatalog.openAppLockBundleIdentifier

    /// The engine that plays `run` on `options.root`; callers go through
    /// `RunPlayer.play`.
    package init(run: ResolvedRun, options: EngineOptions) throws {
        guard options.root.exists else { throw EngineError.rootMissing(options.root.url.path) }
        if let descriptor = options.rootLockDescriptor {
            rootLock = try RootLock(root: options.root, inherited: descriptor)
        } else {
            rootLock = try RootLock(root: options.root)
        }
        self.run = run
        self.options = options
        view = try DeviceView(root: options.root, guest: run.guest != nil)
        trace = TraceLog(root: options.root, process: .device)
        faults = try FaultInjector(
            root: options.root, mutant: run.spec.mutant, crashLogDirectory: options.crashLogDirectory,
            pauseLogDirectory: options.pauseLogDirectory, syscallLogDirectory: options.syscallLogDirectory, trace: trace
        )
        scheduledFaults = run.scheduledFaults
        FaultInjector.armDevice(faults: scheduledFaults, injector: faults)
        launcher = ProcessLauncher(
            root: options.root, binDirectory: run.binDirectory, seed: run.seed,
            faults: faults, guest: run.guest, trace: trace, warm: run.warm.map(WarmProcesses.init),
            forks: run.spec.launches == .forked ? ForkServers() : nil, mutantCoverage: options.mutantCoverageDirectory)
        loop = AppLoopDriver(
            root: options.root, launcher: launcher, externalPID: options.loopPID, timeout: options.loopTimeout)
        stateFile = try DeviceStateFile(root: options.root)
        state = try stateFile.load()
        try DeviceSetup.prepare(root: options.root, for: run.scenario)
        let clock = try view.clockState()
        now = clock.now
        calendar = try clock.calendar()
        quietOracle = Oracle(root: options.root, reproduce: run.lockstepCommand)
        quietOracle.guest = run.guest
        freeRun = run.freeRunning.map { FreeRunState(options: $0, root: options.root) }
    }

    /// Plays the scenario to its end and reports the expectations. A stop
    /// signal (SIGINT, SIGTERM; `StopSignals`) ends it at the next safe
    /// point with `EngineError.interrupted`, after `run.interrupted` is
    /// traced, the device state saved and every child stopped.
    package func play() throws -> RunResult {
        defer {
            retireWarmProcesses()
            loop.stopOwnLoop()
        }
        do {
            return try playToEnd()
        } catch {
            // Whatever a stop signal made fail (a wait, a preempted launch's
            // interleaving), the run was interrupted.
            guard let signal = StopSignals.received else { throw error }
            trace.record("run.interrupted", at: now, ["signal": signal.description])
            try? saveDeviceState()
            throw EngineError.interrupted(signal)
        }
    }

    /// Throws `EngineError.interrupted` once a stop signal has arrived.
    func stopIfRequested() throws(EngineError) {
        if let signal = StopSignals.received { throw .interrupted(signal) }
    }

    private func playToEnd() throws -> RunResult {
        // The same scenario however its path is spelled: a resumed run goes
        // on (docs/PROCESSES.md), it does not replay the user's taps.
        let identity = scenario.identity
        let rootRun = RootRun(spec: run.spec, scenario: identity)
        let heldBefore = try checkRootRun(rootRun)
        if state.scenario.map(Scenario.identity(of:)) != identity { state.stepsDone = 0 }
        state.scenario = identity
        // A root that already held this run goes on with it, even when the
        // device died before the first step (a callback due first).
        let resumed = heldBefore || state.stepsDone > 0
        let unfinished = resumed ? restoreAfterKill() : Unfinished()
        if oracle.savedScenario.map(Scenario.identity(of:)) != identity { oracle.startBlank(scenario: identity) }
        let snapshot = options.snapshots?.start
        if snapshot == nil {
            trace.record(
                "run.start", at: now,
                [
                    "scenario": URL(fileURLWithPath: scenario.file).lastPathComponent,
                    "seed": String(run.seed), "end": TraceEvent.timestamp(scenario.end),
                    // A device restarted on its root continues the same run.
                    "resumed": resumed ? "true" : "false",
                    // The zone the run starts in: a `clock timezone` fault's
                    // `clock.set` names the next (the report's axis).
                    "timezone": calendar.timeZone.identifier,
                ].merging(run.guest.map { ["guest": $0.name, "guestSource": $0.source] } ?? [:]) { old, _ in old }
                    .merging(run.warm.map { ["warm": String($0.seed)] } ?? [:]) { old, _ in old }
                    .merging(run.spec.launches == .forked ? ["launches": "forked"] : [:]) { old, _ in old })
            try loop.publish(frontmost: state.frontmost, session: state.foregroundSession, tick: nil)
        }
        // A preempted launch stops while the next step due runs (Faults/).
        faults.interleave = { [weak self] with, target, arguments in
            try self?.interleave(with, target: target, arguments: arguments)
        }
        faults.possibleInterleavings = { [weak self] target in self?.possibleInterleavings(target) ?? [] }
        defer {
            faults.interleave = nil
            faults.possibleInterleavings = nil
        }
        if let snapshot {
            try resume(from: snapshot)
        } else {
            try beginFaults()
            try beginFreeRunning()
            snapshotPrologueEnded()
        }
        try finish(unfinished)
        // A snapshot is taken right after a settle: a run started from one
        // goes on from there.
        var settled = snapshot != nil
        while true {
            try stopIfRequested()
            if !settled {
                try settle()
                try takeSnapshotIfDue()
            }
            settled = false
            let next = try nextEvent()
            // Every event due now has been handled: the oracle judges the
            // state the device rests in before the clock moves on.
            // and, since nothing runs before the next event, at every
            // instant until then where the spec model changes its mind.
            // Free-running, the device looks often and processes run in
            // between: no stretch is quiet.
            if next.time > now { judgeInBackground(until: freeRun == nil ? next.time : nil) }
            if next.time > now { reportHeldFailures() }
            if next.time > now { try advance(to: next.time) }
            if case .end = next.kind { break }
            try handle(next)
            try saveDeviceState()
        }
        try leaveFrontmost()
        try endFreeRunning()
        try settle()
        try saveDeviceState()
        finishFaults()
        retireWarmProcesses()
        trace.record("run.end", at: now, ["met": String(result.met), "failed": String(result.failures.count)])
        oracleAfter = "run.end"
        result.attach(oracle.finish(observation))
        separateKnownFailures()
        result.freeRunning = freeRunningReport()
        result.freeRunning?.write(to: options.root.logs.appendingPathComponent(FreeRunningReport.file))
        // The loop this device started ends with the run, so its exit is
        // in the views drawn next.
        loop.stopOwnLoop()
        do {
            try RunViews.write(root: options.root, reproduce: oracle.reproduce)
        } catch {
            options.progress?("could not draw the run's report: \(error)")
        }
        // Last: a device killed before this (in the oracle's final save, say)
        // has not finished, and the same command on the root plays the end
        // again rather than being refused as a finished run.
        var finished = rootRun
        finished.finished = true
        try finished.save(options.root)
        return result
    }

    /// Goes on only with the run the root holds, if it holds one; records
    /// `run` on a root no run has started on. A sweep's point starts from
    /// a snapshot of another run's root: it is a new run there.
    /// Refuses a root that holds another run or a finished one, records the
    /// run on a new root, and says whether the root already held this run.
    private func checkRootRun(_ run: RootRun) throws -> Bool {
        if options.snapshots?.start == nil, let held = try RootRun.load(options.root) {
            let goOn = held.spec.runCommand(root: options.root.url.path)
            if held.finished { throw EngineError.runFinished(path: options.root.url.path, held: held.spec.command) }
            let differing = held.differences(from: run)
            if !differing.isEmpty {
                throw EngineError.rootHoldsAnotherRun(path: options.root.url.path, differing: differing, held: goOn)
            }
            return true
        }
        try run.save(options.root)
        return false
    }

    /// `oracle.judge(until:)` on another thread while the device moves the
    /// clock and saves its state: the judgement reads only the view the
    /// oracle already took and its own facts, and writes nothing but them
    /// (no trace line, no file), so when it runs changes nothing a run
    /// shows. The next use of `oracle` waits for it (before the oracle's
    /// own save, so `oracle-state.json` and its crash points come in the
    /// same order as before).
    private func judgeInBackground(until next: Date?) {
        let judged = UncheckedBox(oracle)
        let judging = DispatchGroup()
        judging.enter()
        Self.judgeQueue.async {
            judged.value.judge(until: next)
            judging.leave()
        }
        backgroundJudgement = judging
    }

    private static let judgeQueue = DispatchQueue(label: "oal-device.oracle-judge")

    // MARK: - The event queue

    private func nextEvent() throws -> EngineEvent {
        var candidates: [EngineEvent] = []
        let registry = try view.registry()
        let registryVersion = view.registryCache.version
        // Before the planner's: travel ends an old interval before the new
        // wall clock's starts, at the same instant.
        for due in owedEnds(in: registry) {
            candidates.append(EngineEvent(time: due.time, kind: .boundary(due)))
        }
        for due in BoundaryPlanner.next(
            registry: registry, delivered: state.delivered, now: now, owedSince: state.jumpedFrom, calendar: calendar,
            memo: intervals)
        {
            candidates.append(EngineEvent(time: due.time, kind: .boundary(due)))
        }
        if let app = try frontmostApp() {
            let catalog = try view.catalog()
            let counted = thresholdRegistry(
                registry, version: registryVersion, catalog: catalog, version: view.catalogCache.version, app: app)
            if let seconds = state.usage.secondsUntilNextThreshold(
                app: app, at: now, registry: counted, catalog: catalog, calendar: calendar,
                intervals: intervalsInProgress)
            {
                let step = (max(seconds, 0.001) * 1000).rounded(.up) / 1000
                candidates.append(EngineEvent(time: now.addingTimeInterval(step), kind: .threshold))
            }
        }
        if let shown = try nextNotificationTime() {
            candidates.append(EngineEvent(time: shown, kind: .notification))
        }
        if let due = try nextTimeOfDayAutomation() { candidates.append(EngineEvent(time: due, kind: .automation)) }
        if let look = nextLook { candidates.append(EngineEvent(time: look, kind: .threshold)) }
        if let tick = state.nextTick { candidates.append(EngineEvent(time: tick, kind: .tick)) }
        if let tick = pathsTickTime { candidates.append(EngineEvent(time: tick, kind: .tick)) }
        if let time = nextFaultTime { candidates.append(EngineEvent(time: max(time, now), kind: .fault)) }
        if let leave = state.leaveAt { candidates.append(EngineEvent(time: leave, kind: .leave)) }
        if state.stepsDone < scenario.steps.count {
            let step = scenario.steps[state.stepsDone]
            candidates.append(EngineEvent(time: max(step.time, now), kind: .step(state.stepsDone)))
        }
        candidates.append(EngineEvent(time: max(scenario.end, now), kind: .end))
        return candidates.min { ($0.time, $0.kind.priority) < ($1.time, $1.kind.priority) }!
    }

    private func handle(_ event: EngineEvent) throws {
        oracleAfter = event.oracleText
        switch event.kind {
        case .boundary(let due):
            markDelivered(due.key)
            settleOwedEnds(delivered: due.key, in: try view.registry())
            // Saved first: a device killed mid-callback never redelivers it,
            // and delivers it on restart if its process never started.
            state.inFlight = DeviceState.InFlight(
                launchSequence: state.launchSequence,
                callbacks: [DeviceState.InFlight.Callback(kind: due.kind.rawValue, activity: due.activity, event: nil)])
            try saveDeviceState()
            try deliver(due.kind, activity: due.activity, event: nil)
            state.inFlight = nil
        case .fault:
            try fireDueFaults()
        case .notification:
            try deliverDueNotifications()
        case .automation:
            try runDueTimeOfDayAutomations()
        case .threshold, .end:
            break
        case .tick:
            try tick()
        case .leave:
            try leaveFrontmost()
        case .step(let index):
            state.stepsDone = index + 1
            state.stepInFlight = DeviceState.StepInFlight(index: index, launchSequence: state.launchSequence)
            // Saved first: a restarted device never replays a tap whose
            // process started (at most once), and replays one that never
            // started one (`stepInFlight`).
            try saveDeviceState()
            try perform(scenario.steps[index])
            state.stepInFlight = nil
        }
    }

    /// `registry` without the activities none of whose events count `app`:
    /// they add nothing to `secondsUntilNextThreshold` (which only looks at
    /// events covering the app) but each costs a calendar search. Computed
    /// once per registry, catalog and app.
    private func thresholdRegistry(
        _ registry: ActivityRegistry, version registryVersion: Int?, catalog: InstalledAppCatalog,
        version catalogVersion: Int?, app: InstalledApp
    ) -> ActivityRegistry {
        guard let registryVersion, let catalogVersion else { return registry }
        let key = ThresholdRegistryKey(registry: registryVersion, catalog: catalogVersion, app: app.bundleIdentifier)
        if let known = thresholdRegistries[key] { return known }
        var counted = registry
        counted.activities = registry.activities.filter { _, registration in
            registration.events.values.contains { $0.counts(app, in: catalog) }
        }
        if thresholdRegistries.count > 64 { thresholdRegistries = [:] }
        thresholdRegistries[key] = counted
        return counted
    }

    // MARK: - Time

    /// Moves the clock, counting the frontmost app's usage on the way and
    /// delivering the thresholds it crosses and the warnings before them
    /// (they land exactly at `time`, because thresholds and their warnings
    /// are events in the queue).
    func advance(to time: Date) throws {
        try waitForClock(time)
        state.jumpedFrom = nil
        var crossings: [UsageAccounting.Crossing] = []
        // From where the saved usage stops: a device killed after saving
        // it and before moving the clock must not count a stretch twice.
        let from = max(now, state.usageCountedUntil ?? now)
        if let app = try frontmostApp(), time > from {
            crossings = state.usage.accrue(
                app: app, from: from, to: time, registry: try view.registry(), catalog: try view.catalog(),
                calendar: calendar, intervals: intervalsInProgress)
            state.usageCountedUntil = time
            if !crossings.isEmpty {
                state.inFlight = DeviceState.InFlight(
                    launchSequence: state.launchSequence,
                    callbacks: crossings.map {
                        DeviceState.InFlight.Callback(kind: $0.kind.rawValue, activity: $0.activity, event: $0.event)
                    })
            }
            // Saved before the clock moves, with the usage counted up to
            // `time` and its thresholds marked reached: a device killed from
            // here on neither loses the minute nor delivers a threshold twice.
            try saveDeviceState()
        }
        now = time
        faults.now = time
        if freeRun == nil {
            try view.clock.set(ClockState(now: time, timeZoneIdentifier: calendar.timeZone.identifier))
            trace.record("clock.set", at: time, [:])
        }
        reportProgress()
        for crossing in crossings {
            try deliver(crossing.kind, activity: crossing.activity, event: crossing.event)
        }
        state.inFlight = nil
        pruneDelivered(at: time)
    }

    /// Adds `key` to the delivered edges, and to their ages while those
    /// still mirror the set (`DeliveredAges`).
    func markDelivered(_ key: String) {
        let mirrored = deliveredAges?.holds(state.delivered) ?? false
        guard state.delivered.insert(key).inserted else { return }
        if mirrored { deliveredAges?.added(key) } else { deliveredAges = nil }
    }

    /// Forgets the delivered edges of intervals that started more than 8
    /// days before `time` (none can be owed any more), taking the oldest
    /// from `deliveredAges`; filtering the whole set, every key parsed, each
    /// time one aged out was 4% of the engine's work in a month. The ages
    /// are built again from the set whenever something else changed it (a
    /// state loaded, travel's removals).
    private func pruneDelivered(at time: Date) {
        let horizon = time.addingTimeInterval(-8 * 86_400)
        if deliveredAges?.holds(state.delivered) != true { deliveredAges = DeliveredAges(state.delivered) }
        for old in deliveredAges!.removeStarted(atOrBefore: horizon) { state.delivered.remove(old.key) }
    }

    private func reportProgress() {
        guard let progress = options.progress else { return }
        let hour = Int(now.timeIntervalSince1970 / 3600)
        guard hour != lastProgressHour else { return }
        lastProgressHour = hour
        let total = scenario.end.timeIntervalSince(scenario.start)
        let done = total > 0 ? Int(now.timeIntervalSince(scenario.start) / total * 100) : 100
        progress("\(LocalTimeText.text(now, calendar, travelled: faults.state.timeZone != nil)) (\(done)%)")
    }

    // MARK: - Processes

    /// Saves `device-state.json`, and the oracle's accumulated facts next
    /// to it (`oracle-state.json`), so a restarted device resumes both.
    func saveDeviceState() throws {
        state.expectationsMet = result.met
        state.expectationFailures = result.failures
        try stateFile.save(state)
        oracle.save()
    }

    /// The warm extension processes (and the fork servers) end with the
    /// run, before its end is traced, so the drawn views see them gone.
    func retireWarmProcesses() {
        launcher.warm?.retireAll { [launcher, now] in launcher.retiredWarm($0, $1, at: now) }
        launcher.forks?.retireAll()
    }

    func nextLaunch() -> Int {
        state.launchSequence += 1
        return state.launchSequence
    }

    func launch(_ kind: ProcessKind, _ arguments: [String]) throws -> LaunchOutcome {
        if freeRun != nil { return try launchAndWait(kind, arguments) }
        try stopIfRequested()
        let outcome = try launcher.run(kind, launch: nextLaunch(), arguments: arguments, at: now)
        // A launch that a stop signal ended is not a result to act on.
        try stopIfRequested()
        return outcome
    }

    /// Launches `oal-monitor` for one callback, then whatever it owes.
    func deliver(_ kind: CallbackKind, activity: String, event: String?) throws {
        if pathsWithhold(kind, activity: activity, event: event) { return }
        guard faultsAllowDelivery(kind, activity: activity, event: event) else { return }
        defer { try? faultsAfterDelivery(kind) }
        if freeRun != nil { return try deliverConcurrently(kind, activity: activity, event: event) }
        let outcome = try launch(.monitor, [kind.rawValue, activity] + (event.map { [$0] } ?? []))
        // The callback ran, its delivery not yet traced: a device killed
        // here must neither deliver it again nor reuse its launch number.
        CrashPoint.reach("device.deliver.after-launch")
        var fields = [
            "kind": kind.rawValue, "activity": activity, "launch": String(outcome.launch),
            "status": outcome.statusText,
        ]
        if let event { fields["event"] = event }
        trace.record("deliver", at: now, fields)
    }

    /// Delivers the callbacks processes made owed (a stopped activity ends
    /// its interval) until none are left, then traces what the device now
    /// enforces.
    func settle() throws {
        try reapLaunches()
        while true {
            let owed = try view.drainPending()
            let past = try pastActivityCrossings()
            if owed.isEmpty && past.isEmpty { break }
            for callback in owed {
                try deliver(callback.kind, activity: callback.activity, event: callback.event)
            }
            if !past.isEmpty {
                // Saved first: a device killed mid-callback never redelivers it.
                try saveDeviceState()
                for crossing in past {
                    try deliver(crossing.kind, activity: crossing.activity, event: crossing.event)
                }
            }
        }
        try ShieldWatcher(view: view, trace: trace).observe(at: now, state: &state)
        // A guest's own records are its code's to read (free-running has no
        // instant between steps to ask at).
        if freeRun == nil { askTheApp() }
        oracle.observe(observation)
    }

    /// Thresholds that an activity registered or restarted since the last
    /// look already meets through the usage earlier in its interval
    /// (`includesPastActivity`): iOS reports them at once. Looked for only
    /// when the registry changed.
    private func pastActivityCrossings() throws -> [UsageAccounting.Crossing] {
        let registry = try view.registry()
        let version = view.registryCache.version
        if let version, version == caughtUpRegistry { return [] }
        caughtUpRegistry = version
        // A stopped activity's counter is never read again (a restart starts
        // a new one); day-keyed time limits stop one a day, and keeping them
        // made every device-state save grow with the run.
        state.usage.prune(to: registry)
        return state.usage.catchUp(
            registry: registry, at: now, catalog: try view.catalog(), calendar: calendar,
            intervals: intervalsInProgress)
    }

    /// `ActivityRegistration.interval(at:)` through the interval memo:
    /// the same schedule search, asked once per interval instead of at
    /// every step of the usage accounting.
    var intervalsInProgress: UsageAccounting.IntervalLookup {
        { [intervals, calendar] registration, instant in
            guard let interval = intervals.interval(of: registration, containingOrAfter: instant, calendar: calendar),
                interval.start <= instant, instant < interval.end
            else { return nil }
            return interval
        }
    }

    func frontmostApp() throws -> InstalledApp? {
        guard let bundle = state.frontmost else { return nil }
        return try view.catalog().apps.first { $0.bundleIdentifier == bundle }
    }
}

struct ThresholdRegistryKey: Hashable {
    var registry: Int
    var catalog: Int
    var app: String
}

/// One entry of the lockstep queue.
struct EngineEvent {
    enum Kind {
        case boundary(DueBoundary)
        case threshold
        /// A fault falls due (Faults/): a timed fault, a held callback.
        case fault
        /// A notification an app scheduled comes due.
        case notification
        /// A "Time of Day" Shortcuts automation comes due.
        case automation
        case tick
        case leave
        case step(Int)
        case end

        /// Order among events at the same instant: the OS's callbacks come
        /// first (they fire at the first device use after the edge), then
        /// the app, then the user, and the run ends last.
        var priority: Int {
            switch self {
            case .boundary(let due): due.kind == .intervalDidEnd ? 0 : 1
            case .fault, .notification, .automation: 1
            case .threshold: 2
            case .tick: 3
            case .leave: 4
            case .step: 5
            case .end: 6
            }
        }
    }

    var time: Date
    var kind: Kind
}
