import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import OALScenario
import OALStore
import OALSystem

/// The judge of a run (docs/ORACLE.md). The engine calls `observe` after
/// every handled event and settle (it learns the facts and checks that the
/// stores parse), `judge` once every event due at an instant has been
/// handled (the rule checks), and `finish` at the end. The oracle only
/// reads: files are parsed directly (never through a store API that could
/// quarantine or compact), so a run with the oracle writes exactly the
/// trace it would write without it.
///
/// The device knows the truth (what the user did and when, which callbacks
/// it delivered, each launch's outcome); the oracle learns it from the
/// engine's state and from the trace lines written since its last look.
public final class Oracle {
    let root: DeviceRoot
    /// The command that replays the run, copied into every violation.
    public let reproduce: String
    package var report = OracleReport()
    let tail: TraceTail
    /// Each (check, rule) reports at most once per divergence episode.
    var openEpisodes: Set<String> = []
    var seenEpisodes: Set<String> = []
    /// Callbacks the device owes but has not delivered (faults: late,
    /// dropped, batched), by activity name; fed by the faults code.
    var withheld: [String: WithheldCallback] = [:]
    /// Store files a fault made unreadable on purpose, until a process
    /// quarantines them.
    var injectedStoreFaults: [String: String] = [:]
    var truth = UsageTruth() { didSet { covered.forget() } }
    /// The rules as the user set them (the app's database), and what the
    /// independent checks learned from the device's side of the trace.
    var userRules = UserRules.empty
    var spec = SpecFacts()
    /// Each rule's covered seconds of a day under `truth`, `calendar` and
    /// the token changes.
    var covered = CoveredSecondsMemo()
    /// The catalog of the last judged view (for the stretch between events).
    var lastCatalog: InstalledAppCatalog?
    /// The catalog's apps by bundle id, built once per catalog: every
    /// rule's real usage is looked up through it at every judgement.
    var bundleIndex: (catalog: InstalledAppCatalog, apps: [String: InstalledApp])?

    func apps(byBundleIn catalog: InstalledAppCatalog) -> [String: InstalledApp] {
        if let bundleIndex, bundleIndex.catalog == catalog { return bundleIndex.apps }
        let apps = Dictionary(catalog.apps.map { ($0.bundleIdentifier, $0) }, uniquingKeysWith: { first, _ in first })
        bundleIndex = (catalog, apps)
        return apps
    }
    var calendar = Calendar(identifier: .gregorian) { didSet { covered.forget() } }
    /// The spec model in the zone now, knowing every travel so far.
    var specModel: SpecModel { SpecModel(calendar: calendar, travels: spec.travels ?? [], windows: windows) }
    let windows = WindowMemo()
    /// The oracle's own day arithmetic in `calendar` (never `WallClock`).
    var days: SpecDays { SpecDays(calendar: calendar) }
    var now = Date.distantPast
    var lastStep = "run.start"
    var facts = DeviceFacts()
    /// The view at the previous observation: the state a step started from.
    var previousView: OracleView?
    /// When each rule's current divergence began (rule id).
    var divergenceSince: [String: Date] = [:]
    /// False in a `--paths foreground` run: no callback is ever delivered,
    /// so every divergence the monitor would have closed is named.
    public var callbacksDelivered = true
    /// `--paths foreground`: the minute the always-running loop last looked.
    package var pathsLastCheck: Date?

