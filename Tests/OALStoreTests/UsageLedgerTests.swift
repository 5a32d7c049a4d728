import Foundation
import OALDomain
import OALStore
import OALSystem
import Testing

func appendRaw(_ text: String, to path: String) throws {
    let fd = try FileDescriptor.open(path, .writeOnly, options: [.append])
    defer { try? fd.close() }
    try fd.writeAll(Array(text.utf8))
}

@Suite struct UsageLedgerTests {
    @Test func opensAddUpAndMinutesOnlyGoUp() throws {
        try withContainer { container in
            let ledger = try UsageLedger(container: container)
            let rule = UUID()
            let other = UUID()
            #expect(try ledger.usage(rule: rule, day: testDay) == .zero)
            try ledger.addOpens(rule: rule, day: testDay)
            try ledger.addOpens(2, rule: rule, day: testDay)
            #expect(try ledger.recordMinutes(10, rule: rule, day: testDay).minutesUsed == 10)
            let size = try #require(try FileSystem.status(ledger.journalPath(for: testDay))).size
            #expect(try ledger.recordMinutes(4, rule: rule, day: testDay).minutesUsed == 10)
            #expect(try ledger.recordMinutes(10, rule: rule, day: testDay).minutesUsed == 10)
            #expect(
                try FileSystem.status(ledger.journalPath(for: testDay))?.size == size, "a lower value writes nothing")
            try ledger.recordMinutes(7, rule: other, day: testDay)
            // A fresh object (another process) folds the same state.
            let again = try UsageLedger(container: container)
            #expect(try again.usage(rule: rule, day: testDay) == DailyUsage(minutesUsed: 10, opensUsed: 3))
            #expect(
                try again.usage(day: testDay) == [
                    rule: DailyUsage(minutesUsed: 10, opensUsed: 3), other: DailyUsage(minutesUsed: 7, opensUsed: 0),
                ])
            #expect(try again.days() == [testDay])
            // Days are separate journals.
            let tomorrow = DayKey("2026-11-30")!
            #expect(try again.usage(rule: rule, day: tomorrow) == .zero)
        }
    }

    @Test func spendOpenStopsAtTheBudget() throws {
        try withContainer { container in
            let ledger = try UsageLedger(container: container)
            let rule = UUID()
            #expect(try ledger.spendOpen(rule: rule, day: testDay, budget: 2) == .granted(opensUsed: 1))
            #expect(try ledger.spendOpen(rule: rule, day: testDay, budget: 2) == .granted(opensUsed: 2))
            #expect(try ledger.spendOpen(rule: rule, day: testDay, budget: 2) == .denied(opensUsed: 2))
            #expect(try ledger.spendOpen(rule: UUID(), day: testDay, budget: 0) == .denied(opensUsed: 0))
            #expect(try ledger.usage(rule: rule, day: testDay).opensUsed == 2)
        }
    }

    @Test func tornTrailingLineIsIgnoredThenRepaired() throws {
        try withContainer { container in
            let ledger = try UsageLedger(container: container)
            let rule = UUID()
            try ledger.addOpens(rule: rule, day: testDay)
            let path = ledger.journalPath(for: testDay)
            let torn = "{\"rule\":\"\(rule.uuidString)\",\"ope"
            try appendRaw(torn, to: path)
            let reader = try UsageLedger(container: container)
            #expect(try reader.usage(rule: rule, day: testDay).opensUsed == 1)
            #expect(String(decoding: bytes(path)!, as: UTF8.self).hasSuffix(torn), "a reader does not repair")
            // The next writer truncates the torn tail and appends cleanly.
            try reader.addOpens(rule: rule, day: testDay)
            let text = String(decoding: bytes(path)!, as: UTF8.self)
            #expect(!text.contains("\"ope\n") && !text.contains(torn + "{"))
            #expect(text.hasSuffix("}\n"))
            #expect(text.split(separator: "\n").count == 3)
            #expect(try ledger.usage(rule: rule, day: testDay).opensUsed == 2)
            #expect(try UsageLedger(container: container).usage(rule: rule, day: testDay).opensUsed == 2)
        }
    }

    /// Issue 10 part A (swarm seed 147): a damaged line loses what it held,
    /// not the whole day. The journal is quarantined whole (kept as it was)
    /// and rebuilt from every entry line that still parses.
    @Test func aDamagedJournalKeepsEveryLineThatStillParses() throws {
        try withContainer { container in
            let ledger = try UsageLedger(container: container)
            let (a, b) = (UUID(), UUID())
            try ledger.addOpens(rule: a, day: testDay)
            try ledger.recordMinutes(25, rule: b, day: testDay)
            let path = ledger.journalPath(for: testDay)
            try appendRaw("{\"rule\":\u{1}#!garb\n", to: path)
            try appendRaw("{\"rule\":\"\(a.uuidString)\",\"opens\":1}\n", to: path)
            try appendRaw("{\"rule\":\"not-a-uuid\",\"opens\":-1}\n", to: path)
            let original = bytes(path)
            #expect(throws: StoreError.self) { try UsageLedger(container: container).usage(day: testDay) }
            #expect(bytes(path + ".corrupt-1") == original, "the damaged journal is kept as it was")
            let reader = try UsageLedger(container: container)
            #expect(try reader.usage(rule: a, day: testDay) == DailyUsage(opensUsed: 2))
            #expect(try reader.usage(rule: b, day: testDay) == DailyUsage(minutesUsed: 25))
            // The old object notices the rebuilt file and goes on from it.
            try ledger.addOpens(rule: a, day: testDay)
            #expect(try reader.usage(rule: a, day: testDay).opensUsed == 3)
        }
    }

    /// A header for another day (or none) salvages nothing: those lines
    /// may not be this day's.
    @Test func aJournalWithoutItsDaysHeaderSalvagesNothing() throws {
        try withContainer { container in
            let ledger = try UsageLedger(container: container)
            let rule = UUID()
            let path = ledger.journalPath(for: testDay)
            try write(
                "{\"format\":\"oal.usage-journal\",\"formatVersion\":1,\"day\":\"2026-11-28\"}\n"
                    + "{\"rule\":\"\(rule.uuidString)\",\"opens\":1}\n", to: path)
            #expect(throws: StoreError.self) { try ledger.usage(day: testDay) }
            #expect(try ledger.usage(rule: rule, day: testDay) == .zero)
        }
    }

    @Test func corruptMiddleLineIsQuarantinedWithItsLineNumber() throws {
        try withContainer { container in
            let ledger = try UsageLedger(container: container)
            let rule = UUID()
            try ledger.addOpens(rule: rule, day: testDay)
            let path = ledger.journalPath(for: testDay)
            try appendRaw("{\"rule\":garbage}\n", to: path)
            try appendRaw("{\"rule\":\"\(rule.uuidString)\",\"opens\":1}\n", to: path)
            let original = bytes(path)
            let error = try #require(throws: StoreError.self) {
                try UsageLedger(container: container).usage(day: testDay)
            }
            guard case .corrupt(let reportedPath, let line, _, let moved?) = error else {
                Issue.record("expected corrupt, got \(error)")
                return
            }
            #expect(reportedPath == path)
            #expect(line == 3)
            #expect(error.description.contains("2026-11-29.jsonl:3"))
            #expect(bytes(moved) == original)
            // Rebuilt from the lines that parse (1 + 1 opens); the old
            // object notices the replaced file.
            try ledger.addOpens(rule: rule, day: testDay)
            #expect(try ledger.usage(rule: rule, day: testDay).opensUsed == 3)
        }
    }

    @Test func badHeaderOrEntriesAreCorrupt() throws {
        let rule = UUID().uuidString
        let cases = [
            "garbage\n",
            "{\"format\":\"oal.usage-journal\",\"formatVersion\":1,\"day\":\"2026-11-28\"}\n",
            "{\"format\":\"oal.usage-journal\",\"formatVersion\":1,\"day\":\"2026-11-29\"}\n{\"opens\":1}\n",
            "{\"format\":\"oal.usage-journal\",\"formatVersion\":1,\"day\":\"2026-11-29\"}\n{\"rule\":\"\(rule)\",\"opens\":-1}\n",
            "{\"format\":\"oal.usage-journal\",\"formatVersion\":1,\"day\":\"2026-11-29\"}\n{\"rule\":\"\(rule)\",\"opens\":\"1\"}\n",
            "",
            "{\"format\":\"oal.usage-journal\"",
        ]
        for content in cases {
            try withContainer { container in
                let ledger = try UsageLedger(container: container)
                try write(content, to: ledger.journalPath(for: testDay))
                #expect(throws: StoreError.self, "\(String(reflecting: content))") {
                    try ledger.addOpens(rule: UUID(), day: testDay)
                }
                #expect(bytes(ledger.journalPath(for: testDay)) == nil)
            }
        }
    }

    @Test func otherWritersFormattingAndUnknownKeysAreAccepted() throws {
        try withContainer { container in
            let ledger = try UsageLedger(container: container)
            let rule = UUID()
            try write(
                """
                { "format": "oal.usage-journal", "formatVersion": 1, "day": "2026-11-29", "writer": "x" }
                {"rule":"\(rule.uuidString)","opens":2,"note":{"by":"monitor"}}
                {"rule": "\(rule.uuidString)", "minutesAtLeast": 5}

                """, to: ledger.journalPath(for: testDay))
            #expect(try ledger.usage(rule: rule, day: testDay) == DailyUsage(minutesUsed: 5, opensUsed: 2))
        }
    }

    @Test func newerJournalIsRefusedAndUntouched() throws {
        try withContainer { container in
            let ledger = try UsageLedger(container: container)
            let path = ledger.journalPath(for: testDay)
            let content =
                "{\"format\":\"oal.usage-journal\",\"formatVersion\":2,\"day\":\"2026-11-29\"}\n{\"v2\":true}\n{\"torn"
            try write(content, to: path)
            let expected = StoreError.newerFormat(path: path, found: 2, known: 1)
            #expect(throws: expected) { try ledger.addOpens(rule: UUID(), day: testDay) }
            #expect(throws: expected) { try ledger.spendOpen(rule: UUID(), day: testDay, budget: 3) }
            #expect(throws: expected) { try ledger.usage(day: testDay) }
            #expect(bytes(path) == Array(content.utf8))
        }
    }

    @Test func compactionKeepsTheTotalsAndOtherObjectsFollow() throws {
        try withContainer { container in
            let writer = try UsageLedger(container: container, compactionThreshold: 1024)
            let reader = try UsageLedger(container: container)
            let rules = [UUID(), UUID()]
            for i in 1...100 {
                try writer.addOpens(rule: rules[i % 2], day: testDay)
                if i % 10 == 0 {
                    try writer.recordMinutes(i, rule: rules[0], day: testDay)
                    #expect(try reader.usage(rule: rules[0], day: testDay).minutesUsed == i)
                }
            }
            let size = try #require(try FileSystem.status(writer.journalPath(for: testDay))).size
            #expect(size <= 1024 + 200, "the journal was compacted")
            #expect(
                try reader.usage(day: testDay) == [
                    rules[0]: DailyUsage(minutesUsed: 100, opensUsed: 50),
                    rules[1]: DailyUsage(minutesUsed: 0, opensUsed: 50),
                ])
            try reader.compact(day: testDay)
            let lines = String(decoding: bytes(writer.journalPath(for: testDay))!, as: UTF8.self).split(separator: "\n")
            #expect(lines.count == 3)
            try writer.addOpens(rule: rules[1], day: testDay)
            #expect(try reader.usage(rule: rules[1], day: testDay).opensUsed == 51)
        }
    }

    @Test func durableModeWorks() throws {
        try withContainer { container in
            let ledger = try UsageLedger(container: container, durable: true)
            let rule = UUID()
            for _ in 1...5 { try ledger.addOpens(rule: rule, day: testDay) }
            #expect(try ledger.usage(rule: rule, day: testDay).opensUsed == 5)
        }
    }
}
