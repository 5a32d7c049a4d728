import Foundation
import OALScenario

/// The oracle's price in one `oal-device run`: wall time spent observing
/// (after every step) and judging (once per instant), written to
/// `<root>/logs/oracle-cost.json` at the end of the run. Kept out of the
/// trace and `oracle.json`, which must stay byte-for-byte reproducible.
public struct OracleCost: Codable, Hashable, Sendable {
    public static let file = "oracle-cost.json"

    public var observations = 0
    public var judgements = 0
    public var checks = 0
    public var observeNanoseconds: UInt64 = 0
    public var judgeNanoseconds: UInt64 = 0

    /// Microseconds per observation, judging included.
    public var microsecondsPerObservation: Double {
        observations == 0 ? 0 : Double(observeNanoseconds + judgeNanoseconds) / 1_000 / Double(observations)
    }

    func write(to url: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        if let data = try? encoder.encode(self) { try? data.write(to: url, options: .atomic) }
    }

    /// The cost the last run on a root wrote, if any.
    public static func last(logs: URL) -> OracleCost? {
        guard let data = FileManager.default.contents(atPath: logs.appendingPathComponent(file).path) else {
            return nil
        }
        return try? JSONDecoder().decode(OracleCost.self, from: data)
    }
}
