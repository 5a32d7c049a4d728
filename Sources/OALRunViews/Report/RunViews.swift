import Foundation
import OALPlatform
import OALScenario
import OALSystem

/// The two views of a run drawn from its trace (docs/REPORT.md): the
/// Chrome / Perfetto trace and the HTML report, written side by side in
/// `<root>/logs/` at the end of every run and by `oal-device report`.
package enum RunViews {
    /// Writes both views; returns their paths. Drawing reads the trace, the
    /// oracle's report and the clock's zone only, never a store.
    ///
    /// `reproduce` is the command that replays the run; the engine knows it
    /// and keeps it in `logs/run.json` for a later `oal-device report`. It
    /// is not in the trace: it names the scenario's path, and a replay from
    /// another directory must give the same trace byte for byte.
    @discardableResult
    package static func write(root: DeviceRoot, reproduce: String? = nil) throws -> (chrome: URL, report: URL) {
        var record = try RunRecord(root: root)
        let sidecar = root.logs.appendingPathComponent(runFile)
        if let reproduce {
            let data = try JSONSerialization.data(withJSONObject: ["reproduce": reproduce], options: [.sortedKeys])
            try data.write(to: sidecar, options: .atomic)
            record.reproduce = reproduce
        } else if let data = FileManager.default.contents(atPath: sidecar.path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: String]
        {
            record.reproduce = object["reproduce"]
        }
        let chrome = root.logs.appendingPathComponent(ChromeTrace.file)
        // The two views share nothing but the record: the Chrome trace is
        // drawn on the other core while the report is (a month's views
        // took 1.5 s at the run's end, docs/PERFORMANCE.md).
        let drawn = LockedValue<Result<Void, any Error>>(.success(()))
        let drawing = DispatchGroup()
        DispatchQueue.global().async(group: drawing) { [record] in
            let result = Result { try ChromeTrace(record: record).json().write(to: chrome, options: .atomic) }
            drawn.withLock { $0 = result }
        }
        let report = root.logs.appendingPathComponent(RunReport.file)
        let calendar = (try? EmulatedPlatform(root: root).clock.calendar()) ?? Calendar(identifier: .gregorian)
        let html = RunReport(record: record, oracle: OracleReport.last(root: root), calendar: calendar).html()
        let written = Result { try Data(html.utf8).write(to: report, options: .atomic) }
        drawing.wait()
        try drawn.withLock { $0 }.get()
        try written.get()
        return (chrome, report)
    }

    /// `logs/run.json`: what the views need that the trace does not say.
    static let runFile = "run.json"

    /// Where `write` puts the report of `root`.
    package static func reportPath(_ root: DeviceRoot) -> String {
        root.logs.appendingPathComponent(RunReport.file).path
    }
}
