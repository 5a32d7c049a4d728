import Foundation
import OALStore
import OALSystem
import Testing

/// A process skips decoding bytes it decoded before (`DecodedDocumentMemo`),
/// but never answers from memory what the file no longer holds.
@Suite struct DecodedDocumentMemoTests {
    @Test func everyChangeToTheBytesIsReadAfreshAndDamageIsStillSeen() throws {
        try withContainer { container in
            // Two stores on one file stand for two processes.
            let reader = try RuleSnapshotStore(container: container)
            let writer = try RuleSnapshotStore(container: container)
            let study = sampleRule(name: "Study")
            try writer.replaceAll([study])
            #expect(try reader.file.read()?.rules == [study])
            #expect(try reader.file.read()?.rules == [study])
            let original = bytes(reader.file.path)!

            // Same length, one byte different: a new decode.
            let renamed = sampleRule(study.id, name: "Stady")
            try writer.replaceAll([renamed])
            #expect(bytes(reader.file.path)!.count == original.count)
            #expect(try reader.file.read()?.rules == [renamed])

            // Damage is reported and quarantined, not masked by the memo.
            try write(String(decoding: original.dropLast(9), as: UTF8.self), to: reader.file.path)
            #expect(throws: StoreError.self) { try reader.file.read() }
            #expect(try reader.file.read() == nil)

            // The first bytes again: the first document again.
            try write(String(decoding: original, as: UTF8.self), to: reader.file.path)
            #expect(try reader.file.read()?.rules == [study])
        }
    }

    @Test func aRemovedFileIsAbsentAndANewerFormatIsRefused() throws {
        try withContainer { container in
            let store = try RuleSnapshotStore(container: container)
            try store.replaceAll([sampleRule()])
            #expect(try store.file.read() != nil)
            try FileSystem.unlink(store.file.path)
            #expect(try store.file.read() == nil)
            try store.replaceAll([sampleRule()])
            let text = String(decoding: bytes(store.file.path)!, as: UTF8.self)
            try write(
                text.replacingOccurrences(of: "\"formatVersion\" : 1", with: "\"formatVersion\" : 99"),
                to: store.file.path)
            #expect(throws: StoreError.self) { try store.file.read() }
        }
    }
}
