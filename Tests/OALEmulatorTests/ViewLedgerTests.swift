import Foundation
import OALDomain
import OALStore
import OALSystem
import OALTestSupport
import Testing

@testable import OALOracle

/// The oracle's view keeps its usage ledger between observations
/// (`ViewLedger`) only while the journals it read have only grown: an
/// append is folded by the kept ledger, a same-size change in place, a
/// rewrite or a new day gets a fresh one, so the view's usage is always
/// what a fresh ledger reads.
@Suite struct ViewLedgerTests {
    @Test func aKeptLedgerSeesAppendsAndAChangedJournalGetsAFreshOne() throws {
        let directory = try TemporaryDirectory.make(prefix: "oal-view-ledger")
        defer { try? FileManager.default.removeItem(at: directory) }
        let container = try AppGroupContainer(url: directory)
        let writer = try UsageLedger(container: container)
        let day = DayKey("2026-12-01")!
        let yesterday = DayKey("2026-11-30")!
        let rule = UUID()
        let path = writer.journalPath(for: day)
        let view = ViewLedger()
        var made = 0
        func usage(today: DayKey = day) throws -> [UUID: DailyUsage] {
            let bytes = FileManager.default.contents(atPath: path)
            let ledger = view.ledger(today: today, journals: [today: bytes, yesterday: nil]) {
                made += 1
                return try? UsageLedger(container: container)
            }
            return try #require(ledger).usage(day: day)
        }
        func fresh() throws -> [UUID: DailyUsage] { try UsageLedger(container: container).usage(day: day) }

        #expect(try usage().isEmpty)
        try writer.recordMinutes(5, rule: rule, day: day)
        try writer.addOpens(2, rule: rule, day: day)
        #expect(try usage() == fresh())
        #expect(try usage()[rule] == DailyUsage(minutesUsed: 5, opensUsed: 2))
        #expect(made == 1, "appends are folded by the kept ledger")

        // The same size, changed in place: 5 minutes read as 7.
        let handle = try FileDescriptor.open(path, .readWrite)
        let text = String(decoding: try FileSystem.readFile(path)!, as: UTF8.self)
        let changed = text.replacingOccurrences(of: "\"minutesAtLeast\":5", with: "\"minutesAtLeast\":7")
        #expect(changed != text && changed.utf8.count == text.utf8.count)
        try handle.writeAll(Array(changed.utf8))
        try handle.close()
        #expect(try usage()[rule] == DailyUsage(minutesUsed: 7, opensUsed: 2))
        #expect(made == 2)

        // A new day: a fresh ledger.
        _ = try usage(today: DayKey("2026-12-02")!)
        #expect(made == 3)
    }

    @Test func onlyAnAppendOrNoChangeKeepsTheLedger() {
        let earlier = Data("h\n{\"a\":1}\n".utf8)
        #expect(ViewLedger.onlyGrew(from: nil, to: nil))
        #expect(ViewLedger.onlyGrew(from: nil, to: earlier))
        #expect(ViewLedger.onlyGrew(from: earlier, to: earlier))
        #expect(ViewLedger.onlyGrew(from: earlier, to: earlier + Data("{\"b\":2}\n".utf8)))
        #expect(!ViewLedger.onlyGrew(from: earlier, to: nil))
        #expect(!ViewLedger.onlyGrew(from: earlier, to: Data("h\n{\"a\":2}\n".utf8)))
        #expect(!ViewLedger.onlyGrew(from: earlier, to: Data("h\n".utf8)))
    }
}
