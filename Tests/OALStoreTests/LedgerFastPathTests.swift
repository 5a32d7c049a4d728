import Foundation
import OALDomain
import OALSystem
import Testing

@testable import OALStore

@Suite struct LedgerFastPathTests {
    private func parse(_ text: String) -> UUID? {
        Array(text.utf8).withUnsafeBufferPointer { CanonicalUUID.parse($0) }
    }

    @Test func hexRuleIDsRoundTripLikeFoundation() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let id = UUID()
            #expect(CanonicalUUID.string(id) == id.uuidString)
            var bytes: [UInt8] = []
            CanonicalUUID.append(id, to: &bytes)
            #expect(bytes == Array(id.uuidString.utf8))
            #expect(parse(id.uuidString) == id)
            #expect(CanonicalUUID.parse(id.uuidString) == id)
            #expect(parse(id.uuidString.lowercased()) == UUID(uuidString: id.uuidString.lowercased()))
            // Mixed case, as another writer might spell it.
            let mixed = String(id.uuidString.map { Bool.random(using: &generator) ? Character($0.lowercased()) : $0 })
            #expect(parse(mixed) == UUID(uuidString: mixed))
            #expect(parse(mixed) == id)
        }
        let fixed = UUID(
            uuid: (0x00, 0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x10))
        #expect(CanonicalUUID.string(fixed) == "00012345-6789-ABCD-EFFE-DCBA98765410")
        #expect(parse("00012345-6789-abcd-effe-dcba98765410") == fixed)
        #expect(UsageLedger.linePrefix(fixed) == Array(#"{"rule":"00012345-6789-ABCD-EFFE-DCBA98765410""#.utf8))
    }

    @Test func malformedRuleIDsAreJudgedExactlyLikeFoundation() {
        let good = "6F1C2B3A-4D5E-4F60-8172-93A4B5C6D7E8"
        var cases = [
            "", "6F1C", good + "0", String(good.dropLast()), " " + good, good + " ",
            good.replacingOccurrences(of: "-", with: ""),  // no hyphens
            good.replacingOccurrences(of: "-", with: "_"),
            "{" + good + "}", "0x1C2B3A-4D5E-4F60-8172-93A4B5C6D7E8",
            "6F1C2B3A4D5E-4F60-8172-93A4B5C6D7E8-",  // hyphens in the wrong places
            "6F1C2B3-A4D5E-4F60-8172-93A4B5C6D7E8",
            "+F1C2B3A-4D5E-4F60-8172-93A4B5C6D7E8", "-F1C2B3A-4D5E-4F60-8172-93A4B5C6D7E8",
            " F1C2B3A-4D5E-4F60-8172-93A4B5C6D7E8", "6F1C2B3A-4D5E-4F60-8172-93A4B5C6D7E\u{0}",
            "6F1C2B3A-4D5E-4F60-8172-93A4B5C6D7É8", "6F1C2B3A-4D5E-4F60-8172-93A4B5C6D7E8\u{0}X",
            "6F1C2B3A-4D5E-4F60-8172-93A4B5C6D7ＥE",
        ]
        // Every position replaced by every kind of non-hex byte.
        for position in 0..<36 {
            for replacement in ["G", "g", "Z", "-", " ", "/", ":", "@", "`", "x", "\u{7F}", "é"] {
                var chars = Array(good)
                chars[position] = Character(replacement)
                cases.append(String(chars))
            }
        }
        for text in cases {
            #expect(parse(text) == UUID(uuidString: text), "\(String(reflecting: text))")
            #expect(CanonicalUUID.parse(text) == UUID(uuidString: text), "\(String(reflecting: text))")
            // The canonical fast path never accepts what Foundation rejects.
            let canonical = Array(text.utf8).withUnsafeBufferPointer { CanonicalUUID.parseCanonical($0) }
            if let canonical { #expect(UUID(uuidString: text) == canonical) }
        }
        // A journal line with an id Foundation rejects is corruption, with its line number.
        let line = Array(#"{"rule":"6F1C2B3A-4D5E-4F60-8172-93A4B5C6D7EG","opens":1}"#.utf8)
        let fields = line.withUnsafeBufferPointer { JournalLine.parse($0) }
        #expect(fields != nil && fields?.ruleIdentifier == nil)
    }

    @Test func anotherObjectsCompactionIsNoticedWithoutAPathLookup() throws {
        try withContainer { container in
            let a = try UsageLedger(container: container)
            let b = try UsageLedger(container: container)
            let rule = UUID()
            let other = UUID()
            try a.addOpens(3, rule: rule, day: testDay)
            try b.recordMinutes(9, rule: other, day: testDay)
            #expect(try a.usage(day: testDay) == [rule: DailyUsage(opensUsed: 3), other: DailyUsage(minutesUsed: 9)])
            let path = a.journalPath(for: testDay)
            let before = try #require(try FileSystem.status(path))
            #expect(before.linkCount == 1)
            // b compacts: a new inode is renamed over the journal a has open.
            try b.compact(day: testDay)
            let after = try #require(try FileSystem.status(path))
            #expect(after.inode != before.inode)
            let compacted = bytes(path)!
            #expect(String(decoding: compacted, as: UTF8.self).split(separator: "\n").count == 3)
            // a must notice (its open file has no name left), re-read, and append to the new file.
            try a.addOpens(rule: rule, day: testDay)
            #expect(bytes(path)!.count > compacted.count, "a appended to the journal at the path, not the old inode")
            #expect(try a.usage(day: testDay) == [rule: DailyUsage(opensUsed: 4), other: DailyUsage(minutesUsed: 9)])
            #expect(try b.usage(day: testDay) == [rule: DailyUsage(opensUsed: 4), other: DailyUsage(minutesUsed: 9)])
            #expect(try UsageLedger(container: container).usage(rule: rule, day: testDay).opensUsed == 4)
            // A compaction that brings the file back to the same size a last saw is noticed too.
            try a.compact(day: testDay)
            try b.addOpens(rule: other, day: testDay)
            #expect(
                try a.usage(day: testDay) == [
                    rule: DailyUsage(opensUsed: 4), other: DailyUsage(minutesUsed: 9, opensUsed: 1),
                ])
        }
    }

    @Test func aQuarantinedJournalIsLeftEvenWhenItsBadLineWasAlreadyRead() throws {
        try withContainer { container in
            let a = try UsageLedger(container: container)
            let rule = UUID()
            try a.addOpens(rule: rule, day: testDay)
            let path = a.journalPath(for: testDay)
            // Corrupt a line a has already folded, in place (same inode, same size).
            var content = bytes(path)!
            let lastLine = content.lastIndex(of: 0x7B)!
            content[lastLine] = 0x21
            let fd = try FileDescriptor.open(path, .writeOnly)
            try fd.writeAll(toAbsoluteOffset: 0, content)
            try fd.close()
            #expect(throws: StoreError.self) { try UsageLedger(container: container).usage(day: testDay) }
            #expect(bytes(path) == nil)
            #expect(bytes(path + ".corrupt-1") == content)
            // a never read the bad line again, yet must leave the quarantined file.
            try a.addOpens(rule: rule, day: testDay)
            #expect(bytes(path + ".corrupt-1") == content, "the quarantined file is untouched")
            #expect(try UsageLedger(container: container).usage(rule: rule, day: testDay).opensUsed == 1)
        }
    }

    /// Found by `oal-fuzz journal-line` (Fuzz/corpus/journal-line/fast-path-*):
    /// the fast path read a string's bytes without checking they are UTF-8,
    /// so it took lines `JSONDecoder` refuses, and read them otherwise.
    @Test func theFastPathNeverAcceptsALineTheDecoderRefuses() {
        let id = "E4A6D739-FA8D-428C-A272-0C0A2C8E06F1"
        let lines: [[UInt8]] = [
            Array(#"{"rule":"E4A6D739-FA"#.utf8) + [0xFF, 0xFF, 0xFF, 0xFF]
                + Array(#"C28-A272-0C0A2C8E06F1","opens":1}"#.utf8),
            Array(#"{"rule":""#.utf8) + [0xBB, 0xCB, 0xBE, 0xC9, 0xBB, 0xC8, 0xCC, 0xC4]
                + Array(#"-FA8D-428C-A272-0C0A2C8E06F1","minutesAtLeast":17}"#.utf8),
            Array(#"{"format":"oal.usage-journal","formatVersion":1,"day":"2026-11-"#.utf8) + [0xC3]
                + Array(#""}"#.utf8),
        ]
        for line in lines {
            line.withUnsafeBufferPointer { bytes in
                #expect(JournalLine.decode(bytes) == nil, "the decoder refuses invalid UTF-8")
                #expect(JournalLine.parse(bytes) == nil, "\(JournalLine.preview(bytes))")
            }
        }
        // Lines the decoder reads (a multi-byte character; invalid UTF-8 under
        // a key it skips) still read as it reads them.
        let read: [[UInt8]] = [
            Array(#"{"note":"café","rule":"\#(id)","opens":1}"#.utf8),
            Array(#"{"note":""#.utf8) + [0xFF] + Array(#"","rule":"\#(id)","opens":1}"#.utf8),
        ]
        for line in read {
            line.withUnsafeBufferPointer { bytes in
                #expect(JournalLine.decode(bytes)?.opens == 1)
                #expect(JournalLine.parse(bytes)?.opens == 1)
                #expect(JournalLine.parse(bytes)?.ruleIdentifier == UUID(uuidString: id))
            }
        }
    }

    /// Found by `oal-fuzz journal-line` (Fuzz/corpus/journal-line/fast-path-duplicate-key):
    /// with a key given twice the fast path kept the last value and
    /// `JSONDecoder` keeps the first, so one line read as two entries.
    @Test func aKeyGivenTwiceReadsAsTheDecoderReadsIt() {
        let id = "E4A6D739-FA8D-428C-A272-0C0A2C8E06F1"
        let lines = [
            #"{"rule":"\#(id)","opens":1,"rule":"E4A6D73e9"}"#,
            #"{"rule":"E4A6D73e9","opens":1,"rule":"\#(id)"}"#,
            #"{"rule":"\#(id)","opens":1,"opens":2}"#,
            #"{"format":"oal.usage-journal","formatVersion":1,"day":"2026-11-30","day":"2026-12-01"}"#,
        ]
        for line in lines {
            Array(line.utf8).withUnsafeBufferPointer { bytes in
                let decoded = JournalLine.decode(bytes)
                let parsed = JournalLine.parse(bytes)
                #expect(parsed?.ruleIdentifier == decoded?.ruleIdentifier, "\(line)")
                #expect(parsed?.opens == decoded?.opens, "\(line)")
                #expect(parsed?.day == decoded?.day, "\(line)")
            }
        }
    }
}
