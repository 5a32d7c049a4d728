import Foundation
import OALDomain
import OALPlatform
import OALTestSupport
import Testing

@testable import OALOracle

/// The oracle reads the trace a step at a time (`TraceTail`): whatever way
/// the lines arrive (cut anywhere, empty lines, store accesses it does not
/// decode), the events it returns over all its reads are the complete
/// lines' events in order, and its excerpt is the last complete lines.
@Suite struct TraceTailTests {
    private static func line(_ index: Int, event: String) -> [UInt8] {
        TraceLineWriter.encode(
            TraceEvent(
                time: TraceEvent.timestamp(Date(timeIntervalSince1970: 1_800_000_000 + Double(index))),
                process: .monitor, pid: Int32(100 + index), launch: index, event: event,
                fields: ["n": "\(index)", "text": "a \"quoted\" é"])) + Array("\n".utf8)
    }

    @Test(arguments: 1...30) func readsInAnyPiecesGiveTheWholeTracesEvents(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let directory = try TemporaryDirectory.make(prefix: "oal-trace-tail")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("trace.jsonl")
        try Data().write(to: url)
        var whole: [UInt8] = []
        for index in 0..<(40 + Int(random.next() % 60)) {
            switch random.next() % 5 {
            case 0: whole += Array("\n".utf8)
            case 1: whole += Self.line(index, event: "store.read")
            default: whole += Self.line(index, event: random.next() % 2 == 0 ? "callback" : "launch")
            }
        }
        let tail = TraceTail(url: url)
        var read: [TraceEvent] = []
        var skipped = 0
        var written = 0
        while written < whole.count {
            let piece = min(whole.count - written, 1 + Int(random.next() % 900))
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            try handle.write(contentsOf: whole[written..<(written + piece)])
            try handle.close()
            written += piece
            read += tail.readNew()
            skipped += tail.skipped

            let complete = whole[..<(whole[..<written].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0)]
            let lines = complete.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
            let events = lines.compactMap { try? TraceLineParser.decode(Data($0.utf8), decoder: JSONDecoder()) }
            #expect(read == events.filter { $0.event != "store.read" })
            #expect(skipped == events.count { $0.event == "store.read" })
            #expect(tail.lastLines == Array(lines.suffix(TraceTail.excerptLength)))
            #expect(tail.consumedOffset == UInt64(complete.count))
        }
    }
}
