import Foundation

/// A unit-test report as a Markdown table: one row per test file, then the totals.
public enum GuestUnitTestTable {
    public static func render(_ report: GuestUnitTests.Report) -> String {
        var lines = [
            "| test file | status | tests | passed | failed | note |",
            "|---|---|---:|---:|---:|---|",
        ]
        for file in report.files {
            let note = (file.reason ?? "").replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(
                of: "\n", with: " ")
            lines.append(
                "| \((file.file as NSString).lastPathComponent) | \(file.status.rawValue) | \(file.tests) | "
                    + "\(file.passed) | \(file.failed) | \(note.prefix(140)) |")
        }
        // Every test by name, with how it ended.
        let outcomes = report.files.flatMap(\.results)
        if !outcomes.isEmpty {
            lines += ["", "| test | result | note |", "|---|---|---|"]
            for outcome in outcomes {
                let note = (outcome.issue ?? "").replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(
                    of: "\n", with: " ")
                lines.append("| \(outcome.test) | \(outcome.status.rawValue) | \(note.prefix(300)) |")
            }
        }
        let compiledTests = report.files.filter { $0.status == .passed || $0.status == .failed }.map(\.tests)
            .reduce(0, +)
        let allTests = report.files.map(\.tests).reduce(0, +)
        lines.append("")
        lines.append(
            "\(report.app): \(report.passed) of \(allTests) tests pass (\(report.failed) fail; \(compiledTests) compiled "
                + "and ran); files: \(count(report, .passed)) passed, \(count(report, .failed)) failed, "
                + "\(count(report, .notCompiled)) not compiled, \(count(report, .skipped)) skipped. Compile "
                + String(format: "%.1f", report.compileSeconds) + " s, run " + String(format: "%.1f", report.runSeconds)
                + " s (\(report.runs) run(s) of the test executable).")
        return lines.joined(separator: "\n") + "\n"
    }

    static func count(_ report: GuestUnitTests.Report, _ status: GuestUnitTests.Status) -> Int {
        report.files.filter { $0.status == status }.count
    }
}
