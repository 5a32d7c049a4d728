import Foundation
import OALPlatform

/// The two views of a run drawn from its trace (docs/REPORT.md): the
/// Chrome / Perfetto trace and the HTML report, written side by side in
/// `<root>/logs/` at the end of every run and by `oal-device report`.
public enum RunViews {
    /// Writes both views; returns their paths. Drawing reads the trace, the
    /// oracle's report and the clock's zone only, never a store.
    @discardableResult
    public static func write(root: DeviceRoot) throws -> (chrome: URL, report: URL) {
        let record = try RunRecord(root: root)
        let chrome = root.logs.appendingPathComponent(ChromeTrace.file)
        try ChromeTrace(record: record).json().write(to: chrome, options: .atomic)
        let report = root.logs.appendingPathComponent(RunReport.file)
        let calendar = (try? EmulatedPlatform(root: root).clock.calendar()) ?? Calendar(identifier: .gregorian)
        let html = RunReport(record: record, oracle: Oracle.lastReport(root: root), calendar: calendar).html()
        try Data(html.utf8).write(to: report, options: .atomic)
        return (chrome, report)
    }

    /// Where `write` puts the report of `root`.
    public static func reportPath(_ root: DeviceRoot) -> String {
        root.logs.appendingPathComponent(RunReport.file).path
    }
}