    /// Open presses whose outcome never came back (killed) and that spent
    /// an open, until the instant is judged (`open-lost`).
    var killedPresses: [KilledPress] = []
    /// The view at the last observation, not judged yet: set by `observe`,
    /// consumed by `judge` once the instant is complete.
    var unjudged: OracleView?
    /// Where the accumulated facts are kept between device restarts, and
    /// the scenario they belong to.
    let stateFile: DocumentFile<OracleState>?
    let stateWriter: OwnedDocumentWriter<OracleState>?
    /// What this process last wrote there (`save` skips writing it again).
    var lastSaved: OracleState?
    /// The last parse verdict per store file and the bytes it was for.
    var parsed: [String: ParsedFile] = [:]
    /// What changed in the store directories since the last observation
    /// (`StoreChangeWatch`), and the files whose verdict in `parsed` was
    /// reached while every directory was watched: of those, one no change
    /// names is not looked at again.
    let storeWatch: StoreChangeWatch
    var storeChanges = StoreChangeWatch.Changes.unknown
    var verdictsUnderWatch: Set<String> = []
    /// The ledger `readView` reads usage through, kept while it may be.
    let viewLedger = ViewLedger()
    /// The App Group's listing and each file's path facts, kept between
    /// observations (`checkStoresParse`).
    let listing = DirectoryListing()
    /// The store files `files(under:)` found in the last listing of each
    /// directory.
    var storeFiles: [String: (relatives: [String], files: [String])] = [:]
    let storePaths = StorePaths()
    /// The mirror's rules, decoded once per mirror content.
    let publishedRules = PublishedRulesMemo()
    package var savedScenario: String?
    /// A guest run (docs/GUEST.md): its own records come from its code
    /// (`guestProbe`, GuestJudging.swift).
    package var guest: GuestBuild?
    /// The device's last probe of a guest app (set before each `observe`;
    /// nil when it did not ask).
    package var guestProbe: Result<GuestProbe, AppQueryFailure>?
    /// Foqos's documented behaviour, learned from the trace
    /// (FoqosJudging.swift); nil for any other app.
    var foqos: FoqosModel?
    /// The app's Rules screen, when the device asked for it after this
    /// step (`DeviceEngine.askTheApp`): the `status-label` check's input.
    package var rulesScreen: ScreenRows?
    /// The usage reports the user looked at since the last judgement
    /// (`app usage-report RULE`): the `usage-report` check's input.
    package var usageReportsShown: [UsageReportShown] = []
    /// When the device last asked for the Rules screen (persisted).
    package var labelsAsked: LabelsAsked?
    /// Unblock taps of this instant (the rule as the tap named it, when,
    /// and the rule as the app stored it right after the tap), judged at
    /// its end (`checkPauses`).
    var pendingUnblocks: [(reference: String, time: Date, rule: Rule?)] = []
    /// What judging this run cost the device (not persisted: a cost is per
    /// process): `<root>/logs/oracle-cost.json`, docs/PERFORMANCE.md.
    var cost = OracleCost()
    /// Free-running: divergences count only past this lag (BoundedLag).
    package var lag: BoundedLag?

    public struct WithheldCallback: Codable, Hashable, Sendable {
        public var activity: String
        public var kind: String
        public var edge: Date
        public var reason: String
    }

    /// A new oracle for `root`. With `resume`, the facts a previous
    /// `oal-device run` on this root accumulated (`system/oracle-state.json`)
    /// are reloaded, and the trace is read from where that oracle stopped.
    public init(root: DeviceRoot, reproduce: String, resume: Bool = true) {
        self.root = root
        self.reproduce = reproduce
        tail = TraceTail(url: root.trace)
        storeWatch = StoreChangeWatch(roots: [root.appGroup.path, root.appContainer.path])
        stateFile = try? DocumentFile(
            container: try AppGroupContainer(url: root.system), name: OracleState.storeName,
            format: OracleState.format, version: OracleState.version)
        stateWriter = stateFile.map { OwnedDocumentWriter(file: $0) }
        if resume, let saved = try? stateFile?.read() {
            restore(saved)
        } else {
            tail.skipToEnd()
        }
    }

    // MARK: - Hooks for fault injection (Sources/OALEmulator/Faults)

