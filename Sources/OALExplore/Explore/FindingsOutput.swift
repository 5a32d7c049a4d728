import Foundation
import OALEmulator
import OALOracle
import OALSystem

/// What `explore` and `check` leave behind and print about their
/// findings: `findings.json`, `index.html` (every finding, then every
/// run) and the findings' lines on stdout.
enum FindingsOutput {
    /// Writes `<base>/findings.json` and `<base>/index.html`; returns
    /// both paths (the index nil when it could not be drawn).
    static func write(
        base: URL, title: String, runs: Int, findings: [Finding], entries: [RunIndex.Entry], library: Bool = false
    ) throws -> (file: String, index: String?) {
        let file = base.appendingPathComponent(FindingsFile.name)
        try Data(FindingsFile.json(runs: runs, findings: findings, library: library).utf8)
            .write(to: file, options: .atomic)
        let index = RunIndex(
            title: title,
            entries: findings.map { finding in
                RunIndex.Entry(
                    label: "\(finding.known ? "known finding" : "finding") \(finding.signature.name): "
                        + sourcesText(finding),
                    passed: false,
                    reason: "smallest: \(finding.scenario) (\(finding.smallest.size) line(s), "
                        + "\(finding.smallest.source))",
                    reproduce: finding.reproduce, report: finding.smallest.report)
            } + entries
        ).write(base: base)
        return (file.path, index)
    }

    /// `2 seed(s) (3, 7)`, `1 scenario(s) (scenarios/dst/x.scenario)`, or both.
    static func sourcesText(_ finding: Finding) -> String {
        var parts: [String] = []
        if !finding.seeds.isEmpty {
            parts.append("\(finding.seeds.count) seed(s) (\(finding.seeds.map(String.init).joined(separator: ", ")))")
        }
        if !finding.library.isEmpty {
            parts.append("\(finding.library.count) scenario(s) (\(finding.library.joined(separator: ", ")))")
        }
        return parts.joined(separator: " and ")
    }

    /// Each finding's lines: its name and sources, its smallest scenario,
    /// the command that replays it and its report.
    static func render(_ findings: [Finding], color: ColorPolicy) -> String {
        var text = ""
        for finding in findings {
            let word = finding.known ? color.paint("KNOWN", .yellow) : color.paint("FINDING", .red)
            text += "\(word) \(finding.signature.name): \(sourcesText(finding))\n"
            text += "  scenario: \(finding.scenario) (\(finding.smallest.size) line(s))\n"
            text += "  reproduce: \(finding.reproduce)\n"
            if let report = finding.smallest.report { text += "  report: \(report)\n" }
        }
        return text
    }
}

extension FindingSource: CustomStringConvertible {
    public var description: String {
        switch self {
        case .seed(let seed): "seed \(seed)"
        case .scenario(let path): path
        }
    }
}
