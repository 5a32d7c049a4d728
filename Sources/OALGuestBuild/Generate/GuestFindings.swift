import Foundation

/// What is known to be wrong with an app (`guest-harness/<app>/findings`):
/// divergences from the spec that the oracle reports as the named finding
/// rather than as violations (docs/GUEST.md, "Findings"). One block per
/// finding, blocks apart by a blank line, one `key value` per line:
///
///     finding G1
///     checks usage-not-lost minutes-recorded
///     kind timeLimit
///     when static func blockEvent(forLimit
///     summary a time limit records no usage below its budget
///
/// `checks` names the oracle checks it excuses, `kind` the rule kind they
/// concern (a rule's `kindRaw`; absent: any), `when` / `unless` (any
/// number) scope it to the commits whose compiled sources contain / lack
/// the text, as harness files are scoped.
public struct GuestFinding: Codable, Hashable, Sendable {
    public var id: String
    public var checks: [String]
    public var kind: String?
    public var summary: String
    var when: [String] = []
    var unless: [String] = []

    private enum CodingKeys: String, CodingKey { case id, checks, kind, summary }

    /// The findings of `file` that hold for `sources`; none when the file
    /// does not exist. A malformed file is an error naming its line.
    static func load(_ file: URL, sources: [(path: String, text: String)]) throws(GuestBuildError) -> [GuestFinding] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        let all = try parse(text, path: file.path)
        return all.filter { finding in
            finding.when.allSatisfy { needle in sources.contains { $0.text.contains(needle) } }
                && finding.unless.allSatisfy { needle in !sources.contains { $0.text.contains(needle) } }
        }
    }

    static func parse(_ text: String, path: String) throws(GuestBuildError) -> [GuestFinding] {
        var findings: [GuestFinding] = []
        var current: GuestFinding?
        var started = 0
        func close() throws(GuestBuildError) {
            guard let finding = current else { return }
            if finding.checks.isEmpty { throw .layout("\(path):\(started): finding \(finding.id) names no checks") }
            if finding.summary.isEmpty { throw .layout("\(path):\(started): finding \(finding.id) has no summary") }
            findings.append(finding)
            current = nil
        }
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") { continue }
            if line.isEmpty {
                try close()
                continue
            }
            let key = String(line.prefix { $0 != " " })
            let value = line.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
            if key == "finding" {
                try close()
                guard !value.isEmpty else { throw .layout("\(path):\(index + 1): `finding` needs an id") }
                current = GuestFinding(id: value, checks: [], kind: nil, summary: "")
                started = index + 1
                continue
            }
            guard current != nil else {
                throw .layout("\(path):\(index + 1): `\(key)` before any `finding ID` line")
            }
            switch key {
            case "checks": current?.checks += value.split(separator: " ").map(String.init)
            case "kind": current?.kind = value
            case "when": current?.when.append(value)
            case "unless": current?.unless.append(value)
            case "summary":
                let separator = current?.summary.isEmpty ?? true ? "" : " "
                current?.summary += separator + value
            default:
                throw .layout(
                    "\(path):\(index + 1): unknown key `\(key)` (finding, checks, kind, when, unless, summary)")
            }
        }
        try close()
        return findings
    }
}
