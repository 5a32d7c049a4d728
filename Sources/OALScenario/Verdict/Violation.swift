import Foundation
import OALPlatform

/// The oracle's checks, by name. Each names one property of
/// docs/ORACLE.md; a violation or an expected divergence carries one.
public enum OracleCheck: String, Codable, Hashable, Sendable, CaseIterable {
    /// Every App Group / app store parses after every step (or was
    /// quarantined and reported).
    case storesParse = "stores-parse"
    /// Each rule's own ManagedSettings store equals the foreground decision.
    case agreement
    /// Ledger minutes never exceed what the user really spent that day.
    case usageNotInvented = "usage-not-invented"
    /// No rule shields unless its rules and that day's real usage justify it.
    case blockNotInvented = "block-not-invented"
    /// Each granted open is spent exactly once; a denied press spends nothing;
    /// no more opens are granted than the budget.
    case opensExactlyOnce = "opens-exactly-once"
    /// An open spent by a press whose outcome never came back (the launch
    /// was killed) while the shield it paid for stayed up: spent, never
    /// granted.
    case openLost = "open-lost"
    /// A delivered threshold's minutes are in the ledger (an acknowledged
    /// write survives).
    case minutesRecorded = "minutes-recorded"
    /// No rule/list mutation or unblock succeeds against an actively
    /// blocking Hard Mode rule.
    case hardMode = "hard-mode"
    /// An app is shielded whenever any rule's decision shields it.
    case strictestWins = "strictest-wins"
    /// A granted open session is never cut short, and ends re-shielded.
    case sessionHonoured = "session-honoured"
    /// An app, web domain or the adult filter the spec model says a rule
    /// the user has blocks now is not shielded by any store.
    case underEnforced = "under-enforced"
    /// An app, web domain or the adult filter is shielded although no rule
    /// the user has blocks it now (by the spec model).
    case overEnforced = "over-enforced"
    /// A rule's own store covers exactly what its mode and list cover
    /// (Allow Only: all but the list's apps, categories and domains).
    case storeScope = "store-scope"
    /// A time limit's ledger minutes keep up with the real usage of its apps.
    case usageNotLost = "usage-not-lost"
    /// Once every tap has settled, the App Group mirror holds exactly the
    /// rules of the app's database.
    case mirrorCurrent = "mirror-current"
    /// Spec §6.1: with Uninstall Protection on, app removal is denied
    /// exactly while some Hard Mode rule is actively blocking, the app
    /// closed or not.
    case uninstallProtection = "uninstall-protection"
    /// Each rule's status label on the app's Rules screen agrees with the
    /// spec model's state, and its countdown with the next edge.
    case statusLabel = "status-label"
    /// Each rule's schedule text on the app's Rules screen (its window and
    /// days, as the detail sheet shows them) names the rule as the user set it.
    case scheduleText = "schedule-text"
    /// A shield offers Open exactly when every rule blocking the app is an
    /// open limit with opens left, and names no rule that is not blocking it.
    case shieldContent = "shield-content"
    /// A pause ends on time (the rule shields again, the app closed or
    /// not), a Hard Mode rule is never paused, and an unblock pauses for
    /// as long as the spec option in force says.
    case pause
    /// A time limit's usage report (the report extension's rows, when the
    /// user looks at the rule's usage page) shows today's real foreground
    /// time of the rule's apps: the total and each app's row.
    case usageReport = "usage-report"
    /// swift-app-intervention's contract (docs/ORACLE.md): no open is held
    /// back, by a storage failure or a host that cannot come forward.
    case failOpen = "fail-open"
    /// Each intervention is resolved at most once, concurrent taps included.
    case exactlyOnceResolve = "exactly-once-resolve"
    /// No pause is shown or resolved past its age limit (two minutes), and
    /// one that could not come forward is withdrawn, never shown.
    case neverStale = "never-stale"
    /// A reopen through a pass is not a new open; every other open counts once.
    case openCountedOnce = "open-counted-once"
    /// The reopen right after proceeding passes through, within the
    /// coordinator's return window and only then.
    case returnWindow = "return-window"
    /// Foqos (docs/FOQOS_SPEC.md): a session starts and stops only by what
    /// its strategy allows (the tag or code that started it, the app's
    /// button for the manual ones).
    case foqosStartStop = "foqos-start-stop"
    /// Foqos: a timer session stops blocking when its duration runs out,
    /// and not before.
    case foqosTimer = "foqos-timer"
    /// Foqos: the shields are lifted during a break and back when it ends.
    case foqosBreak = "foqos-break"
    /// Foqos: a pause timer's tag pauses the session, which blocks again
    /// when the pause runs out.
    case foqosPause = "foqos-pause"
    /// Foqos: a strict profile is stopped only by an approved tag or code.
    case foqosStrict = "foqos-strict"
    /// Foqos: temporary access lets through the promised opens and no more.
    case foqosTemporaryAccess = "foqos-temporary-access"
}