    /// A callback that was due at `edge` and is not (yet) delivered: late,
    /// dropped, or held in a batch. Divergences of the activity's rule are
    /// expected while it is withheld.
    ///
    /// One entry per callback (activity, kind and event): an interval edge
    /// held while a threshold of the same activity is must not replace the
    /// threshold's reason, which alone says the budget is not in the
    /// ledger (explore seed 803).
    public func callbackWithheld(activity: String, kind: String, event: String? = nil, edge: Date, reason: String) {
        withheld[Self.withheldKey(activity: activity, kind: kind, event: event)] = WithheldCallback(
            activity: activity, kind: kind, edge: edge, reason: reason)
    }

    static func withheldKey(activity: String, kind: String, event: String?) -> String {
        [activity, kind, event].compactMap { $0 }.joined(separator: "|")
    }

    /// The withheld callback for `activity` was delivered after all (or
    /// will never be, and the app has refreshed since); convergence is
    /// required from now on.
    public func callbackArrived(activity: String, kind: String, event: String? = nil) {
        withheld[Self.withheldKey(activity: activity, kind: kind, event: event)] = nil
    }

    /// A fault made `path` unreadable on purpose; it may stay so until a
    /// process touches it (and must then be quarantined).
    /// A fault moved the clock to `instant` by `span` after launch
    /// `launch`: the jumped time is nobody's usage (the device counts none),
    /// and a clock set back is named for the edges of the span it lives
    /// again (`ClockSetBack.excuses`).
    public func clockJumped(to instant: Date, by span: TimeInterval, afterLaunch launch: Int) {
        // The use up to the jump is usage: the last observation may be a
        // step earlier (a threshold due at the jump's instant, say).
        truth.advance(to: instant.addingTimeInterval(-span), calendar: calendar)
        truth.since = instant
        if span < 0 {
            spec.clockSetBack = ClockSetBack(time: instant, launch: launch, from: instant.addingTimeInterval(-span))
        }
    }

    public func storeFaultInjected(path: String, reason: String, at instant: Date) {
        injectedStoreFaults[path] = reason
        if path.hasSuffix(RuleSnapshotStore.storeName + ".json") { spec.mirrorDamagedAt = instant }
        if path.hasSuffix(GroupDefaults.storeName + ".json") { spec.settingsDamagedAt = instant }
    }

    /// A fault damaged the usage journal of `day` (`YYYY-MM-DD`); `lost` is
    /// what its bytes held before and no longer do. A second damage the
    /// same day adds to the first's loss.
    package func usageJournalDamaged(
        day: String, lost: UsageJournalLoss.Totals, refusesWrites: Bool, reason: String, at instant: Date
    ) {
        var damage = UsageDamage(day: day, time: instant, fault: reason)
        damage.refusesWrites = refusesWrites || spec.usageDamaged.map { $0.day == day && $0.refusesWrites } ?? false
        if let earlier = spec.usageDamaged, earlier.day == day {
            damage.time = earlier.time
            damage.fault = earlier.fault + "; " + reason
            damage.lostMinutes = earlier.lostMinutes.merging(lost.minutes, uniquingKeysWith: +)
            damage.lostOpens = earlier.lostOpens.merging(lost.opens, uniquingKeysWith: +)
        } else {
            damage.lostMinutes = lost.minutes
            damage.lostOpens = lost.opens
        }
        spec.usageDamaged = damage
    }

    // MARK: - Engine calls

