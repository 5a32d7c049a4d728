import Foundation
import OALDomain
import OALPlatform

/// The verdict on one `expect` line.
struct ExpectationVerdict {
    var ok: Bool
    var detail: String
}

/// Checks expectations against the device. The emulated OS's own state is
/// read directly; what only the app knows (its home screen, its refusals,
/// a shield's text) is asked of the real processes.
struct ExpectationChecker {
    let view: DeviceView
    let launch: (ProcessKind, [String]) throws -> LaunchOutcome

    func check(_ expectation: Expectation, state: DeviceState) throws -> ExpectationVerdict {
        switch expectation {
        case .shielded(let name, let blocked):
            let app = try installed(name)
            let stores = try view.effective().storesShielding(app.token, category: app.category)
            let rules = try view.rules()
            let by = stores.map { view.displayName(store: $0, rules: rules) }.joined(separator: ", ")
            return ExpectationVerdict(
                ok: stores.isEmpty != blocked, detail: stores.isEmpty ? "open" : "blocked by \(by)")
        case .opens(let ruleName, let used, let of):
            guard let rule = try view.rule(named: ruleName) else { return noRule(ruleName) }
            guard let usage = try? self.usage(rule) else { return appUnreadable(rule) }
            return ExpectationVerdict(
                ok: usage.opensUsed == used && rule.maxOpens == of,
                detail: "opens \(usage.opensUsed) of \(rule.maxOpens)")
        case .minutes(let ruleName, let used):
            guard let rule = try view.rule(named: ruleName) else { return noRule(ruleName) }
            guard let usage = try? self.usage(rule) else { return appUnreadable(rule) }
            return ExpectationVerdict(ok: usage.minutesUsed == used, detail: "minutes \(usage.minutesUsed)")
        case .home(let rule, let section):
            return try home(rule: rule, section: section)
        case .activity(let name, let registered):
            return try activity(name, registered: registered)
        case .lastPress(let granted):
            guard let last = state.lastPressGranted else {
                return ExpectationVerdict(ok: false, detail: "no Open press yet")
            }
            return ExpectationVerdict(ok: last == granted, detail: last ? "granted" : "denied")
        case .appExit(let code, let arguments):
            let outcome = try launch(.app, arguments)
            let said = (outcome.stderr + outcome.stdout).split(separator: "\n").first.map(String.init) ?? ""
            return ExpectationVerdict(ok: outcome.exitCode == code, detail: "exit \(outcome.statusText) \(said)")
        case .status(let rule, let text):
            return try status(rule: rule, text: text)
        case .homeText(let rule, let text):
            return try homeText(rule: rule, text: text)
        case .usageReport:
            // Looked at by the engine, which hands what it showed to the oracle.
            return ExpectationVerdict(ok: false, detail: "a usage report is looked at by the device, not the checker")
        case .shieldText(let name, let text):
            let app = try installed(name)
            let outcome = try launch(.shieldConfig, ["application", app.token.description])
            let shown = outcome.stdout.replacingOccurrences(of: "\n", with: " | ")
            return ExpectationVerdict(
                ok: outcome.exitCode == 0 && outcome.stdout.contains(text), detail: "shield: \(shown)")
        }
    }

    /// A rule's usage today: the emulator's ledger, or for a guest (whose
    /// ledger is its own UserDefaults keys) what its app shows
    /// (`oal-app show RULE --json`, `usage`).
    private func usage(_ rule: RuleSnapshot) throws -> DailyUsage {
        guard view.guest else { return try view.usage(rule: rule.id, on: try today()) }
        let outcome = try launch(.app, ["show", rule.id.uuidString, "--json"])
        struct Shown: Decodable { var usage: DailyUsage? }
        guard outcome.exitCode == 0, let shown = try? JSONDecoder().decode(Shown.self, from: Data(outcome.stdout.utf8))
        else {
            throw EngineError.io("oal-app show \(rule.name) --json exited \(outcome.statusText): \(outcome.stderr)")
        }
        return shown.usage ?? .zero
    }

    /// A guest's app could not answer (a fault on its launch, e.g. a full
    /// disk eating its output): the expectation fails, the run goes on.
    private func appUnreadable(_ rule: RuleSnapshot) -> ExpectationVerdict {
        ExpectationVerdict(ok: false, detail: "the app could not show \(rule.name)'s usage (oal-app show --json)")
    }

    private func installed(_ name: String) throws -> InstalledApp {
        guard let app = try view.catalog().app(named: name) else {
            throw EngineError.io("no installed app named '\(name)' on this device")
        }
        return app
    }

    private func today() throws -> DayKey {
        let clock = try view.clockState()
        return DayKey(clock.now, calendar: try clock.calendar())
    }

