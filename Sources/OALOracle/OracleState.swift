import Foundation
import OALDomain
import OALPlatform
import OALScenario
import OALStore

/// What the oracle has accumulated over a run, persisted in
/// `<root>/system/oracle-state.json` at the points the device saves
/// `device-state.json`, so an `oal-device run` restarted on the same root
/// (after a `kill device`) keeps its truth: the real usage, the granted
/// presses, the delivered thresholds, the sessions, the callbacks withheld,
/// the episodes already reported, the report so far, and where in the trace
/// it stopped reading.
struct OracleState: Codable, Equatable, Sendable {
    static let storeName = "oracle-state"
    static let format = "oal.oracle-state"
    static let version = 1

    /// The scenario the facts belong to (a root replaying another scenario
    /// starts blank).
    var scenario: String?
    /// The first trace byte not yet learned from, and the excerpt so far.
    var traceOffset: UInt64 = 0
    var excerpt: [String] = []
    var report = OracleReport()
    var openEpisodes: Set<String> = []
    var seenEpisodes: Set<String> = []
    var withheld: [String: Oracle.WithheldCallback] = [:]
    var injectedStoreFaults: [String: String] = [:]
    var truth = UsageTruth()
    var facts = DeviceFacts()
    var divergenceSince: [String: Date] = [:]
    var pathsLastCheck: Date?
    var killedPresses: [KilledPress] = []
    /// Optional so a state saved before the independent checks resumes.
    var spec: SpecFacts?
    /// When the device last asked the app for its Rules screen (the
    /// status labels), kept so a resumed run asks at the same steps.
    var labelsAsked: LabelsAsked?
}

/// The launch count, instant and time zone of the last Rules-screen
/// question: travel changes every countdown's wall-clock edge, so a screen
/// drawn in the zone before is not the one the user sees after.
package struct LabelsAsked: Codable, Hashable, Sendable {
    package var launch: Int
    package var time: Date
    /// Optional so a state saved before the zone was kept resumes.
    package var zone: String?

    package init(launch: Int, time: Date, zone: String?) {
        self.launch = launch
        self.time = time
        self.zone = zone
    }
}

/// An Open press whose outcome never came back to the device (the launch
/// was killed or crashed) and that spent an open of `ruleID`: the ledger
/// went from `opensBefore` to `opensAfter` across the press.
struct KilledPress: Codable, Hashable, Sendable {
    var launch: String
    var app: String
    var status: String
    var ruleID: UUID
    var opensBefore: Int
    var opensAfter: Int
    var time: Date
    /// The step of the press, for the violation's `after`.
    var step: String
}

extension Oracle {
    // MARK: - Persistence

    func restore(_ saved: OracleState) {
        savedScenario = saved.scenario
        tail.resume(at: saved.traceOffset, lastLines: saved.excerpt)
        report = saved.report
        openEpisodes = saved.openEpisodes
        seenEpisodes = saved.seenEpisodes
        withheld = saved.withheld
        injectedStoreFaults = saved.injectedStoreFaults
        truth = saved.truth
        facts = saved.facts
        divergenceSince = saved.divergenceSince
        pathsLastCheck = saved.pathsLastCheck
        killedPresses = saved.killedPresses
        spec = saved.spec ?? SpecFacts()
        labelsAsked = saved.labelsAsked
    }

    /// Forgets what a previous run on this root accumulated: the root now
    /// plays `scenario` from its first step.
    package func startBlank(scenario: String) {
        restore(OracleState(scenario: scenario))
        tail.skipToEnd()
        previousView = nil
        unjudged = nil
    }

    /// Writes the accumulated facts to `<root>/system/oracle-state.json`
    /// (the engine calls it wherever it saves `device-state.json`).
    package func save() {
        guard let stateWriter else { return }
        let state = OracleState(
            scenario: savedScenario, traceOffset: tail.consumedOffset, excerpt: tail.lastLines, report: report,
            openEpisodes: openEpisodes, seenEpisodes: seenEpisodes, withheld: withheld,
            injectedStoreFaults: injectedStoreFaults, truth: truth, facts: facts, divergenceSince: divergenceSince,
            pathsLastCheck: pathsLastCheck, killedPresses: killedPresses, spec: spec, labelsAsked: labelsAsked)
        // Nothing observed or judged since the last save (the save after a
        // callback follows the one before it): the file already holds these
        // facts, and only this process writes it.
        if state == lastSaved { return stateFile?.passWriteCrashPoints() ?? () }
        guard (try? stateWriter.write(state)) != nil else { return }
        lastSaved = state
    }

    // MARK: - Nothing lost: an open spent by a press that never came back

    /// Called on every observation: an Open press whose launch did not
    /// return (status neither 0 = granted nor 2 = denied) and whose open-limit
    /// rules' ledger opens went up across it spent an open the device never
    /// saw granted. Judged with the instant (`checkOpensLost`).
    func noteKilledPresses(_ events: [TraceEvent], before: OracleView?, after view: OracleView) {
        for event in events where event.process == .device && event.event == "user.press" {
            let status = event.fields["status"] ?? ""
            guard event.fields["button"] == "open", status != "0", status != "2", let before,
                let name = event.fields["app"], let app = view.catalog.app(named: name)
            else { continue }
            let sameDay = before.day == view.day
            for published in view.published where published.rule.configuration.openLimit != nil {
                guard userRules.coverage(of: published).covers(bundle: app.bundleIdentifier, in: view.catalog)
                else { continue }
                let id = published.rule.id
                let opensBefore = sameDay ? before.usageToday[id]?.opensUsed ?? 0 : 0
                let opensAfter = view.usageToday[id]?.opensUsed ?? 0
                guard opensAfter > opensBefore else { continue }
                // The open was spent: the press committed its grant, and
                // only its reply never reached the device (`namedReason`).
                var kills = spec.kills ?? KillFacts()
                let horizon = now.addingTimeInterval(-86_400)
                kills.paidPresses[id] = (kills.paidPresses[id] ?? []).filter { $0 > horizon } + [now]
                spec.kills = kills
                killedPresses.append(
                    KilledPress(
                        launch: event.fields["launch"] ?? "?", app: app.name, status: status, ruleID: id,
                        opensBefore: opensBefore, opensAfter: opensAfter, time: now, step: lastStep))
            }
        }
    }

    /// At the end of the press's instant: an open a killed press spent is
    /// lost when the shield it paid for is still up (no session was
    /// granted, or one was recorded but never lifted the shield).
    func checkOpensLost(_ view: OracleView) {
        let pending = killedPresses
        killedPresses = []
        for press in pending {
            report.checksRun += 1
            guard view.storeShields(press.ruleID) else { continue }
            let step = lastStep
            lastStep = press.step
            defer { lastStep = step }
            let key = CanonicalUUID.string(press.ruleID)
            let session =
                view.sessions[press.ruleID].map { "a session until \(localText($0)) recorded but never applied" }
                ?? "no session granted"
            violate(
                .openLost, key: "\(key)|launch \(press.launch)", ruleID: press.ruleID,
                ruleName: view.ruleNames[press.ruleID],
                expected: "the open spent by press launch \(press.launch) on \(press.app) "
                    + "(opensUsed \(press.opensBefore) → \(press.opensAfter)) lifts the shield for its session",
                actual: "the press never returned (\(press.status)); store rule-\(key) still shielding, "
                    + "\(session): the open is spent and nothing was granted")
        }
    }
}
