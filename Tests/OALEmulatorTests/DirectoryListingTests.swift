import Foundation
import Glibc
import OALSystem
import Testing

@testable import OALOracle

/// The stores-parse check's listing memo (issue 36) lists what a fresh
/// walk lists after every kind of change: a file added, removed or renamed,
/// one added below, a directory added, and a change whose directory's
/// modification time was put back (its change time still moves).
@Suite struct DirectoryListingTests {
    @Test func theListingIsTheWalksAfterEveryChange() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("oal-listing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let root = base.path
        try FileSystem.createDirectory(root + "/ledger")
        let listing = DirectoryListing()
        func same(_ step: String) {
            #expect(
                Set(listing.relativePaths(under: root)) == Set(DirectoryWalk.relativePaths(under: root)),
                "after \(step)")
        }
        func write(_ relative: String) {
            #expect(FileManager.default.createFile(atPath: root + "/" + relative, contents: Data("{}".utf8)))
        }
        /// Both times a second in the past: the memo trusts what it lists next.
        func settle(_ directory: String) {
            var times = [timespec(tv_sec: time(nil) - 5, tv_nsec: 0), timespec(tv_sec: time(nil) - 5, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, directory, &times, 0) == 0)
        }
        same("nothing")
        write("rules.json")
        same("a file added")
        write("ledger/2026-11-30.jsonl")
        same("a file added below")
        settle(root)
        settle(root + "/ledger")
        Thread.sleep(forTimeInterval: 0.15)
        same("the directories settled")
        same("a second look, from the memo")
        write("ledger/2026-12-01.jsonl")
        settle(root + "/ledger")  // its mtime put back: its ctime moved
        same("a file added below a settled directory")
        #expect(rename(root + "/rules.json", root + "/rules.json.corrupt-1") == 0)
        same("a file renamed")
        try FileManager.default.removeItem(atPath: root + "/ledger/2026-11-30.jsonl")
        same("a file removed")
        try FileSystem.createDirectory(root + "/shields")
        write("shields/rule-a.json")
        same("a directory added")
        try FileManager.default.removeItem(atPath: root + "/shields")
        same("a directory removed")
    }

    /// A quarantined copy is any name holding `.corrupt-`, wherever it is,
    /// and only those (the scan that replaced the standard library's).
    @Test(arguments: [
        ("rules.json.corrupt-1", true), ("ledger/2026-11-30.jsonl.corrupt-12", true), (".corrupt-", true),
        ("a.corrupt-", true), ("rules.json", false), ("rules.corrupt", false), (".corrupt", false), ("", false),
        ("..corrupt-x", true), ("x.corrupt_1", false), ("corrupt-1", false), ("é.corrupt-ü", true),
    ])
    func aQuarantinedNameIsFoundWhereverItsMarkerIs(name: String, quarantined: Bool) {
        #expect(Oracle.isQuarantined(name) == quarantined)
    }
}