    /// After every step: learns what happened from the trace, checks that
    /// every store parses, and keeps the view for `judge`. The rule checks
    /// wait until every event due at this instant has been handled: several
    /// callbacks due at one instant are delivered one by one, and the state
    /// between two of them is not one the device ever rests in.
    package func observe(_ observation: OracleObservation) {
        let started = MonotonicClock.nanoseconds()
        defer { cost.observeNanoseconds += MonotonicClock.nanoseconds() - started }
        // Before any file is read: a change made from here on is an event
        // of the next observation.
        storeChanges = storeWatch.drain()
        let zone = observation.calendar.timeZone.identifier
        if let last = spec.zone, last != zone {
            // Counted up to the travel first, on the old zone's day.
            truth.advance(to: observation.now, calendar: calendar)
            let oldDay = days.day(observation.now)
            let filed = truth.seconds.compactMapValues { $0[oldDay] }
            spec.travels =
                (spec.travels ?? []).suffix(15) + [Travel(time: observation.now, from: last, to: zone, filed: filed)]
        }
        spec.zone = zone
        calendar = observation.calendar
        callbacksDelivered = observation.callbacksDelivered
        truth.advance(to: observation.now, calendar: calendar)
        now = observation.now
        lastStep = observation.after
        report.observations += 1
        lag?.beginRound()
        let events = tail.readNew()
        checkStoresParse(events)
        learn(events)
        learnSpecFacts(events)
        learnFoqos(events)
        // `learnKills` makes `spec.kills` present on any line it reads, the
        // store lines the tail no longer decodes included.
        if tail.skipped > 0, spec.kills == nil { spec.kills = KillFacts() }
        // After `learn`: the Hard Mode check judges a tap on the rules as
        // they were before it.
        if let rules = UserRules.read(root: root, memo: observation.files.decoded) {
            carryUsage(from: userRules, to: rules)
            userRules = rules
        }
        noteUnblockedRules()
        let view = readView(observation)
        if let view {
            noteKilledPresses(events, before: previousView, after: view)
            previousView = view
        }
        unjudged = view
        truth.frontmost = observation.frontmost
    }

    /// The instant is complete (the engine is about to move the clock past
    /// it, or the run ends): runs the rule checks on the state the device
    /// rests in.
    package func judge(until next: Date? = nil) {
        guard let view = unjudged else { return }
        unjudged = nil
        let started = MonotonicClock.nanoseconds()
        defer {
            cost.judgements += 1
            cost.judgeNanoseconds += MonotonicClock.nanoseconds() - started
        }
        // Before any check: a named reason may weigh a rule's usage, which
        // needs this view's apps (`travelExplains`).
        lastCatalog = view.catalog
        // A guest judged on a model of its own documented behaviour instead
        // of the spec's rules (docs/FOQOS_SPEC.md).
        if judgesFoqos { return judgeFoqos(view) }
        // A guest whose rules the spec does not model (extensions alone, or
        // a harness that says so). Only the scenario's expectations, and
        // what a package's contract promises, judge it.
        if let reason = guest?.noSpecModel {
            for gap in GuestCheckGap.noSpec(reason) { noteGap(gap) }
            return
        }
        if guest != nil {
            judgeGuest(view)
        } else {
            checkRules(view)
            checkOpensLost(view)
            checkEnforcement(view)
            checkMirror(view)
        }
        // What the user is promised beyond the shields, for either app.
        checkUninstallProtection(view)
        checkPauses(view)
        if let screen = rulesScreen {
            rulesScreen = nil
            checkStatusLabels(screen, view)
            checkScheduleTexts(screen)
        }
        checkUsageReports(view)
        if let next { judgeRest(of: view, until: next) }
        if let lag { report.violations += lag.settle(at: now) }
    }

    /// The verdict of the run, after a last look.
    package func finish(_ last: OracleObservation) -> OracleReport {
        observe(last)
        judge()
        save()
        write(to: root.logs.appendingPathComponent(OracleReport.file))
        cost.observations = report.observations
        cost.checks = report.checksRun
        cost.write(to: root.logs.appendingPathComponent(OracleCost.file))
        return report
    }

    func write(to url: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(report) { try? data.write(to: url, options: .atomic) }
    }

    /// The report so far (for callers that drive the engine themselves).
    public func finish() -> OracleReport { report }

    // MARK: - Recording

    func localText(_ date: Date) -> String {
        LocalTimeText.text(date, calendar, travelled: !(spec.travels ?? []).isEmpty)
    }

