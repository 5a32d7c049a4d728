import Foundation

/// What the harness knows about an app beyond its entry points
/// (`guest-harness/<app>/findings`, docs/GUEST.md "Findings"): blocks apart
/// by a blank line, one `key value` per line, `#` comments.
///
///     finding G1
///     checks usage-not-lost minutes-recorded
///     expects usage-minutes
///     kind timeLimit
///     when static func blockEvent(forLimit
///     summary a time limit records no usage below its budget
///
///     option unblock pause-15m
///     when static func canPause(
///
/// A **finding** is a divergence from the spec the oracle reports as the
/// named finding rather than as violations: `checks` names the oracle
/// checks it explains, `kind` the rule kind they concern (a `kindRaw`;
/// absent: any), `expects` the kinds of scenario expectation it makes fail
/// (`Expectation.kindName`: `usage-minutes`, `blocked`, ...; a failed one
/// naming a rule of `kind` the run met the finding on is reported as the
/// known finding, not as a new failure). An **option** is a deliberate change of the app's
/// behaviour over its history, which the spec model takes as an option
/// (docs/ORACLE.md, "Spec options"). `when` / `unless` (any number) scope
/// either to the commits whose compiled sources contain / lack the text,
/// as harness files are scoped.
public struct GuestHarnessNotes: Sendable {
    public var findings: [GuestFinding] = []
    /// Option name → value.
    public var options: [String: String] = [:]

    /// The notes of `file` that hold for `sources`; none when the file does
    /// not exist. A malformed file is an error naming its line.
    static func load(_ file: URL, sources: [(path: String, text: String)]) throws(GuestBuildError) -> GuestHarnessNotes
    {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return GuestHarnessNotes() }
        var notes = GuestHarnessNotes()
        for block in try parse(text, path: file.path) where block.holds(for: sources) {
            switch block.kind {
            case .finding(let finding): notes.findings.append(finding)
            case .option(let name, let value): notes.options[name] = value
            }
        }
        return notes
    }

    struct Block {
        enum Kind {
            case finding(GuestFinding)
            case option(name: String, value: String)
        }
        var kind: Kind
        var when: [String] = []
        var unless: [String] = []

        func holds(for sources: [(path: String, text: String)]) -> Bool {
            when.allSatisfy { needle in sources.contains { $0.text.contains(needle) } }
                && unless.allSatisfy { needle in !sources.contains { $0.text.contains(needle) } }
        }
    }

    static func parse(_ text: String, path: String) throws(GuestBuildError) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        var started = 0
        func close() throws(GuestBuildError) {
            guard let block = current else { return }
            if case .finding(let finding) = block.kind {
                if finding.checks.isEmpty { throw .layout("\(path):\(started): finding \(finding.id) names no checks") }
                if finding.summary.isEmpty { throw .layout("\(path):\(started): finding \(finding.id) has no summary") }
            }
            blocks.append(block)
            current = nil
        }
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let number = index + 1
            if line.hasPrefix("#") { continue }
            if line.isEmpty {
                try close()
                continue
            }
            let key = String(line.prefix { $0 != " " })
            let value = line.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
            switch key {
            case "finding":
                try close()
                guard !value.isEmpty else { throw .layout("\(path):\(number): `finding` needs an id") }
                current = Block(
                    kind: .finding(GuestFinding(id: value, checks: [], kind: nil, summary: "", expects: nil)))
                started = number
                continue
            case "option":
                try close()
                // The value is the rest of the line (a report context may
                // have spaces: `option usage-report-context Rule Usage`).
                let words = value.split(separator: " ").map(String.init)
                guard words.count >= 2 else { throw .layout("\(path):\(number): `option` needs a name and a value") }
                current = Block(kind: .option(name: words[0], value: words.dropFirst().joined(separator: " ")))
                started = number
                continue
            default:
                break
            }
            guard var block = current else {
                throw .layout("\(path):\(number): `\(key)` before any `finding ID` or `option NAME VALUE` line")
            }
            switch (key, block.kind) {
            case ("when", _): block.when.append(value)
            case ("unless", _): block.unless.append(value)
            case ("checks", .finding(var finding)):
                finding.checks += value.split(separator: " ").map(String.init)
                block.kind = .finding(finding)
            case ("expects", .finding(var finding)):
                finding.expects = (finding.expects ?? []) + value.split(separator: " ").map(String.init)
                block.kind = .finding(finding)
            case ("kind", .finding(var finding)):
                finding.kind = value
                block.kind = .finding(finding)
            case ("summary", .finding(var finding)):
                finding.summary += (finding.summary.isEmpty ? "" : " ") + value
                block.kind = .finding(finding)
            default:
                throw .layout(
                    "\(path):\(number): unknown key `\(key)` here (a finding takes checks, expects, kind, summary, "
                        + "when, unless; an option takes when, unless)")
            }
            current = block
        }
        try close()
        return blocks
    }
}

/// One finding, as `guest.json` carries it to the oracle.
public struct GuestFinding: Codable, Hashable, Sendable {
    public var id: String
    public var checks: [String]
    public var kind: String?
    public var summary: String
    /// The kinds of expectation it makes fail (nil: none).
    public var expects: [String]?
}
