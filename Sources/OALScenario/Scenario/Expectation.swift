/// A claim about the device at one instant of the scenario.
public enum Expectation: Sendable, Hashable {
    /// `expect blocked APP` / `expect unblocked APP`: the union of every
    /// ManagedSettings store shields (or does not shield) the app.
    case shielded(app: String, Bool)
    /// `expect usage RULE opens X of N`: today's ledger and the rule's budget.
    case opens(rule: String, used: Int, of: Int)
    /// `expect usage RULE minutes X`: today's recorded minutes.
    case minutes(rule: String, used: Int)
    /// `expect home blocking|usage|absent RULE`: where `oal-app home --json`
    /// lists the rule.
    case home(rule: String, HomeSection)
    /// `expect activity NAME registered|absent`, where NAME may be
    /// `KIND RULE` (`sched "Night"` is `sched-<id of Night>`) or end in `*`.
    case activity(ActivityPattern, registered: Bool)
    /// `expect press granted|denied`: the outcome of the last Open press.
    case lastPress(granted: Bool)
    /// `expect exit N app ARGS` / `expect refused app ARGS` (exit 2).
    case appExit(code: Int32, arguments: [String])
    /// `expect shield APP TEXT`: the rendered shield contains TEXT.
    case shieldText(app: String, text: String)
    /// `expect status RULE "TEXT"`: the rule's status label on the Rules
    /// screen (`oal-app rules --json`, the row's `trailing`) is TEXT; a TEXT
    /// ending in `*` is a prefix ("Starts in *").
    case status(rule: String, text: String)
    /// `expect home RULE "TEXT"`: the rule's row on the Home screen
    /// (`oal-app home --json`, either section) shows TEXT in its subtitle
    /// or its trailing label.
    case homeText(rule: String, text: String)
    /// `expect usage-report RULE "TEXT"`: the rule's usage report
    /// (`oal-report`, what the "Today's Usage" page shows) contains TEXT.
    case usageReport(rule: String, text: String)
}

extension Expectation {
    /// The expectation's kind, as a guest harness's finding names the
    /// expectations it makes fail (`expects`, docs/GUEST.md "Findings").
    public var kindName: String {
        switch self {
        case .shielded(_, let blocked): blocked ? "blocked" : "unblocked"
        case .opens: "usage-opens"
        case .minutes: "usage-minutes"
        case .home: "home"
        case .activity: "activity"
        case .lastPress: "press"
        case .appExit: "exit"
        case .shieldText: "shield"
        case .status: "status"
        case .homeText: "home-text"
        case .usageReport: "usage-report"
        }
    }

    /// The rule the expectation names, if it names one.
    public var ruleName: String? {
        switch self {
        case .opens(let rule, _, _), .minutes(let rule, _), .home(let rule, _), .status(let rule, _),
            .homeText(let rule, _), .usageReport(let rule, _):
            rule
        case .activity(.ofRule(_, let rule), _): rule
        default: nil
        }
    }
}

public enum HomeSection: String, Sendable, Hashable {
    case blocking, usage, absent
}

/// How an expectation names a DeviceActivity activity.
public enum ActivityPattern: Sendable, Hashable, CustomStringConvertible {
    case exact(String)
    case prefix(String)
    /// `PREFIX-<id of RULE>`, resolved against the rule snapshots at check time.
    case ofRule(prefix: String, rule: String)

    public var description: String {
        switch self {
        case .exact(let name): name
        case .prefix(let prefix): prefix + "*"
        case .ofRule(let prefix, let rule): "\(prefix)-<\(rule)>"
        }
    }
}
