import Foundation
import OALEmulator
import OALExplore
import OALSystem
import Testing

/// The stores-parse check skips reading a file whose `stat` did not change
/// (`ParsedFile`), but never one that changed, nor one written so shortly
/// before it was read that a second write could hide in the same
/// timestamp.
@Suite struct ParsedFileTests {
    private func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parsed-\(UUID().uuidString).json")
            .path
        try Data("{\"a\":1}".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func record(_ path: String, readAt: Int64) throws -> ParsedFile {
        ParsedFile(
            bytes: try Data(contentsOf: URL(fileURLWithPath: path)), problem: nil,
            status: try FileSystem.status(path), readAt: readAt)
    }

    @Test func aFileReadRightAfterItsWriteIsReadAgain() throws {
        let path = try scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let parsed = try record(path, readAt: RealtimeClock.nanoseconds())
        #expect(!parsed.stillHolds(try #require(try FileSystem.status(path))))
    }

    @Test func aSettledFileIsTrustedUntilItChanges() throws {
        let path = try scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = try #require(try FileSystem.status(path))
        let settledRead = max(status.modifiedNanoseconds, status.changedNanoseconds) + 2 * ParsedFile.settled
        let parsed = try record(path, readAt: settledRead)
        #expect(parsed.stillHolds(status))

        // Appended to: another size.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(" ".utf8))
        try handle.close()
        #expect(!parsed.stillHolds(try #require(try FileSystem.status(path))))

        // Replaced by a rename, same bytes and size: another inode.
        let replacement = path + ".new"
        try Data("{\"a\":1}".utf8).write(to: URL(fileURLWithPath: replacement))
        try FileSystem.rename(replacement, to: path)
        #expect(!parsed.stillHolds(try #require(try FileSystem.status(path))))
    }
}
