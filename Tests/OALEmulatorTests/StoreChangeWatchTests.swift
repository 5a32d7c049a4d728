import Foundation
import Glibc
import OALTestSupport
import Testing

@testable import OALOracle
@testable import OALSystem

/// The oracle skips a store file no change names (`StoreChangeWatch`): every
/// change another process makes must be named, and whatever the kernel
/// cannot vouch for must read "anything may have changed".
@Suite struct StoreChangeWatchTests {
    /// `sh -c SCRIPT` in `directory`, as a process of its own, to the end.
    private static func shell(_ script: String, in directory: String) throws {
        let child = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "cd '\(directory)' && \(script)"])
        #expect(try child.wait() == .exited(0), "\(script)")
    }

    @Test func everyChangeAnotherProcessMakesIsNamed() throws {
        let root = try TemporaryDirectory.make(prefix: "oal-watch").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.shell("mkdir usage && echo '{}' > a.json && echo '{}' > b.json && echo x > usage/d.jsonl", in: root)
        let watch = StoreChangeWatch(roots: [root])
        #expect(watch.isWatching)
        #expect(watch.drain() == .only([]), "nothing changed yet")
        let cases: [(script: String, named: Set<String>)] = [
            ("printf y >> usage/d.jsonl", ["usage/d.jsonl"]),
            ("echo '{\"a\":1}' > a.json", ["a.json"]),
            ("truncate -s 1 b.json", ["b.json"]),
            ("chmod 000 a.json", ["a.json"]),
            ("echo '{}' > spare && mv spare b.json", ["spare", "b.json"]),
            ("rm a.json", ["a.json"]),
            ("echo '{}' > c.json", ["c.json"]),
            ("cat a.json b.json > /dev/null 2>&1; true", []),
        ]
        for (script, named) in cases {
            try Self.shell(script, in: root)
            #expect(watch.drain() == .only(Set(named.map { root + "/" + $0 })), "\(script)")
        }
        #expect(watch.covers(root + "/usage/d.jsonl") && watch.covers(root + "/b.json"))
        #expect(!watch.covers(root + "//b.json") && !watch.covers(root + "/elsewhere/b.json"))
    }

    @Test func aDirectoryComingOrGoingLeavesNothingVouchedFor() throws {
        let root = try TemporaryDirectory.make(prefix: "oal-watch").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watch = StoreChangeWatch(roots: [root])
        try Self.shell("mkdir usage && echo x > usage/d.jsonl", in: root)
        #expect(watch.drain() == .unknown, "a directory was created")
        // The new directory is watched from then on.
        #expect(watch.isWatching && watch.covers(root + "/usage/d.jsonl"))
        try Self.shell("printf y >> usage/d.jsonl", in: root)
        #expect(watch.drain() == .only([root + "/usage/d.jsonl"]))
        try Self.shell("rm -r usage", in: root)
        #expect(watch.drain() == .unknown, "a directory was removed")
        #expect(!watch.covers(root + "/usage/d.jsonl"))
        try Self.shell("rm -r '\(root)'", in: "/")
        #expect(watch.drain() == .unknown, "the root itself was removed")
        #expect(!watch.isWatching && !watch.covers(root + "/a.json"))
        #expect(watch.drain() == .unknown, "and nothing is vouched for while it is gone")
    }

    @Test func eventsAreReadAsTheKernelLaysThemOut() {
        // Two events: wd 3 IN_MODIFY "a.json" (name padded to 16 bytes),
        // then wd -1 IN_Q_OVERFLOW with no name.
        func event(_ wd: Int32, _ mask: UInt32, _ name: String, padded: Int) -> [UInt8] {
            var bytes =
                withUnsafeBytes(of: wd.littleEndian, Array.init) + withUnsafeBytes(of: mask.littleEndian, Array.init)
            bytes +=
                withUnsafeBytes(of: UInt32(0), Array.init)
                + withUnsafeBytes(of: UInt32(padded).littleEndian, Array.init)
            return bytes + Array(name.utf8) + [UInt8](repeating: 0, count: padded - name.utf8.count)
        }
        let bytes = event(3, UInt32(IN_MODIFY), "a.json", padded: 16) + event(-1, UInt32(IN_Q_OVERFLOW), "", padded: 0)
        #expect(
            Inotify.events(in: bytes[...]) == [
                Inotify.Event(watch: 3, events: .modify, name: "a.json"),
                Inotify.Event(watch: -1, events: .queueOverflow, name: ""),
            ])
    }
}
