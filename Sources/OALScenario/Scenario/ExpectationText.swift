/// An expectation as a scenario line writes it after `expect`, the
/// inverse of the parser's reading (docs/SCENARIOS.md, "Expectations").
extension Expectation {
    /// The words after `expect`.
    public var words: [String] {
        switch self {
        case .shielded(let app, let blocked): [blocked ? "blocked" : "unblocked", app]
        case .opens(let rule, let used, let of): ["usage", rule, "opens", "\(used)", "of", "\(of)"]
        case .minutes(let rule, let used): ["usage", rule, "minutes", "\(used)"]
        case .home(let rule, let section): ["home", section.rawValue, rule]
        case .activity(let pattern, let registered):
            ["activity"] + pattern.words + [registered ? "registered" : "absent"]
        case .lastPress(let granted): ["press", granted ? "granted" : "denied"]
        case .appExit(let code, let arguments):
            (code == 2 ? ["refused"] : ["exit", "\(code)"]) + ["app"] + arguments
        case .shieldText(let app, let text): ["shield", app, text]
        case .usageReport(let rule, let text): ["usage-report", rule, text]
        case .status(let rule, let text): ["status", rule, text]
        case .homeText(let rule, let text): ["home", rule, text]
        }
    }
}

extension ActivityPattern {
    /// `NAME`, `PREFIX*` or `KIND RULE`, as `expect activity` takes them.
    var words: [String] {
        switch self {
        case .exact(let name): [name]
        case .prefix(let prefix): [prefix + "*"]
        case .ofRule(let prefix, let rule): [prefix, rule]
        }
    }
}
