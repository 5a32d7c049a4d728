import Foundation
import OALPlatform
import OALScenario

/// `<root>/logs/report.html`: one run on one self-contained page
/// (docs/REPORT.md, "The HTML report"). Pure: the trace's `RunRecord`,
/// the oracle's report and the device's calendar in, HTML out.
package struct RunReport {
    let record: RunRecord
    let oracle: OracleReport?
    let calendar: Calendar
    /// The scenario's `expect` lines, in trace order; found once; the page
    /// asks for them several times and a month has 120,000 lines.
    let expectations: [Expectation]

    init(record: RunRecord, oracle: OracleReport?, calendar: Calendar) {
        self.record = record
        self.oracle = oracle
        self.calendar = calendar
        expectations = Self.expectations(in: record)
    }

    package static let file = "report.html"

    /// The page may load nothing: no script, font, image or style sheet
    /// from anywhere, so a report opens the same offline and a stray
    /// reference shows up as a console error in the browser check.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

    struct Expectation {
        var index: Int
        var line: String
        var text: String
        var ok: Bool
        var detail: String

    }

    private static func expectations(in record: RunRecord) -> [Expectation] {
        record.lines.indices.compactMap { index in
            guard record.lines[index].process == .device, record.lines[index].event == "expect" else { return nil }
            let fields = record.lines[index].fields
            return Expectation(
                index: index, line: fields["line"] ?? "?", text: fields["text"] ?? "", ok: fields["result"] == "ok",
                detail: fields["detail"] ?? "")
        }
    }

    var passed: Bool { expectations.allSatisfy(\.ok) && (oracle?.passed ?? true) }

    func html() -> String {
        let spans = RunSpans(record)
        let svg = TimelineSVG(
            record: record, spans: spans, violations: oracle?.violations ?? [],
            divergences: oracle?.expectedDivergences ?? [], calendar: calendar)
        let title = "\(passed ? "PASS" : "FAIL") · \(record.scenario ?? "run") · seed \(record.seed ?? "?")"
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escape(title))</title>
            <style>\(ReportStyle.css)</style></head><body>

            """
        page += header()
        page += section("Timeline", id: "timeline", svg.render() + legend())
        page += section("Expectations", id: "expectations", expectationsTable())
        page += section("Oracle", id: "oracle", oracleSection())
        page += section("Store access", id: "store-access", accessSection(StoreAccessMatrix(record)))
        page += section("Launches", id: "launches", launchesSection())
        page += footer()
        return page + "</body></html>\n"
    }

    // MARK: - Sections

    private func section(_ title: String, id: String, _ content: String) -> String {
        "<section id=\"\(id)\"><h2>\(HTMLText.escape(title))</h2>\n\(content)\n</section>\n"
    }

    private func header() -> String {
        let failed = expectations.filter { !$0.ok }.count
        let violations = oracle?.violations.count ?? 0
        let first = record.times.compactMap { $0 }.first
        let last = record.times.compactMap { $0 }.max()
        // Each end in the zone in force then (a journey changes it).
        let zones = TimelineSVG(record: record, spans: RunSpans(), violations: [], calendar: calendar)
        let period = [first, last].compactMap { $0 }.map { LocalTimeText.text($0, zones.calendar(at: $0)) }
            .joined(separator: " → ")
        var facts = [
            ("scenario", record.scenario ?? "?"), ("seed", record.seed ?? "?"),
            ("emulated time", "\(period) (\(calendar.timeZone.identifier))"),
            ("expectations", "\(expectations.count - failed) met, \(failed) failed"),
        ]
        if let oracle {
            facts.append(
                (
                    "oracle",
                    "\(violations) violation(s), \(oracle.expectedDivergences.count) expected divergence(s), "
                        + "\(oracle.checksRun) check(s)"
                ))
        } else {
            facts.append(("oracle", "no report: the run did not finish"))
        }
        let counts = Dictionary(grouping: record.launches, by: \.kind).sorted { $0.key.rawValue < $1.key.rawValue }
            .map { "\($0.key.executableName) ×\($0.value.count)" }
        facts.append(("launches", counts.joined(separator: ", ")))
        let injected = record.lines.filter {
            $0.process == .device && $0.event == "fault" && $0.fields["action"] == "injected"
        }.count
        // (value, what it counts, class): green when good, red when not, plain when neither.
        let tiles: [(String, String, String)] = [
            ("\(expectations.count - failed)/\(expectations.count)", "expectations met", failed == 0 ? "good" : "bad"),
            ("\(violations)", "oracle violations", violations == 0 ? "good" : "bad"),
            ("\(oracle?.expectedDivergences.count ?? 0)", "expected divergences", ""),
            ("\(record.launches.count)", "process launches", ""),
            ("\(injected)", "faults injected", ""),
        ]
        var text = "<header><div class=\"verdict \(passed ? "pass" : "fail")\">\(passed ? "PASS" : "FAIL")</div>"
        text += "<div><h1>\(HTMLText.escape(record.scenario ?? "run"))</h1>"
        text += "<p class=\"sub\">OpenAppLock emulator · run report</p></div></header>\n<dl class=\"facts\">"
        for (key, value) in facts {
            text += "<dt>\(HTMLText.escape(key))</dt><dd>\(HTMLText.escape(value))</dd>"
        }
        text += "</dl>\n<div class=\"tiles\">"
        for (value, label, kind) in tiles {
            text += "<div class=\"tile \(kind)\"><b>\(value)</b><span>\(label)</span></div>"
        }
        text += "</div>\n"
        if let reproduce = record.reproduce ?? oracle?.violations.first?.reproduce {
            text += "<p class=\"label\">Reproduce</p><pre class=\"command\">\(HTMLText.escape(reproduce))</pre>\n"
        }
        return text
    }

    private func legend() -> String {
        let items = [
            ("<span class=\"swatch blocked\"></span>", "app blocked"),
            ("<span class=\"swatch used\"></span>", "app in use (frontmost)"),
            ("<span class=\"swatch shielding\"></span>", "rule's store shielding"),
            ("<span class=\"glyph\" style=\"color:#12a150\">▲</span>", "intervalDidStart"),
            ("<span class=\"glyph\" style=\"color:#6e56cf\">▼</span>", "intervalDidEnd"),
            ("<span class=\"glyph\" style=\"color:#f59e0b\">●</span>", "threshold"),
            ("<span class=\"glyph\" style=\"color:#0b7285\">◆</span>", "shield button"),
            ("<span class=\"glyph\" style=\"color:#64748b\">■</span>", "tap in the app"),
            ("<span class=\"glyph\" style=\"color:#f76b15\">◆</span>", "fault"),
            ("<span class=\"glyph\" style=\"color:#12a150\">✓</span>", "expectation met"),
            ("<span class=\"glyph\" style=\"color:#e5484d\">✗</span>", "expectation failed"),
            ("<span class=\"swatch violation\"></span>", "oracle violation"),
            ("<span class=\"swatch badge\"></span>", "its badge: number (in the Oracle section), check, app"),
            ("<span class=\"swatch under\"></span>", "under-enforced: should be shielded, is not"),
            ("<span class=\"swatch over\"></span>", "over-enforced: shielded, should be free"),
            ("<span class=\"swatch excused\"></span>", "expected divergence (named reason), until it ended"),
            ("<span class=\"swatch clock\"></span>", "daylight saving (DST ±1 h) or travel (✈ zone)"),
        ]
        return "<p class=\"legend\">" + items.map { "<span>\($0.0) \($0.1)</span>" }.joined() + "</p>"
            + "<p class=\"hint\">Hover any mark for its time and trace line.</p>"
    }

    private func expectationsTable() -> String {
        guard !expectations.isEmpty else { return "<p class=\"hint\">The scenario has no expectations.</p>" }
        var text = "<table class=\"expectations\"><thead><tr><th>time</th><th>line</th><th>expectation</th>"
        text += "<th>result</th><th>detail</th></tr></thead><tbody>"
        for expectation in expectations {
            let when = record.times[expectation.index].map { LocalTimeText.text($0, calendar) } ?? ""
            text += "<tr class=\"\(expectation.ok ? "ok" : "failed")\"><td class=\"time\">\(when)</td>"
            text += "<td>\(HTMLText.escape(expectation.line))</td><td>\(HTMLText.escape(expectation.text))</td>"
            text +=
                "<td>\(expectation.ok ? "✓ met" : "✗ failed")</td><td>\(HTMLText.escape(expectation.detail))</td></tr>"
        }
        return text + "</tbody></table>"
    }

    private func oracleSection() -> String {
        guard let oracle else {
            return "<p class=\"hint\">No oracle report: the run did not finish (logs/oracle.json is missing).</p>"
        }
        var text = ""
        if oracle.violations.isEmpty {
            text += "<p class=\"good\">No violation in \(oracle.checksRun) check(s) over \(oracle.observations) "
            text += "observation(s).</p>"
        }
        for (number, violation) in oracle.violations.enumerated() {
            text += "<article class=\"violation\" id=\"violation-\(number + 1)\"><h3><span class=\"badge\">"
            text += "\(number + 1)</span> \(HTMLText.escape(violation.check.rawValue))"
            if let rule = violation.ruleName ?? violation.ruleID { text += " · rule “\(HTMLText.escape(rule))”" }
            text += " · \(HTMLText.escape(violation.localTime))</h3><dl>"
            text += "<dt>after</dt><dd>\(HTMLText.escape(violation.after))</dd>"
            text += "<dt>expected</dt><dd>\(HTMLText.escape(violation.expected))</dd>"
            text += "<dt>actual</dt><dd>\(HTMLText.escape(violation.actual))</dd></dl>"
            text +=
                "<p class=\"label\">Trace (last \(violation.traceExcerpt.count) lines, \(violation.excerptZoneText))</p>"
                + "<pre class=\"excerpt\">"
            let zone = violation.timeZone.flatMap(TimeZone.init(identifier:))
            text += violation.traceExcerpt.map { HTMLText.escape(OracleReport.compact($0, zone: zone)) }.joined(
                separator: "\n")
            text += "</pre><p class=\"label\">Reproduce</p><pre class=\"command\">"
            text += "\(HTMLText.escape(violation.reproduce))</pre></article>"
        }
        if !oracle.expectedDivergences.isEmpty {
            var byReason: [String: Int] = [:]
            for divergence in oracle.expectedDivergences {
                byReason["[\(divergence.check.rawValue)] \(divergence.reason)", default: 0] += 1
            }
            text += "<h3>Expected divergences (named by the spec, not counted)</h3><ul>"
            for (reason, count) in byReason.sorted(by: { $0.key < $1.key }) {
                text += "<li>×\(count) \(HTMLText.escape(reason))</li>"
            }
            text += "</ul>"
        }
        for path in oracle.quarantined { text += "<p class=\"hint\">quarantined: \(HTMLText.escape(path))</p>" }
        return text
    }

    private func accessSection(_ matrix: StoreAccessMatrix) -> String {
        var text = "<p class=\"hint\">Every <code>store.read</code> (R) and <code>store.write</code> (W) in the trace, "
        text += "by process and App Group file, against docs/CONTRACT.md's table (“may”). "
        text += "A cell outside the table is red.</p>"
        text += "<table class=\"matrix\"><thead><tr><th>process</th>"
        for file in matrix.files { text += "<th><code>\(HTMLText.escape(file))</code></th>" }
        text += "</tr></thead><tbody>"
        for process in matrix.processes {
            text += "<tr><th>\(process.executableName)</th>"
            for file in matrix.files {
                let cell = matrix.cell(process, file)
                let may = ContractTable.Access.allCases.filter { ContractTable.allows(process, $0, file) }
                let used = [cell.reads > 0 ? "R \(cell.reads)" : nil, cell.writes > 0 ? "W \(cell.writes)" : nil]
                    .compactMap { $0 }
                let kind = !cell.outside.isEmpty ? "outside" : used.isEmpty ? "unused" : "inside"
                text += "<td class=\"\(kind)\">\(used.isEmpty ? "·" : used.joined(separator: " · "))"
                text +=
                    "<small>may \(may.isEmpty ? "nothing" : may.map(\.rawValue).joined(separator: "/"))</small></td>"
            }
            text += "</tr>"
        }
        text += "</tbody></table>"
        if matrix.withinContract {
            text += "<p class=\"good\">Every access is inside the contract.</p>"
        } else {
            text += "<ul class=\"outside\">"
            for outside in matrix.firstOutside {
                let when = record.times[outside.line].map { LocalTimeText.text($0, calendar) } ?? ""
                let owner = record.owner[outside.line].map { record.launches[$0] }
                text += "<li><b>\(outside.process.executableName)</b> "
                text += outside.access == .read ? "read " : "wrote "
                text += "<code>\(HTMLText.escape(outside.file))</code>, first at \(when)"
                if let owner {
                    text +=
                        " (launch \(owner.launch.map(String.init) ?? "pid \(owner.pid)"): "
                        + "\(HTMLText.escape(owner.title)))"
                }
                text += "</li>"
            }
            text += "</ul>"
        }
        if !matrix.elsewhere.isEmpty {
            text +=
                "<details><summary>Outside the App Group (the app's database, the emulated OS): not judged</summary>"
            text += "<ul class=\"elsewhere\">"
            for (path, byKind) in matrix.elsewhere.sorted(by: { $0.key < $1.key }) {
                let who = byKind.sorted { $0.key.rawValue < $1.key.rawValue }.map { kind, cell in
                    "\(kind.rawValue) "
                        + [cell.reads > 0 ? "R \(cell.reads)" : nil, cell.writes > 0 ? "W \(cell.writes)" : nil]
                        .compactMap { $0 }.joined(separator: " · ")
                }
                text +=
                    "<li><code>\(HTMLText.escape(path))</code>: \(HTMLText.escape(who.joined(separator: "; ")))</li>"
            }
            text += "</ul></details>"
        }
        return text
    }

    /// The launches that did not end cleanly, first: what a reader of a
    /// failed run looks for.
    private func launchesSection() -> String {
        let odd = record.launches.filter { !$0.endedNormally }
        var text = "<p class=\"hint\">\(record.launches.count) launch(es); every one is a slice in "
        text += "<code>trace.chrome.json</code> (open it in ui.perfetto.dev).</p>"
        guard !odd.isEmpty else { return text + "<p class=\"good\">Every launch exited 0 or 2.</p>" }
        text += "<table class=\"launches\"><thead><tr><th>time</th><th>launch</th><th>process</th><th>arguments</th>"
        text += "<th>ended</th></tr></thead><tbody>"
        for launch in odd {
            let when = record.times[launch.first].map { LocalTimeText.text($0, calendar) } ?? ""
            var ended = launch.status ?? "still running at the end of the trace"
            if let point = launch.crashPoint { ended += " at \(point)" }
            if let point = launch.pausePoint { ended += " (paused at \(point))" }
            if let fault = launch.killedBy { ended += ", killed by fault “\(fault)”" }
            text +=
                "<tr><td class=\"time\">\(when)</td><td>\(launch.launch.map(String.init) ?? "pid \(launch.pid)")</td>"
            text += "<td>\(launch.kind.executableName)</td><td><code>\(HTMLText.escape(launch.argv))"
            text += "</code></td><td>\(HTMLText.escape(ended))</td></tr>"
        }
        return text + "</tbody></table>"
    }

    private func footer() -> String {
        """
        <footer>Files beside this one: <a href="trace.jsonl">trace.jsonl</a> (the raw trace) ·
        <a href="trace.chrome.json">trace.chrome.json</a> (open in ui.perfetto.dev) ·
        <a href="oracle.json">oracle.json</a> (the oracle's full report). Drawn from the trace alone
        (docs/REPORT.md).</footer>

        """
    }
}
