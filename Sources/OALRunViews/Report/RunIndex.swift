import Foundation
import OALScenario

/// `<root-base>/index.html` of a sweep or a swarm: one line per run, the
/// failing ones first, each linking the run's own report (docs/REPORT.md).
package struct RunIndex {
    package struct Entry {
        var label: String
        var passed: Bool
        var reason: String
        var reproduce: String
        /// The run's `report.html`, absolute; linked relative to the index.
        var report: String?
        /// The expectations that failed in the run (a sweep point that
        /// survived the oracle may still have changed some): listed, so a
        /// "pass" says which.
        var changed: [String] = []

        package init(
            label: String, passed: Bool, reason: String, reproduce: String, report: String? = nil,
            changed: [String] = []
        ) {
            self.label = label
            self.passed = passed
            self.reason = reason
            self.reproduce = reproduce
            self.report = report
            self.changed = changed
        }
    }

    var title: String
    var entries: [Entry]

    static let file = "index.html"

    func html(base: URL) -> String {
        let failed = entries.filter { !$0.passed }
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(RunReport.contentSecurityPolicy)">
            <title>\(HTMLText.escape(title))</title><style>\(ReportStyle.css)</style></head><body>
            <header><div class="verdict \(failed.isEmpty ? "pass" : "fail")">\(failed.isEmpty ? "PASS" : "FAIL")</div>
            <div><h1>\(HTMLText.escape(title))</h1><p class="sub">\(entries.count) run(s), \
            \(entries.count - failed.count) passed, \(failed.count) failed</p></div></header>
            <section><table><thead><tr><th>run</th><th>verdict</th><th>why</th><th>report</th></tr></thead><tbody>

            """
        for entry in failed + entries.filter(\.passed) {
            let link = entry.report.map { path -> String in
                let relative = path.hasPrefix(base.path + "/") ? String(path.dropFirst(base.path.count + 1)) : path
                return "<a href=\"\(HTMLText.escape(relative))\">report</a>"
            }
            page += "<tr class=\"\(entry.passed ? "ok" : "failed")\"><td>\(HTMLText.escape(entry.label))</td>"
            let changed = entry.changed.isEmpty ? "" : ", \(entry.changed.count) expectation(s) changed"
            page += "<td>\(entry.passed ? "pass" : "FAIL")\(changed)</td>"
            page += "<td>\(HTMLText.escape(entry.passed ? "" : entry.reason))"
            if !entry.changed.isEmpty {
                page += "<p class=\"label\">expectations changed</p><ul class=\"changed\">"
                page += entry.changed.map { "<li>\(HTMLText.escape($0))</li>" }.joined()
                page += "</ul>"
            }
            if !entry.passed || !entry.changed.isEmpty {
                page += "<pre class=\"command\">\(HTMLText.escape(entry.reproduce))</pre>"
            }
            page += "</td><td>\(link ?? "—")</td></tr>\n"
        }
        return page + "</tbody></table></section></body></html>\n"
    }

    /// Writes the index into `base`; a failure to write it never fails the
    /// sweep (its text report is the verdict), so it returns the path or nil.
    @discardableResult
    package func write(base: URL) -> String? {
        let url = base.appendingPathComponent(Self.file)
        do {
            try Data(html(base: base).utf8).write(to: url, options: .atomic)
            return url.path
        } catch {
            return nil
        }
    }

    package init(title: String, entries: [Entry]) {
        self.title = title
        self.entries = entries
    }
}
