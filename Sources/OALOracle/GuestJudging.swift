import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import OALScenario

/// How the oracle judges a guest (docs/ORACLE.md, "A guest"). The guest's
/// App Group holds its own keys, not the emulator's stores, so what the
/// checks read from those stores (the mirror, the ledger, the sessions)
/// comes from the app's own code instead: after every step the device asks
/// it (`GuestAppProbe`, `oal-app --untraced probe --json`) and hands the
/// answer here. Everything else (the user's rules, the real usage, the
/// presses, the shields) is the device's side and is read as for the
/// emulator's app.
extension Oracle {
    /// The view with the guest's own records in place of the emulator's
    /// stores, when the probe answered.
    func guestView(_ base: OracleView) -> OracleView {
        var view = base
        view.guestProbe = nil
        switch guestProbe {
        case .success(let probe)?:
            view.guestProbe = probe
        case .failure(let failure)?:
            report.guestProbeFailures = (report.guestProbeFailures ?? 0) + 1
            report.lastGuestProbeFailure = failure.description
            return view
        case nil:
            return view
        }
        guard let probe = view.guestProbe else { return view }
        if let mirror = probe.mirror {
            let rules = publishedRules.rules(of: mirror)
            view.published = rules.published
            view.ruleNames = rules.names
        } else {
            // An app that publishes no snapshots: the per-rule checks judge
            // the user's own rules.
            view.published = userRules.entries.map { PublishedRule(rule: $0.rule, selection: $0.selection) }
            view.ruleNames = Dictionary(
                userRules.entries.map { ($0.rule.id, $0.rule.name) }, uniquingKeysWith: { first, _ in first })
        }
        view.usageToday = Self.usage(probe.usageToday)
        view.usageYesterday = Self.usage(probe.usageYesterday)
        // The app says which rules are inside a session, not until when:
        // only `open-lost` reads it, to say whether one was recorded.
        view.sessions = Dictionary(
            (probe.sessions ?? []).compactMap(UUID.init(uuidString:)).map { ($0, Date.distantFuture) },
            uniquingKeysWith: { first, _ in first })
        return view
    }

    static func usage(_ rows: [String: DailyUsage]?) -> [UUID: DailyUsage] {
        var result: [UUID: DailyUsage] = [:]
        for (id, usage) in rows ?? [:] {
            if let uuid = UUID(uuidString: id) { result[uuid] = usage }
        }
        return result
    }

    /// The checks for a guest. With the probe's answer every check runs;
    /// what the app at hand does not keep (a ledger, snapshots, a dry run
    /// of its refresh) leaves out only the checks that read it, each named
    /// in the report with the check that catches the same failure
    /// (`GuestCheckGap`). Without an answer (free-running, or the probe
    /// failed) the instant is judged from the device's side only.
    func judgeGuest(_ view: OracleView) {
        guard let probe = view.guestProbe else {
            checkEnforcement(view, usage: false)
            for gap in GuestCheckGap.unprobed { noteGap(gap) }
            return
        }
        // A package's host app has no rules: the Screen Time checks run on
        // none, and what it is judged by is its package's contract.
        let gaps = probe.intervention == nil ? GuestCheckGap.gaps(of: probe) : []
        for gap in gaps { noteGap(gap) }
        checkRules(view, skipping: Set(gaps.map(\.check)))
        checkOpensLost(view)
        checkEnforcement(view, usage: probe.usageToday != nil)
        if probe.mirror != nil { checkMirror(view) }
        if let log = probe.intervention { checkInterventionContract(log) }
    }

    /// swift-app-intervention's promises, judged on the package's log and
    /// the whole trace so far (a resumed device judges the run before its
    /// kill too); each finding once per episode.
    func checkInterventionContract(_ log: InterventionLog) {
        let trace = ((try? TraceLog.read(root.trace)) ?? []).compactMap { try? $0.get() }
        let facts = InterventionContract.facts(trace)
        report.checksRun += 5
        report.contractJudged =
            "fail-open, exactly-once-resolve, never-stale, open-counted-once and return-window judged on "
            + "\(facts.runs.count) automation run(s), \(facts.pauses.count) pause(s) shown and the package's "
            + "\(log.events.count) log event(s)"
        let findings = InterventionContract.judge(
            log, runs: facts.runs, pauses: facts.pauses, hostDeaths: facts.hostDeaths)
        for finding in findings {
            violate(finding.check, key: finding.key, expected: finding.expected, actual: finding.actual)
        }
    }

