import Foundation
import OALPlatform
import Testing

/// The foreground loop's hand-shake files (docs/PROCESSES.md): what one
/// side writes the other reads back, and the device reads an
/// acknowledgement in any of the shapes a loop may write.
@Suite struct ForegroundHandshakeTests {
    @Test func whatEachSideWritesTheOtherReadsBack() throws {
        let root = try PlatformFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let handshake = ForegroundHandshake(root: root)
        let state = ForegroundState(frontmost: "dev.bchen.OpenAppLock", session: 3, tick: "2026-11-30T09:00:30.000Z")
        try handshake.publish(state)
        let bytes = try #require(handshake.stateBytes())
        #expect(try JSONDecoder().decode(ForegroundState.self, from: bytes) == state)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"formatVersion":1,"frontmost":"dev.bchen.OpenAppLock","session":3,"tick":"2026-11-30T09:00:30.000Z"}"#
                + "\n")

        let ack = LoopAcknowledgement(pid: 4242, session: 3, refreshedAt: "2026-11-30T09:00:30.000Z")
        try handshake.acknowledge(ack)
        #expect(handshake.acknowledgement() == ack)
        #expect(handshake.acknowledgement()?.refreshed == Date(timeIntervalSince1970: 1_796_029_230))

        handshake.remove()
        #expect(handshake.stateBytes() == nil)
        #expect(handshake.acknowledgement() == nil)
    }

    @Test(arguments: [
        #"{"pid":7,"session":2,"refreshedAt":"2026-11-30T09:00:30.000Z"}"#,
        #"{"formatVersion":1,"document":{"pid":7,"session":2,"refreshedAt":1796029230}}"#,
    ])
    func anAcknowledgementIsReadInAnyShapeALoopWrites(text: String) throws {
        let ack = try #require(LoopAcknowledgement.lenient(Data(text.utf8)))
        #expect(ack.pid == 7)
        #expect(ack.session == 2)
        #expect(ack.refreshed == Date(timeIntervalSince1970: 1_796_029_230))
    }

    @Test func aPidAloneSaysTheLoopIsThereAndNotJSONIsNothing() {
        #expect(LoopAcknowledgement.lenient(Data(#"{"pid":9}"#.utf8))?.pid == 9)
        #expect(LoopAcknowledgement.lenient(Data("not json".utf8)) == nil)
    }
}
