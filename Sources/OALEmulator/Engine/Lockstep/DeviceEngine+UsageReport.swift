import Foundation
import OALDomain
import OALPlatform
import OALProcesses

/// The user opens a time limit's "Today's Usage" page: the app embeds
/// `DeviceActivityReport(.ruleUsage, filter:)` and iOS launches the report
/// extension with the filtered activity. The host is a SwiftUI view, which
/// a guest build does not compile, so the device plays its part as the
/// real app's `RuleDetailSheet` does: a time limit only (the link is shown
/// for no other kind), with a non-empty selection, filtered to the rule's
/// apps and categories over today (start of day to the next, in the
/// device's zone). The device, never the extension, gathers the data: each
/// filtered app's frontmost time today from its own history.
extension DeviceEngine {
    /// What the report showed, or why it could not be looked at.
    struct UsageReportLook {
        var output: String?
        var problem: String?
    }

    /// The context the host's page names: the emulator's own `ruleUsage`,
    /// or what a guest's harness says its app's constant is
    /// (`option usage-report-context NAME` in its findings file).
    var usageReportContext: String {
        run.guest?.options?["usage-report-context"] ?? RuleUsageScene.context
    }

    func lookAtUsageReport(_ ruleName: String) throws -> UsageReportLook {
        guard let snapshot = view.userRules().first(where: { $0.name.caseInsensitiveCompare(ruleName) == .orderedSame })
        else { return UsageReportLook(problem: "no rule named '\(ruleName)' in the user's database") }
        guard RuleKind(rawValue: snapshot.kindRaw) == .timeLimit else {
            return UsageReportLook(
                problem: "\(snapshot.name) has no usage page (the app shows one for time limits only)")
        }
        let selection = snapshot.selectionData.flatMap { try? AppSelection(decoding: $0) } ?? .empty
        guard !selection.applications.isEmpty || !selection.categories.isEmpty || !selection.webDomains.isEmpty else {
            return UsageReportLook(problem: "\(snapshot.name) has no usage page (its list selects nothing)")
        }
        let catalog = try view.catalog()
        let filtered = Set(
            catalog.apps.filter { selection.covers($0.token, category: $0.category) }.map(\.bundleIdentifier))
        let start = calendar.startOfDay(for: now)
        let end = calendar.date(byAdding: .day, value: 1, to: start) ?? start
        let segment = DateInterval(start: start, end: end)
        let seconds = state.usage.foregroundSeconds(during: segment, until: now) { filtered.contains($0) }
        let apps = catalog.apps.compactMap { app in
            seconds[app.bundleIdentifier].flatMap {
                $0 > 0 ? ActivityReportArguments.AppActivity(token: app.token, seconds: $0) : nil
            }
        }
        let data = ActivityReportArguments(context: usageReportContext, segment: segment, apps: apps)
        let outcome = try launch(.report, data.arguments)
        trace.record(
            "user.usage-report", at: now,
            ["rule": snapshot.id.uuidString, "launch": String(outcome.launch), "status": outcome.statusText])
        guard outcome.exitCode == 0 else {
            let said = outcome.stderr.split(separator: "\n").first.map(String.init) ?? ""
            return UsageReportLook(problem: "oal-report exited \(outcome.statusText): \(said)")
        }
        oracle.usageReportsShown.append(
            UsageReportShown(ruleID: snapshot.id, ruleName: snapshot.name, printed: outcome.stdout))
        return UsageReportLook(output: outcome.stdout)
    }
}
