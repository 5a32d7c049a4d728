import Foundation
import OALEmulator
import OALOracle
import OALScenario

/// What makes failing runs one finding (`oal-device explore`): the checks
/// violated at the instant the run first failed, the kind of the rule
/// they concern, the callback or step they were found after, and the app
/// (the emulator's own, or a guest by name and commit). Times, rule names
/// and ids, apps and seeds are left out, so two generated days that hit
/// one defect give one signature.
public struct FindingSignature: Hashable, Sendable, CustomStringConvertible {
    /// The checks, sorted; `crash` or `stopped` for a run that did not end
    /// with a verdict.
    public var checks: [String]
    /// `schedule`, `time-limit`, `open-limit`, several joined by `+`, or
    /// `no rule`.
    public var kind: String
    /// The callback (`intervalDidEnd sched2`) or step (`app rule edit`,
    /// `press open`, `fault clock timezone`) it was found after.
    public var step: String
    /// `own app`, or `guest NAME@COMMIT`.
    public var app: String
    /// A guest's known finding by its ID (docs/GUEST.md, "Findings"), nil
    /// for a new one.
    public var known: String?

    public init(checks: [String], kind: String, step: String, app: String, known: String? = nil) {
        self.checks = checks
        self.kind = kind
        self.step = step
        self.app = app
        self.known = known
    }

    /// `known ID: ...` for a known finding, else `name`: what
    /// `findings.json` calls it.
    public var description: String { known == nil ? name : "known \(name)" }

    /// The signature without the word `known`: `CHECKS on KIND after STEP
    /// (APP)`, or `ID: CHECKS on KIND (APP)` for a known finding.
    public var name: String {
        let checks = self.checks.joined(separator: "+")
        if let known { return "\(known): \(checks) on \(kind) (\(app))" }
        return "\(checks) on \(kind) after \(step) (\(app))"
    }

    /// The new failure of a run, nil when it has none: a crashed launch,
    /// a run that stopped, its first violations, or (a library scenario's
    /// expect lines: a generated day has none) its first failed
    /// expectation, whose rule kind is every kind the scenario adds.
    public static func failure(
        violations: [Violation], crashes: [String], error: String?, ruleKinds: [String: String], app: String,
        expectationFailures: [String] = []
    ) -> FindingSignature? {
        if let crash = crashes.first {
            return FindingSignature(checks: ["crash"], kind: "no rule", step: crashStep(crash), app: app)
        }
        if let error { return FindingSignature(checks: ["stopped"], kind: "no rule", step: masked(error), app: app) }
        guard let first = violations.first else {
            guard let failed = expectationFailures.first else { return nil }
            let kinds = Set(ruleKinds.values).sorted()
            return FindingSignature(
                checks: ["expectation"], kind: kinds.isEmpty ? "no rule" : kinds.joined(separator: "+"),
                step: expectation(failed), app: app)
        }
        let checks = Set(violations.filter { $0.time == first.time }.map(\.check.rawValue)).sorted()
        return FindingSignature(
            checks: checks, kind: kind(of: first.ruleName, ruleKinds), step: step(first.after), app: app)
    }

    /// The known findings a run met, one signature per finding ID.
    public static func known(_ lines: [String], ruleKinds: [String: String], app: String) -> [FindingSignature] {
        var checks: [String: Set<String>] = [:]
        var kinds: [String: Set<String>] = [:]
        var order: [String] = []
        for line in lines {
            guard let open = line.range(of: " ["),
                let close = line.range(of: "]", range: open.upperBound..<line.endIndex)
            else { continue }
            let id = String(line[..<open.lowerBound])
            if checks[id] == nil { order.append(id) }
            checks[id, default: []].insert(String(line[open.upperBound..<close.lowerBound]))
            var rule: String?
            if let named = line.range(of: "] rule \""),
                let end = line.range(of: "\" from ", range: named.upperBound..<line.endIndex)
            {
                rule = String(line[named.upperBound..<end.lowerBound])
            }
            kinds[id, default: []].insert(kind(of: rule, ruleKinds))
        }
        return order.map { id in
            FindingSignature(
                checks: checks[id, default: []].sorted(), kind: kinds[id, default: []].sorted().joined(separator: "+"),
                step: "", app: app, known: id)
        }
    }

    /// Each rule's kind by the name the scenario's `app rule add KIND
    /// NAME` gives it (a shrunk scenario names its rules as the day did).
    public static func ruleKinds(of scenario: Scenario) -> [String: String] {
        var kinds: [String: String] = [:]
        for step in scenario.steps {
            guard case .app(let words) = step.action, words.count >= 4, words.starts(with: ["rule", "add"]) else {
                continue
            }
            kinds[words[3]] = words[2]
        }
        return kinds
    }

