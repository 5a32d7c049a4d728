import Foundation
import OALGuestBuild

/// A mutation report as Markdown: the score, the counts per operator, then
/// every mutant that survived or did not compile (the holes to look at).
public enum MutationTable {
    public static func render(_ report: GuestMutation.Report) -> String {
        let judged = report.count(.killed) + report.count(.survived)
        var lines = [
            "\(report.app): \(report.count(.killed)) of \(judged) non-equivalent mutants killed ("
                + String(format: "%.0f%%", report.score * 100) + "); \(report.count(.equivalent)) equivalent, "
                + "\(report.count(.notCompiled)) not compiled, \(report.count(.notPlayed)) not played; "
                + "\(report.files.count) file(s); build \(Int(report.buildSeconds)) s, play \(Int(report.playSeconds)) s.",
            "",
            "| operator | killed | survived | equivalent | not compiled |",
            "|---|---:|---:|---:|---:|",
        ]
        for op in MutationSite.Operator.allCases {
            let results = report.results.filter { $0.site.op == op }
            func count(_ outcome: GuestMutation.Outcome) -> Int { results.filter { $0.outcome == outcome }.count }
            lines.append(
                "| \(op.rawValue) | \(count(.killed)) | \(count(.survived)) | \(count(.equivalent)) | "
                    + "\(count(.notCompiled)) |")
        }
        let survivors = report.results.filter { $0.outcome == .survived || $0.outcome == .equivalent }
        if !survivors.isEmpty {
            lines += ["", "| mutant | where | change | outcome |", "|---|---|---|---|"]
            for result in survivors {
                let site = result.site
                let change = "`\(escape(site.original.prefix(70)))` → `\(escape(site.mutated.prefix(70)))`"
                let outcome = result.outcome == .equivalent ? "equivalent: \(escape(result.detail))" : "survived"
                lines.append("| guest-\(site.id) | \(site.file):\(site.line) | \(change) | \(outcome) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape<S: StringProtocol>(_ text: S) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
    }
}
