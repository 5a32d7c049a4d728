import Foundation
import OALSystem
import Testing

/// `AtomicFile.replaceThroughSpare`: the device's own state files swap
/// names with a spare instead of renaming a new file over them.
@Suite struct SpareReplaceTests {
    private func text(_ path: String) -> String? {
        (try? FileSystem.readFile(path)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theTargetGetsTheNewBytesAndTheSpareKeepsTheOld() throws {
        try withTempDirectory { directory in
            let path = directory.appendingPathComponent("state.json").path
            let spare = AtomicFile.sparePath(of: path)
            // No target yet: an ordinary replace, no spare made.
            try AtomicFile.replaceThroughSpare(path, with: Array("first, long".utf8), durable: false)
            #expect(text(path) == "first, long")
            #expect(text(spare) == nil)
            try AtomicFile.replaceThroughSpare(path, with: Array("second".utf8), durable: false)
            #expect(text(path) == "second")
            #expect(text(spare) == "first, long")
            // Shorter than what the spare held: nothing of it is left over.
            try AtomicFile.replaceThroughSpare(path, with: Array("3".utf8), durable: true)
            #expect(text(path) == "3")
            #expect(text(spare) == "second")
            #expect(try FileSystem.status(path)?.permissions == .ownerReadWrite)
        }
    }

    @Test func aReaderThatOpenedTheOldFileReadsItWhole() throws {
        try withTempDirectory { directory in
            let path = directory.appendingPathComponent("state.json").path
            try AtomicFile.replace(path, with: Array("old bytes".utf8), durable: false)
            let reader = try FileDescriptor.open(path, .readOnly)
            defer { try? reader.close() }
            try AtomicFile.replaceThroughSpare(path, with: Array("new bytes!".utf8), durable: false)
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            #expect(String(decoding: buffer.prefix(count), as: UTF8.self) == "old bytes")
            #expect(text(path) == "new bytes!")
        }
    }

    @Test func aPlantedSpareIsNeverWrittenThrough() throws {
        try withTempDirectory { directory in
            let path = directory.appendingPathComponent("state.json").path
            let spare = AtomicFile.sparePath(of: path)
            let victim = directory.appendingPathComponent("victim").path
            try AtomicFile.replace(path, with: Array("v1".utf8), durable: false)
            try AtomicFile.replace(victim, with: Array("keep me".utf8), durable: false)

            // A link to another file: not followed.
            #expect(symlink(victim, spare) == 0)
            try AtomicFile.replaceThroughSpare(path, with: Array("v2".utf8), durable: false)
            #expect(text(path) == "v2")
            #expect(text(victim) == "keep me")

            // A second name of another file: removed, not written.
            try FileSystem.unlink(spare)
            try FileSystem.link(victim, to: spare)
            try AtomicFile.replaceThroughSpare(path, with: Array("v3".utf8), durable: false)
            #expect(text(path) == "v3")
            #expect(text(victim) == "keep me")
        }
    }
}