    /// `own app`, or the guest by name and the commit its source names.
    public static func app(of run: ResolvedRun) -> String {
        guard let guest = run.guest else { return "own app" }
        let source = run.spec.guestSource ?? guest.source
        if let at = source.lastIndex(of: "@") {
            // A full commit hash is named by its first 7 digits, as git does.
            let revision = source[source.index(after: at)...]
            let short = revision.count == 40 && revision.allSatisfy(\.isHexDigit) ? revision.prefix(7) : revision
            return "guest \(guest.name)@\(short)"
        }
        return "guest \(guest.name) (\(source))"
    }

    static func kind(of rule: String?, _ kinds: [String: String]) -> String {
        guard let rule else { return "no rule" }
        return kinds[rule] ?? "a rule not added by name"
    }

    /// A violation's `after` (`line 12: app rule edit "Cap 1" --soft`,
    /// `intervalDidStart sched-<UUID>`, `loop tick`) without what differs
    /// from day to day: a line's verb, a callback's activity prefix.
    static func step(_ after: String) -> String {
        if after.hasPrefix("line "), let colon = after.firstIndex(of: ":") {
            let words = after[after.index(after: colon)...].split(separator: " ").map(String.init)
            return verb(words)
        }
        // A quiet instant between events (`nothing (no event since TIME)`).
        if after.hasPrefix("nothing (") { return "nothing" }
        let words = after.split(separator: " ").map(String.init)
        guard words.count == 2, words[1].contains("-") else { return after }
        return "\(words[0]) \(activityPrefix(words[1]))"
    }

    /// `FILE:LINE: expect blocked Instagram — open` is `expect blocked`,
    /// `FILE:LINE: press open on Chess — ...` is `press open`: the line's
    /// verb, without its file, app, rule or time.
    static func expectation(_ failure: String) -> String {
        var text = Substring(failure)
        if let dash = text.range(of: " — ") { text = text[..<dash.lowerBound] }
        // `FILE:LINE: `: the first `: ` after digits after a `:`.
        var searchFrom = text.startIndex
        while let colon = text.range(of: ": ", range: searchFrom..<text.endIndex) {
            let before = text[..<colon.lowerBound].reversed().prefix { $0.isNumber }
            if !before.isEmpty, text[..<colon.lowerBound].dropLast(before.count).hasSuffix(":") {
                text = text[colon.upperBound...]
                break
            }
            searchFrom = colon.upperBound
        }
        let words = text.split(separator: " ").map(String.init)
        if words.first == "expect" { return words.prefix(2).joined(separator: " ") }
        return verb(words)
    }

    /// The leading words of a scenario line that say what it does.
    static func verb(_ words: [String]) -> String {
        guard let first = words.first else { return "a line" }
        let second = words.count > 1 ? words[1] : ""
        switch first {
        case "app" where ["rule", "list", "settings"].contains(second):
            return words.prefix(3).joined(separator: " ")
        case "open": return second == "OpenAppLock" ? "open OpenAppLock" : "open"
        case "fault" where second == "clock": return words.prefix(3).joined(separator: " ")
        case "app", "press", "fault", "authorization", "notifications": return "\(first) \(second)"
        default: return first
        }
    }

    /// `sched2-<UUID>` is `sched2`, `rule-<UUID>-2027-03-27` is `rule`,
    /// `open-session-<UUID>` is `open-session`: the name up to the first
    /// `-` before eight hex digits and a `-` (a UUID's start).
    static func activityPrefix(_ name: String) -> String {
        let characters = Array(name)
        for index in characters.indices where characters[index] == "-" && index + 9 < characters.count {
            let next = characters[(index + 1)...(index + 8)]
            if next.allSatisfy(\.isHexDigit), characters[index + 9] == "-" { return String(characters[..<index]) }
        }
        return name
    }

    /// `launch 12 (launch.end at T) ended with signal 6`: what ended how.
    static func crashStep(_ crash: String) -> String {
        guard let open = crash.firstIndex(of: "("), let at = crash.range(of: " at "),
            let ended = crash.range(of: "ended with ")
        else { return masked(crash) }
        return "\(crash[crash.index(after: open)..<at.lowerBound]) ended with \(crash[ended.upperBound...])"
    }

    /// The first line of `text`, digits as `N`, at most 100 characters.
    static func masked(_ text: String) -> String {
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        var out = ""
        for character in line where !(character.isASCII && character.isNumber && out.last == "N") {
            out.append(character.isASCII && character.isNumber ? "N" : character)
        }
        return String(out.prefix(100))
    }
}
