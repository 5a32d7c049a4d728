import Foundation

/// The findings as one Markdown table (`check` prints it; docs/GUEST.md
/// keeps the one the real app's HEAD gave): new or known, the class, how
/// many runs hit it and the smallest scenario.
public enum FindingsTable {
    public static func render(_ findings: [Finding]) -> String {
        var text = "| finding | app | checks | rule kind | after | runs | smallest scenario |\n"
        text += "|---|---|---|---|---|---|---|\n"
        for finding in findings {
            let signature = finding.signature
            let cells = [
                signature.known ?? "new", signature.app, signature.checks.joined(separator: ", "), signature.kind,
                signature.step.isEmpty ? "–" : signature.step, "\(finding.count)",
                "\(finding.scenario) (\(finding.smallest.size) lines)",
            ]
            text += "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
        }
        return text
    }
}
