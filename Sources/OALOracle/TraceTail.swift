import Foundation
import OALPlatform
import OALScenario

/// Reads the trace incrementally: the lines written since the last call,
/// and the last ~20 lines for a violation's excerpt.
final class TraceTail {
    let url: URL
    private var offset: UInt64 = 0
    private var pending: [UInt8] = []
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
        pending = []
        self.lastLines = lastLines
    }

    func skipToEnd() {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.uint64Value
        offset = size ?? 0
    }

    /// How many lines the last `readNew` left undecoded as `unread`.
    private(set) var skipped = 0

    /// Lines the oracle never looks at, by how every trace line begins (the
    /// keys are sorted, `event` first): each process traces every store
    /// access, two thirds of the trace, and decoding them was most of the
    /// oracle's reading. A line that does not begin so is decoded.
    static let unread: [[UInt8]] = [
        Array(#"{"event":"store.read","#.utf8), Array(#"{"event":"store.write","#.utf8),
    ]

    /// The complete lines appended since the last call, decoded, but for
    /// the `unread` ones (still in the excerpt).
    func readNew() -> [TraceEvent] {
        skipped = 0
        guard let handle = try? FileHandle(forReadingFrom: url) else { return [] }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(), !data.isEmpty else {
            return []
        }
        offset += UInt64(data.count)
        // Lines are found with `memchr` in a buffer taken off the object
        // once: walking `pending` in place paid an exclusivity check on
        // every byte (the class's property), most of the tail's cost.
        var bytes = pending
        pending = []
        bytes.append(contentsOf: data)
        let decoder = JSONDecoder()
        var events: [TraceEvent] = []
        var excerpt: [Range<Int>] = []
        var unread = 0
        let consumed = bytes.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var start = 0
            while start < buffer.count,
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
            {
                let newline = UnsafeRawPointer(base).distance(to: found)
                let range = start..<newline
                start = newline + 1
                guard !range.isEmpty else { continue }
                excerpt.append(range)
                if excerpt.count > Self.excerptLength { excerpt.removeFirst() }
                let line = UnsafeBufferPointer(rebasing: buffer[range])
                if Self.unread.contains(where: { line.starts(with: $0) }) {
                    unread += 1
                } else if let event = try? TraceLineParser.decode(line, decoder: decoder) {
                    events.append(event)
                }
            }
            return start
        }
        lastLines.append(contentsOf: excerpt.map { String(decoding: bytes[$0], as: UTF8.self) })
        if lastLines.count > Self.excerptLength { lastLines.removeFirst(lastLines.count - Self.excerptLength) }
        pending = Array(bytes[consumed...])
        skipped = unread
        return events
    }
}
