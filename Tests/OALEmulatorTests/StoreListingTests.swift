import Foundation
import Glibc
import OALSystem
import OALTestSupport
import Testing

/// The stores-parse check lists the App Group with `DirectoryWalk` instead
/// of `FileManager.enumerator`: the same entries, or the check would judge
/// other files (and count other checks) than it did.
@Suite struct StoreListingTests {
    @Test func theWalkListsWhatTheEnumeratorDoes() throws {
        let root = try TemporaryDirectory.make(prefix: "store-listing")
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        for directory in ["a/b", ".hidden", "real", "dir.json"] {
            try manager.createDirectory(at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        for file in ["x.json", ".y.json", "a/b/z.jsonl", ".hidden/q.json", "real/r.json", "dir.json/inner.json"] {
            try Data("{}".utf8).write(to: root.appendingPathComponent(file))
        }
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("link").path, withDestinationPath: "real")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("dangling.json").path, withDestinationPath: "/nonexistent")
        #expect(mkfifo(root.appendingPathComponent("fifo.json").path, 0o600) == 0)

        var expected: [String] = []
        let enumerator = try #require(manager.enumerator(atPath: root.path))
        while let relative = enumerator.nextObject() as? String { expected.append(relative) }
        #expect(DirectoryWalk.relativePaths(under: root.path).sorted() == expected.sorted())
        #expect(DirectoryWalk.relativePaths(under: root.appendingPathComponent("missing").path).isEmpty)
    }
}
