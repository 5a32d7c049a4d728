import Foundation
import OALPlatform

/// Reads the trace incrementally: the lines written since the last call,
/// and the last ~20 lines for a violation's excerpt.
final class TraceTail {
    let url: URL
    private var offset: UInt64 = 0
    private var pending = Data()
    private(set) var lastLines: [String] = []
    static let excerptLength = 20

    init(url: URL) { self.url = url }

    /// The offset of the first byte not yet consumed as a whole line: where
    /// a restarted reader resumes.
    var consumedOffset: UInt64 { offset - UInt64(pending.count) }

    /// Continues from `offset` (a restarted device's oracle), or from the
    /// end when the trace is shorter than that (a new trace).
    func resume(at offset: UInt64, lastLines: [String]) {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.uint64Value ?? 0
        guard offset <= size else { return skipToEnd() }
        self.offset = offset
        pending = Data()
        self.lastLines = lastLines
    }

    func skipToEnd() {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.uint64Value
        offset = size ?? 0
    }

    /// The complete lines appended since the last call, decoded.
    func readNew() -> [TraceEvent] {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return [] }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(), !data.isEmpty else {
            return []
        }
        offset += UInt64(data.count)
        pending.append(data)
        var events: [TraceEvent] = []
        let decoder = JSONDecoder()
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = pending[pending.startIndex..<newline]
            pending = Data(pending[pending.index(after: newline)...])
            guard !line.isEmpty else { continue }
            lastLines.append(String(decoding: line, as: UTF8.self))
            if let event = try? decoder.decode(TraceEvent.self, from: Data(line)) { events.append(event) }
        }
        if lastLines.count > Self.excerptLength { lastLines.removeFirst(lastLines.count - Self.excerptLength) }
        return events
    }
}