/// One broken property, with everything needed to look at it again.
public struct Violation: Codable, Hashable, Sendable, CustomStringConvertible {
    public var check: OracleCheck
    /// The rule it concerns (id and name as the app shows it), if any.
    public var ruleID: String?
    public var ruleName: String?
    /// Emulated time, ISO 8601 UTC (the trace's format), and the device's
    /// local rendering.
    public var time: String
    public var localTime: String
    /// What the step was after which it was found.
    public var after: String
    public var expected: String
    public var actual: String
    /// The last trace lines before it (about 20).
    public var traceExcerpt: [String]
    /// The command that replays the run.
    public var reproduce: String
    /// What diverged, as the check keys its episodes: `app|NAME`,
    /// `web|DOMAIN` and `filter` for `under-enforced`/`over-enforced`, the
    /// rule's id or the check's own key otherwise (docs/REPORT.md).
    public var subject: String?
    /// When the divergence ended (ISO 8601 UTC): the first look that found
    /// it resolved; nil while it lasted to the end of the run, or for a
    /// check that judges an event rather than a state.
    public var until: String?
    /// The device's time zone when it was found (the zone of `localTime`),
    /// so the excerpt's lines are shown in it too; nil in reports written
    /// before it was kept (their excerpts stay in UTC, and say so).
    public var timeZone: String? = nil

    public var description: String {
        let rule = ruleName.map { " rule \"\($0)\"" } ?? (ruleID.map { " rule \($0)" } ?? "")
        return "[\(check.rawValue)]\(rule) at \(localTime) (after \(after)): expected \(expected); actual \(actual)"
    }

    public init(
        check: OracleCheck, ruleID: String? = nil, ruleName: String? = nil, time: String, localTime: String,
        after: String, expected: String, actual: String, traceExcerpt: [String], reproduce: String,
        subject: String? = nil, until: String? = nil, timeZone: String? = nil
    ) {
        self.check = check
        self.ruleID = ruleID
        self.ruleName = ruleName
        self.time = time
        self.localTime = localTime
        self.after = after
        self.expected = expected
        self.actual = actual
        self.traceExcerpt = traceExcerpt
        self.reproduce = reproduce
        self.subject = subject
        self.until = until
        self.timeZone = timeZone
    }
}

extension Violation {
    /// How the excerpt's times are given: the headline's local time, or
    /// the trace's UTC when the zone was not kept.
    public var excerptZoneText: String {
        timeZone.map { "times local in \($0), as the headline" } ?? "times in UTC as in the trace"
    }
}

/// A divergence the spec names: reported, with its reason, not counted.
public struct ExpectedDivergence: Codable, Hashable, Sendable, CustomStringConvertible {
    public var check: OracleCheck
    public var ruleID: String?
    public var ruleName: String?
    public var time: String
    public var localTime: String
    public var expected: String
    public var actual: String
    public var reason: String
    /// As for a violation: what diverged, and when the excused divergence
    /// ended (it converged, another reason took over, or its deadline
    /// passed and it became a violation); nil when it lasted to the end.
    public var subject: String?
    public var until: String?

    /// The deadline the reason names (`deadline: …` at its end).
    public var deadline: String? {
        reason.range(of: "deadline: ", options: .backwards).map { String(reason[$0.upperBound...]) }
    }

    public var description: String {
        let rule = ruleName.map { " rule \"\($0)\"" } ?? ""
        return "[\(check.rawValue)]\(rule) at \(localTime): expected \(expected), actual \(actual) — \(reason)"
    }

    public init(
        check: OracleCheck, ruleID: String? = nil, ruleName: String? = nil, time: String, localTime: String,
        expected: String, actual: String, reason: String, subject: String? = nil, until: String? = nil
    ) {
        self.check = check
        self.ruleID = ruleID
        self.ruleName = ruleName
        self.time = time
        self.localTime = localTime
        self.expected = expected
        self.actual = actual
        self.reason = reason
        self.subject = subject
        self.until = until
    }
}

/// What the oracle found over a whole run.
public struct OracleReport: Codable, Hashable, Sendable {
    public var violations: [Violation]
    public var expectedDivergences: [ExpectedDivergence]
    /// How many times the oracle looked, and how many individual checks ran.
    public var observations: Int
    public var checksRun: Int
    /// Quarantined store files seen (path), reported rather than hidden.
    public var quarantined: [String]
    /// A guest run: each check the app at hand could not be judged by,
    /// why, and the check that catches the same failure instead
    /// (`GuestCheckGap`); nil for the emulator's own app.
    public var guestGaps: [String]?
    /// A guest run: how many of the oracle's probes of the app failed, and
    /// the last failure (those instants were judged from the device's side).
    public var guestProbeFailures: Int?
    public var lastGuestProbeFailure: String?
    /// A guest run: divergences its harness documents as findings about
    /// the app (`id [check] rule: summary`), once each, not violations.
    public var knownFindings: [String]?
    /// A swift-app-intervention host's run: its contract's checks and what
    /// they judged (`InterventionContract`).
    public var contractJudged: String?