    private func noRule(_ name: String) -> ExpectationVerdict {
        ExpectationVerdict(
            ok: false, detail: "no rule named '\(name)' in the \(view.guest ? "user's database" : "rule snapshots")")
    }

    private func activity(_ name: ActivityPattern, registered: Bool) throws -> ExpectationVerdict {
        let names = try view.registry().activities.keys.sorted()
        let matches: [String]
        switch name {
        case .exact(let exact): matches = names.filter { $0 == exact }
        case .prefix(let prefix): matches = names.filter { $0.hasPrefix(prefix) }
        case .ofRule(let prefix, let ruleName):
            guard let rule = try view.rule(named: ruleName) else { return noRule(ruleName) }
            // `PREFIX-<id>`, or a day-keyed `PREFIX-<id>-<today>` (a time
            // limit's activity of the day).
            let wanted = "\(prefix)-\(rule.id.uuidString)".lowercased()
            let wantedToday = "\(wanted)-\(try today())"
            matches = names.filter { $0.lowercased() == wanted || $0.lowercased() == wantedToday }
        }
        let detail = matches.isEmpty ? "not registered" : "registered: \(matches.joined(separator: ", "))"
        return ExpectationVerdict(ok: matches.isEmpty != registered, detail: detail)
    }

    /// Asks `oal-app rules --json` for the rule's status label.
    private func status(rule: String, text: String) throws -> ExpectationVerdict {
        let outcome = try launch(.app, ["rules", "--json"])
        guard outcome.exitCode == 0, let rows = ScreenRows(json: outcome.stdout) else {
            return ExpectationVerdict(
                ok: false, detail: "oal-app rules --json exited \(outcome.statusText): \(outcome.stderr)")
        }
        guard let row = rows.row(named: rule) else {
            return ExpectationVerdict(ok: false, detail: "the Rules screen has no \(rule)")
        }
        let matches = text.hasSuffix("*") ? row.trailing.hasPrefix(String(text.dropLast())) : row.trailing == text
        return ExpectationVerdict(ok: matches, detail: "status \"\(row.trailing)\"")
    }

    /// Asks `oal-app home --json` for the rule's row.
    private func homeText(rule: String, text: String) throws -> ExpectationVerdict {
        let outcome = try launch(.app, ["home", "--json"])
        guard outcome.exitCode == 0, let rows = ScreenRows(json: outcome.stdout) else {
            return ExpectationVerdict(
                ok: false, detail: "oal-app home --json exited \(outcome.statusText): \(outcome.stderr)")
        }
        guard let row = rows.row(named: rule) else {
            return ExpectationVerdict(ok: false, detail: "the Home screen does not list \(rule)")
        }
        return ExpectationVerdict(
            ok: row.subtitle.contains(text) || row.trailing.contains(text),
            detail: "home row \"\(row.subtitle)\" — \"\(row.trailing)\"")
    }

    /// Asks `oal-app home --json` where the rule is listed.
    private func home(rule: String, section: HomeSection) throws -> ExpectationVerdict {
        let outcome = try launch(.app, ["home", "--json"])
        guard outcome.exitCode == 0, let listing = HomeListing(json: outcome.stdout) else {
            return ExpectationVerdict(
                ok: false, detail: "oal-app home --json exited \(outcome.statusText): \(outcome.stderr)")
        }
        let found: HomeSection =
            listing.blocking.contains(where: { $0.caseInsensitiveCompare(rule) == .orderedSame })
            ? .blocking
            : listing.usage.contains(where: { $0.caseInsensitiveCompare(rule) == .orderedSame }) ? .usage : .absent
        return ExpectationVerdict(ok: found == section, detail: "home lists it under \(found.rawValue)")
    }
}

/// The rule names in the two sections of the home screen, read from
/// `oal-app home --json` by shape rather than by exact schema: a key that
/// mentions "blocking" (Currently Blocking) or "usage" holding a list of
/// names or of objects with a `name`.
struct HomeListing {
    var blocking: [String]
    var usage: [String]

    init?(json: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) else { return nil }
        var blocking: [String] = []
        var usage: [String] = []
        Self.walk(object) { key, names in
            let key = key.lowercased()
            if key.contains("blocking") { blocking += names } else if key.contains("usage") { usage += names }
        }
        self.blocking = blocking
        self.usage = usage
    }

    private static func walk(_ value: Any, _ visit: (String, [String]) -> Void) {
        guard let dictionary = value as? [String: Any] else { return }
        for (key, inner) in dictionary {
            if let list = inner as? [Any] {
                visit(key, list.compactMap(name))
            } else {
                walk(inner, visit)
            }
        }
    }

    private static func name(_ item: Any) -> String? {
        if let text = item as? String { return text }
        guard let object = item as? [String: Any] else { return nil }
        return (object["name"] ?? object["ruleName"] ?? object["title"]) as? String
    }
}