    /// The harness's finding that covers a divergence of `check` on the
    /// rule (by its kind in the user's rules), if any.
    func knownFinding(_ check: OracleCheck, ruleID: UUID?) -> GuestBuild.KnownFinding? {
        guard let findings = guest?.findings else { return nil }
        let kind = ruleID.flatMap { userRules.byID[$0]?.rule.configuration.kind.rawValue }
        return findings.first { finding in
            finding.checks.contains(check.rawValue) && (finding.kind == nil || finding.kind == kind)
        }
    }

    /// The harness's finding that explains a failed expectation: one that
    /// `expects` the expectation's kind, on a rule of its kind, and that the
    /// run met on that rule (so a failure the app's known defect did not
    /// cause here is still a failure).
    package func knownFinding(explaining expectation: Expectation) -> GuestBuild.KnownFinding? {
        guard let findings = guest?.findings, let name = expectation.ruleName else { return nil }
        let kind = userRules.entries.first { $0.rule.name == name }?.rule.configuration.kind.rawValue
        let met = report.knownFindings ?? []
        return findings.first { finding in
            (finding.expects ?? []).contains(expectation.kindName) && (finding.kind == nil || finding.kind == kind)
                && met.contains { $0.hasPrefix("\(finding.id) [") && $0.contains("] rule \"\(name)\" from ") }
        }
    }

    func noteFinding(_ finding: GuestBuild.KnownFinding, check: OracleCheck, ruleID: UUID?, ruleName: String?) {
        let rule = ruleName.map { " rule \"\($0)\"" } ?? ""
        let line = "\(finding.id) [\(check.rawValue)]\(rule) from \(localText(now)): \(finding.summary)"
        var findings = report.knownFindings ?? []
        let prefix = "\(finding.id) [\(check.rawValue)]\(rule) from "
        if !findings.contains(where: { $0.hasPrefix(prefix) }) { findings.append(line) }
        report.knownFindings = findings
    }

    func noteGap(_ gap: GuestCheckGap) {
        var gaps = report.guestGaps ?? []
        if !gaps.contains(gap.line) { gaps.append(gap.line) }
        report.guestGaps = gaps
    }
}

/// A check a guest run could not apply, why, and the check that catches
/// the same failure instead.
struct GuestCheckGap: Hashable {
    var check: OracleCheck
    var reason: String
    var caughtBy: [OracleCheck]

    var line: String {
        let instead =
            caughtBy.isEmpty ? "the scenario's expectations" : caughtBy.map(\.rawValue).joined(separator: ", ")
        return "\(check.rawValue): \(reason); caught instead by \(instead)"
    }

    /// A guest with no spec model (`GuestBuild.noSpecModel`): no check of
    /// the spec applies (that the stores parse is the device's own look,
    /// and still runs).
    static func noSpec(_ reason: String) -> [GuestCheckGap] {
        OracleCheck.allCases.filter { $0 != .storesParse }.map {
            GuestCheckGap(check: $0, reason: reason, caughtBy: [])
        }
    }

    /// What a probe that answered leaves out, by what the app keeps.
    static func gaps(of probe: GuestProbe) -> [GuestCheckGap] {
        var gaps: [GuestCheckGap] = []
        if probe.decision == nil {
            gaps.append(
                GuestCheckGap(
                    check: .agreement, reason: "the app offers no dry run of its foreground refresh",
                    caughtBy: [.underEnforced, .overEnforced]))
        }
        if probe.usageToday == nil {
            let reason = "the app keeps no usage ledger"
            gaps += [
                GuestCheckGap(check: .usageNotInvented, reason: reason, caughtBy: [.overEnforced]),
                GuestCheckGap(check: .minutesRecorded, reason: reason, caughtBy: [.underEnforced]),
                GuestCheckGap(check: .opensExactlyOnce, reason: reason, caughtBy: [.underEnforced, .overEnforced]),
                GuestCheckGap(check: .usageNotLost, reason: reason, caughtBy: [.underEnforced]),
            ]
        }
        if probe.mirror == nil {
            gaps.append(
                GuestCheckGap(
                    check: .mirrorCurrent, reason: "the app publishes no rule snapshots",
                    caughtBy: [.underEnforced, .overEnforced, .storeScope]))
        }
        return gaps
    }

    /// An instant judged without the probe's answer (free-running, or the
    /// probe failed): only the device's side.
    static let unprobed: [GuestCheckGap] = {
        let reason = "some instants were judged without the app's answer (free-running, or its probe failed)"
        let device: [OracleCheck] = [.underEnforced, .overEnforced, .storeScope]
        return [
            OracleCheck.agreement, .blockNotInvented, .usageNotInvented, .minutesRecorded, .opensExactlyOnce,
            .openLost, .strictestWins, .sessionHonoured, .usageNotLost, .mirrorCurrent,
        ].map { GuestCheckGap(check: $0, reason: reason, caughtBy: device) }
    }()
}