    public init(
        violations: [Violation] = [], expectedDivergences: [ExpectedDivergence] = [], observations: Int = 0,
        checksRun: Int = 0, quarantined: [String] = []
    ) {
        self.violations = violations
        self.expectedDivergences = expectedDivergences
        self.observations = observations
        self.checksRun = checksRun
        self.quarantined = quarantined
    }

    public var passed: Bool { violations.isEmpty }

    /// Violations of one check.
    public func violations(of check: OracleCheck) -> [Violation] { violations.filter { $0.check == check } }

    /// One trace line, short: time, process#launch, event, fields. The
    /// time is the trace's UTC, or with `zone` the local time there (the
    /// zone's offset added in a repeated hour of a fall back, where the
    /// wall clock alone would not say which).
    public static func compact(_ line: String, zone: TimeZone? = nil) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return line
        }
        let stamp = object["t"] as? String
        var time = stamp.map { String($0.dropFirst(11).prefix(8)) } ?? ""
        if let zone, let date = stamp.flatMap(TraceEvent.date(fromTimestamp:)) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
            time = String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
            if LocalTimeText.repeatedWallTime(date, zone) { time += " (UTC\(LocalTimeText.offsetText(date, zone)))" }
        }
        let process = (object["proc"] as? String ?? "") + ((object["launch"] as? Int).map { "#\($0)" } ?? "")
        let fields = (object["fields"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value.count > 44 ? String($0.value.prefix(41)) + "..." : $0.value)" }
        return "\(time) \(process) \(object["event"] as? String ?? "") \(fields.joined(separator: " "))"
    }

    /// The short section `oal-device run` prints.
    public func render(limit: Int = 10, excerpt: Bool = true) -> String {
        var lines = [
            "oracle: \(observations) observation(s), \(checksRun) check(s), \(violations.count) violation(s), "
                + "\(expectedDivergences.count) expected divergence(s)"
        ]
        var byReason: [String: Int] = [:]
        for divergence in expectedDivergences {
            byReason["[\(divergence.check.rawValue)] \(divergence.reason)", default: 0] += 1
        }
        for (reason, count) in byReason.sorted(by: { $0.key < $1.key }) {
            lines.append("  expected ×\(count): \(reason)")
        }
        for path in quarantined { lines.append("  quarantined: \(path)") }
        lines += guestLines
        for violation in violations.prefix(limit) {
            lines.append("  VIOLATION \(violation)")
            if excerpt {
                // One zone: the headline's. A report without the zone keeps
                // the trace's UTC and says so.
                lines.append("    trace (last \(violation.traceExcerpt.count) lines, \(violation.excerptZoneText)):")
                let zone = violation.timeZone.flatMap(TimeZone.init(identifier:))
                lines += violation.traceExcerpt.suffix(8).map { "      \(Self.compact($0, zone: zone))" }
            }
            lines.append("    reproduce: \(violation.reproduce)")
        }
        if violations.count > limit { lines.append("  ... and \(violations.count - limit) more") }
        if !violations.isEmpty { lines.append("  (full trace excerpts: <root>/logs/oracle.json)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Gap lines (`CHECK: WHY; caught instead by ...`) with the same why
    /// printed once, their checks listed: a guest with no spec model has
    /// one why for every check.
    static func groupedGaps(_ gaps: [String]) -> [String] {
        var order: [String] = []
        var checks: [String: [String]] = [:]
        for gap in gaps {
            guard let colon = gap.range(of: ": ") else {
                order.append(gap)
                continue
            }
            let why = String(gap[colon.upperBound...])
            if checks[why] == nil { order.append(why) }
            checks[why, default: []].append(String(gap[..<colon.lowerBound]))
        }
        return order.map { why in
            guard let names = checks[why] else { return why }
            return "\(names.joined(separator: ", ")): \(why)"
        }
    }

    /// What a guest run could not judge, and the probe's failures.
    public var guestLines: [String] {
        var lines = (knownFindings ?? []).map { "  known finding \($0)" }
        lines += Self.groupedGaps(guestGaps ?? []).map { "  not judged for this guest: \($0)" }
        if let contractJudged { lines.append("  the package's contract: \(contractJudged)") }
        if let failures = guestProbeFailures, failures > 0 {
            lines.append(
                "  the app's probe failed \(failures) time(s), last: \(lastGuestProbeFailure ?? "?") "
                    + "(those instants were judged from the device's side only)")
        }
        return lines
    }
}

extension OracleReport {
    /// `<root>/logs/oracle.json`: the last run's report, for `summary`,
    /// `scripts/supervise` and tests that ran `oal-device` as a process.
    public static let file = "oracle.json"

    /// The report the last run on `root` wrote, if any.
    public static func last(root: DeviceRoot) -> OracleReport? {
        guard let data = FileManager.default.contents(atPath: root.logs.appendingPathComponent(file).path)
        else { return nil }
        return try? JSONDecoder().decode(OracleReport.self, from: data)
    }
}