    /// Reports a violation once per episode of `key` (a check and a rule);
    /// the episode ends when `resolved(key)` is called.
    func violate(
        _ check: OracleCheck, key: String? = nil, ruleID: UUID? = nil, ruleName: String? = nil, expected: String,
        actual: String
    ) {
        if let finding = knownFinding(check, ruleID: ruleID) {
            noteFinding(finding, check: check, ruleID: ruleID, ruleName: ruleName)
            return
        }
        let subject = key ?? ruleID.map(CanonicalUUID.string) ?? ""
        let episode = "\(check.rawValue)|\(subject)"
        func violation() -> Violation {
            Violation(
                check: check, ruleID: ruleID.map(CanonicalUUID.string), ruleName: ruleName,
                time: TraceEvent.timestamp(now),
                localTime: localText(now), after: lastStep, expected: expected, actual: actual,
                traceExcerpt: tail.lastLines, reproduce: reproduce, subject: subject,
                timeZone: calendar.timeZone.identifier)
        }
        if let lag, !BoundedLag.immediate.contains(check) {
            lag.seen(episode, at: now, make: violation)
            return
        }
        guard !openEpisodes.contains(episode) else { return }
        openEpisodes.insert(episode)
        // The excuse it had, if any, ran out here.
        endExpected(check, subject: subject)
        report.violations.append(violation())
    }

    func resolved(_ check: OracleCheck, key: String) {
        let wasOpen = openEpisodes.remove("\(check.rawValue)|\(key)") != nil
        // The span the report draws ends at the first look that found it
        // resolved (a free-running violation is reported late, with the
        // instant it began, and ends here too).
        guard wasOpen || lag != nil else { return }
        if let index = report.violations.lastIndex(where: { $0.subject == key && $0.check == check }),
            report.violations[index].until == nil
        {
            report.violations[index].until = TraceEvent.timestamp(now)
        }
    }

    /// Ends the report's span of the open expected divergence of `check`
    /// on `subject`, if there is one.
    private func endExpected(_ check: OracleCheck, subject: String) {
        if let index = report.expectedDivergences.lastIndex(where: { $0.subject == subject && $0.check == check }),
            report.expectedDivergences[index].until == nil
        {
            report.expectedDivergences[index].until = TraceEvent.timestamp(now)
        }
    }

    /// An expected divergence when `reason` names why the design cannot
    /// do better yet, else a violation: one call where a check's excuse
    /// depends on what the fault or the platform left.
    func excuseOrViolate(
        _ check: OracleCheck, key: String, ruleID: UUID?, ruleName: String?, expected: String, actual: String,
        reason: String?
    ) {
        if let reason {
            self.expect(
                check, key: key, ruleID: ruleID, ruleName: ruleName, expected: expected, actual: actual, reason: reason)
        } else {
            violate(check, key: key, ruleID: ruleID, ruleName: ruleName, expected: expected, actual: actual)
        }
    }

    func expect(
        _ check: OracleCheck, key: String, ruleID: UUID? = nil, ruleName: String? = nil, expected: String,
        actual: String, reason: String
    ) {
        let episode = "\(check.rawValue)|\(key)|\(reason)"
        guard !seenEpisodes.contains(episode) else { return }
        seenEpisodes.insert(episode)
        // Another reason took over from the one before.
        endExpected(check, subject: key)
        report.expectedDivergences.append(
            ExpectedDivergence(
                check: check, ruleID: ruleID.map(CanonicalUUID.string), ruleName: ruleName,
                time: TraceEvent.timestamp(now),
                localTime: localText(now), expected: expected, actual: actual, reason: reason, subject: key))
    }

    /// Ends an expected-divergence episode, so a later one is reported anew.
    func expectedEnded(_ check: OracleCheck, key: String) {
        guard !seenEpisodes.isEmpty else { return }
        let prefix = "\(check.rawValue)|\(key)|"
        guard seenEpisodes.contains(where: { $0.hasPrefix(prefix) }) else { return }
        seenEpisodes = seenEpisodes.filter { !$0.hasPrefix(prefix) }
        endExpected(check, subject: key)
    }
}
