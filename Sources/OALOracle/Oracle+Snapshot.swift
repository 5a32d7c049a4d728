import Foundation
import OALProcesses
import OALScenario

extension Oracle {
    /// A run started from a snapshot: the trace read up to where the
    /// recording's oracle stopped, shifted by the lines inserted before it,
    /// and what `observe` had left in memory at the snapshot's step
    /// boundary (nothing ran between that observation and the copy).
    package func resume(_ observation: OracleObservation, insertedLines inserted: Data, at offset: UInt64) {
        let consumed = tail.consumedOffset
        if consumed >= offset {
            let shifted = offset + UInt64(inserted.count)
            let after = Self.lines(in: tail.url, from: shifted, to: consumed + UInt64(inserted.count))
            let kept = tail.lastLines.dropLast(min(after.count, tail.lastLines.count))
            let excerpt = Array((kept + Self.lines(inserted) + after).suffix(TraceTail.excerptLength))
            tail.resume(at: consumed + UInt64(inserted.count), lastLines: excerpt)
        }
        calendar = observation.calendar
        callbacksDelivered = observation.callbacksDelivered
        now = observation.now
        lastStep = observation.after
        if let rules = UserRules.read(root: root, memo: observation.files.decoded) { userRules = rules }
        let view = readView(observation)
        if let view { previousView = view }
        unjudged = view
    }

    private static func lines(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private static func lines(in url: URL, from start: UInt64, to end: UInt64) -> [String] {
        guard end > start, let handle = try? FileHandle(forReadingFrom: url) else { return [] }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: start)) != nil, let data = try? handle.read(upToCount: Int(end - start))
        else { return [] }
        return lines(data)
    }
}
