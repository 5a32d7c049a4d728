import Foundation
import OALGuestBuild

/// A mutation report as Markdown: the score, the counts per operator, then
/// every mutant that survived, is not covered or is equivalent (the holes
/// to look at, and what was set aside).
public enum MutationTable {
    public static func render(_ report: GuestMutation.Report) -> String {
        var lines = [
            "\(report.app): \(report.tally.summary); \(report.files.count) file(s); "
                + "build \(Int(report.buildSeconds)) s, play \(Int(report.playSeconds)) s.",
            "",
            "Played: \(report.scenarios.joined(separator: ", ")); generated days: "
                + (report.seeds.isEmpty ? "none" : "seeds " + report.seeds.map(String.init).joined(separator: ", "))
                + ".",
            "",
            "| operator | killed | survived | not covered | equivalent | not compiled | test double |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for op in MutationSite.Operator.allCases {
            let tally = report.byOperator[op.rawValue] ?? MutationTally(report.results.filter { $0.site.op == op })
            lines.append(
                "| \(op.rawValue) | \(tally.killed) | \(tally.survived) | \(tally.notCovered) | \(tally.equivalent) | "
                    + "\(tally.notCompiled) | \(tally.testDoubles) |")
        }
        let listed: [GuestMutation.Outcome] = [.survived, .notCovered, .equivalent]
        let holes = report.results.filter { listed.contains($0.outcome) }
        if !holes.isEmpty {
            lines += ["", "| mutant | where | change | outcome |", "|---|---|---|---|"]
            for result in holes {
                let site = result.site
                let change = "`\(escape(site.original.prefix(70)))` → `\(escape(site.mutated.prefix(70)))`"
                let outcome =
                    result.outcome == .survived
                    ? "survived" : "\(result.outcome.rawValue): \(escape(result.detail))"
                lines.append("| guest-\(site.id) | \(site.file):\(site.line) | \(change) | \(outcome) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape<S: StringProtocol>(_ text: S) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
    }
}
