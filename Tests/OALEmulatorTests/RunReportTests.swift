import Foundation
import OALPlatform
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// The HTML report (docs/REPORT.md): written by every run, self-contained,
/// its store-access matrix judged against docs/CONTRACT.md.
@Suite struct RunReportTests {
    @Test func theContractTableIsTheOneInContractMD() throws {
        let text = try String(
            contentsOf: Repository.root.appendingPathComponent("docs/CONTRACT.md"), encoding: .utf8)
        let section = try #require(text.range(of: "## Who reads and writes what"))
        let rows = text[section.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("| file") }
            .dropFirst(2).prefix { $0.hasPrefix("|") }
        var parsed: [String: [ProcessKind: Set<ContractTable.Access>]] = [:]
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let file = cells[0].replacingOccurrences(of: "`", with: "")
            for (kind, cell) in zip(ContractTable.processes, cells.dropFirst()) {
                var access: Set<ContractTable.Access> = []
                if cell.contains("reads") { access.insert(.read) }
                // A write is a read-modify-write: it reads first.
                let writes = ["**writes", "**clears", "**sets", "**adds", "**resolves"]
                if writes.contains(where: cell.contains) { access.formUnion([.read, .write]) }
                if !access.isEmpty { parsed[file, default: [:]][kind] = access }
            }
        }
        #expect(Array(parsed.keys).sorted() == ContractTable.files.sorted())
        #expect(parsed == ContractTable.allowed)
    }

    @Test func anAccessOutsideTheContractIsHighlighted() {
        func line(_ process: ProcessKind, _ event: String, _ path: String, launch: Int) -> TraceEvent {
            TraceEvent(
                time: "2026-11-30T08:00:00.000Z", process: process, pid: 9, launch: launch, event: event,
                fields: ["path": path, "store": "x"])
        }
        let record = RunRecord(events: [
            line(.shieldConfig, "store.read", "appgroup/usage/2026-11-30.jsonl", launch: 1),
            line(.shieldConfig, "store.write", "appgroup/open-sessions.json", launch: 1),
            line(.monitor, "store.write", "appgroup/usage/2026-11-30.jsonl", launch: 2),
            line(.monitor, "store.read", "app/rules.json", launch: 2),
        ])
        let matrix = StoreAccessMatrix(record)
        #expect(matrix.cell(.shieldConfig, "usage/<day>.jsonl") == .init(reads: 1, writes: 0, outside: []))
        #expect(matrix.cell(.shieldConfig, "open-sessions.json").outside == [.write])
        #expect(matrix.cell(.monitor, "usage/<day>.jsonl").outside.isEmpty)
        #expect(matrix.firstOutside.count == 1 && matrix.firstOutside.first?.line == 1)
        #expect(matrix.elsewhere["app/rules.json"]?[.monitor]?.reads == 1)
        let html = RunReport(record: record, oracle: nil, calendar: Calendar(identifier: .gregorian)).html()
        #expect(html.contains("<td class=\"outside\">W 1"))
    }

    /// The demo day's every store access is inside docs/CONTRACT.md's
    /// table: the report's picture of it (the README's screenshot) showed
    /// the extensions' reads of the Uninstall Protection switch in red.
    @Test func theDemoDayStaysInsideTheContract() throws {
        let demo = try String(
            contentsOf: Repository.root.appendingPathComponent("scenarios/demo-day.scenario"), encoding: .utf8)
        let run = try DeviceHarness.run(demo)
        defer { run.remove() }
        let matrix = StoreAccessMatrix(RunRecord(events: run.trace))
        let outside = matrix.firstOutside.map { "\($0.process.rawValue) \($0.access.rawValue) \($0.file)" }
        #expect(outside.isEmpty, "\(outside)")
    }

    /// Issue 25: under- and over-enforcement drawn as spans of expected
    /// against actual per app (not one instant), the excused divergences
    /// with their deadlines, the fall-back night and a journey marked on the
    /// axis, each violation's badge labelled with what it is.
    @Test func divergencesAreSpansWithDeadlinesAndTheAxisMarksDaylightSavingAndTravel() throws {
        let run = try DeviceHarness.run(
            """
            timezone America/New_York
            start 2026-10-31 20:00
            end day 2 10:00
            at 20:00 app list add Video --apps YouTube
            at 20:00 app list add Social --apps Instagram
            at 20:01 app rule add time-limit Cap --list Video --minutes 30
            at 20:02 app rule add schedule Night --list Social --from 21:00 --to 23:00
            at 20:05 fault delay intervalDidStart * by 20m
            at 20:10 open YouTube for 40m
            day 2
            at 09:00 fault clock timezone Europe/Paris

            """, mutant: "decision-late-budget")
        defer { run.remove() }
        let oracle = try #require(OracleReport.last(root: run.root))
        let under = try #require(oracle.violations(of: .underEnforced).first { $0.subject == "app|YouTube" })
        // The budget is spent at 20:40 and comes back at midnight (04:00 UTC).
        #expect(under.time == "2026-11-01T00:40:00.000Z" && under.until == "2026-11-01T04:00:00.000Z", "\(under)")
        let excused = try #require(oracle.expectedDivergences.first { $0.subject == "app|Instagram" })
        #expect(excused.until == "2026-11-01T01:20:00.000Z", "\(excused)")
        #expect(excused.deadline == "its delivery or the app's next refresh")

        let html = try String(contentsOf: run.root.logs.appendingPathComponent(RunReport.file), encoding: .utf8)
        func row(_ name: String) -> Substring? {
            guard let start = html.range(of: "<g data-row=\"\(name)\"") else { return nil }
            return html[start.lowerBound...].prefix { $0 != "\n" }.split(separator: "</g>").first
        }
        let youTube = try #require(row("diverge:app:YouTube"), "no span row for YouTube")
        #expect(youTube.contains("class=\"under\""))
        #expect(youTube.contains("2026-10-31 20:40 → 2026-11-01 00:00"), "\(youTube)")
        let instagram = try #require(row("diverge:app:Instagram"), "no span row for Instagram")
        #expect(instagram.contains("class=\"excused\""))
        #expect(instagram.contains("deadline: its delivery or the app&#39;s next refresh"), "\(instagram)")
        // 02:00 EDT falls back to 01:00 EST at 06:00 UTC; Paris from 09:00.
        #expect(row("axis:dst:2026-11-01T06:00:00.000Z")?.contains("−1 h") == true)
        #expect(row("axis:zone:Europe/Paris") != nil)
        let number = try #require(oracle.violations.firstIndex(of: under)) + 1
        let badge = try #require(row("violation:\(number)"))
        #expect(badge.contains("\(number) under-enforced YouTube"), "\(badge)")
    }

    @Test func everyRunWritesASelfContainedReportAndAChromeTrace() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 10:00
            at 08:00 app list add Games --apps Chess
            at 08:00 app rule add open-limit "<Gate & Co>" --list Games --opens 1
            at 08:30 press open on Chess for 5m
            at 08:31 expect unblocked Chess
            at 09:00 expect unblocked Chess
            """)
        defer { run.remove() }
        let html = try String(contentsOf: run.root.logs.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(FileManager.default.fileExists(atPath: run.root.logs.appendingPathComponent("trace.chrome.json").path))
        // Nothing is fetched: a strict policy, and no external reference.
        #expect(html.contains("Content-Security-Policy"))
        for attribute in ["src=\"http", "href=\"http", "@import", "url(http", "<script"] {
            #expect(!html.contains(attribute), "\(attribute)")
        }
        // One row per app and rule, the mark rows; the rule's name escaped.
        for row in ["app:Chess", "rule:&lt;Gate &amp; Co&gt;", "marks:callbacks", "marks:expectations"] {
            #expect(html.contains("data-row=\"\(row)\""), "\(row)")
        }
        #expect(!html.contains("<Gate & Co>"))
        // The failed expectation (the session ended at 08:45) and the reproduce line.
        #expect(html.contains("<tr class=\"failed\">"))
        #expect(html.contains("oal-device init --root NEWDIR"))
        #expect(html.contains("FAIL"))
    }
}
