import Foundation
import OALDomain
import OALPlatform
import OALScenario

/// What a report extension printed when the user looked at a rule's usage
/// page (`app usage-report RULE`), handed over by the device.
package struct UsageReportShown: Sendable {
    package var ruleID: UUID
    package var ruleName: String
    /// The configuration as `ReportConfigurationText` prints it.
    package var printed: String

    package init(ruleID: UUID, ruleName: String, printed: String) {
        self.ruleID = ruleID
        self.ruleName = ruleName
        self.printed = printed
    }
}

/// The usage page as the real app's docs promise it
/// (`USAGE_RENDERING_BY_APP.md`), from the device's own record of what was
/// in front, never from the extension's data: today's total of the rule's
/// apps ("1h 12m today", "<1m today", "No usage today"), then one row per
/// app name with time, heaviest first, ties by name.
struct ExpectedUsageReport: Equatable {
    struct Row: Equatable {
        var name: String
        var seconds: Double
    }

    var total: String
    var rows: [Row]

    /// `seconds` by app name (apps sharing a name are one row: the user
    /// cannot tell them apart).
    init(secondsByName: [String: Double]) {
        let sum = secondsByName.values.reduce(0, +)
        total = sum > 0 ? "\(Self.label(sum)) today" : "No usage today"
        rows = secondsByName.filter { $0.value > 0 }.map { Row(name: $0.key, seconds: $0.value) }
            .sorted { ($0.seconds, $1.name) > ($1.seconds, $0.name) }
    }

    /// Whole minutes, the hours apart: "1h 12m", "2h", "45m"; "<1m" under
    /// a minute.
    static func label(_ seconds: Double) -> String {
        if seconds < 60 { return "<1m" }
        let minutes = Int((seconds / 60).rounded(.down))
        switch (minutes / 60, minutes % 60) {
        case (0, let rest): return "\(rest)m"
        case (let hours, 0): return "\(hours)h"
        case (let hours, let rest): return "\(hours)h \(rest)m"
        }
    }

    /// What the report printed differs from this how, or nil when it
    /// agrees: the total's text, and each row's name and seconds (within half
    /// a second) in order.
    func difference(from fields: [String: String]) -> String? {
        guard let shown = fields["total"] else { return "no total line" }
        if shown != total { return "total \"\(shown)\"" }
        var index = 0
        while let name = fields["apps[\(index)].name"] {
            guard index < rows.count else { return "a row \(index + 1) (\(name)) beyond the \(rows.count) expected" }
            let seconds = fields["apps[\(index)].seconds"].flatMap(Double.init)
            guard name == rows[index].name, let seconds, abs(seconds - rows[index].seconds) < 0.5 else {
                return "row \(index + 1) \(name) \(fields["apps[\(index)].seconds"] ?? "?") s"
            }
            index += 1
        }
        return index < rows.count ? "\(index) row(s)" : nil
    }

    var description: String {
        ([total] + rows.map { "\($0.name) \(Self.seconds($0.seconds)) s" }).joined(separator: ", ")
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension Oracle {
    /// `usage-report`: each report the user looked at this instant shows
    /// the real foreground time of today of the rule's apps (the user's
    /// own list, by the catalog's tokens and categories, as the page's
    /// filter selects them), the same truth `usage-not-invented` uses.
    func checkUsageReports(_ view: OracleView) {
        let shown = usageReportsShown
        usageReportsShown = []
        let today = days.day(now)
        for look in shown {
            report.checksRun += 1
            guard let entry = userRules.byID[look.ruleID] else { continue }
            // A time limit is always Block: the spec model's coverage is the
            // page's filter (the list's apps and the apps of its categories).
            var byName: [String: Double] = [:]
            for app in view.catalog.apps where entry.covers(app) {
                let seconds = truth.seconds[app.bundleIdentifier]?[today] ?? 0
                if seconds > 0 { byName[app.name, default: 0] += seconds }
            }
            let expected = ExpectedUsageReport(secondsByName: byName)
            let fields = ReportConfigurationText.fields(look.printed)
            let key = "\(CanonicalUUID.string(look.ruleID))|report"
            if let difference = expected.difference(from: fields) {
                violate(
                    .usageReport, key: key, ruleID: look.ruleID, ruleName: look.ruleName,
                    expected: "\(expected.description) (today's foreground time of the rule's apps)",
                    actual: "\(difference): " + look.printed.split(separator: "\n").joined(separator: " | "))
            } else {
                resolved(.usageReport, key: key)
            }
        }
    }

}
