import CoreNFC
import Foundation
import GuestRuntime
import Testing

/// CoreNFC on an iPhone that reads NFC (docs/PLATFORM.md, "What
/// Foqos's unit tests reach").
@Suite("CoreNFC stand-in", .serialized)
struct CoreNFCStandInTests {
    /// A delegate as Foqos's `NFCScannerUtil` is one: of both sessions.
    final class Delegate: NSObject, NFCTagReaderSessionDelegate, NFCNDEFReaderSessionDelegate, @unchecked Sendable {
        let key: DispatchSpecificKey<String>
        private let lock = NSLock()
        private var waiting: CheckedContinuation<(any Error, String?), Never>?
        private var detecting: CheckedContinuation<Void, Never>?
        private var tags: [NFCTag] = []
        var detected: [NFCTag] { lock.withLock { tags } }
        private var ndefDetecting: CheckedContinuation<Int, Never>?
        private(set) var activeOn: String?

        init(key: DispatchSpecificKey<String>) { self.key = key }

        func invalidation(begin: () -> Void) async -> (any Error, String?) {
            await withCheckedContinuation { continuation in
                lock.withLock { waiting = continuation }
                begin()
            }
        }

        private func resume(_ error: any Error) {
            let queue = DispatchQueue.getSpecific(key: key)
            lock.withLock {
                waiting?.resume(returning: (error, queue))
                waiting = nil
            }
        }

        func detection(begin: () -> Void) async {
            await withCheckedContinuation { continuation in
                lock.withLock { detecting = continuation }
                begin()
            }
        }

        func ndefDetection(begin: () -> Void) async -> Int {
            await withCheckedContinuation { continuation in
                lock.withLock { ndefDetecting = continuation }
                begin()
            }
        }

        func tagReaderSessionDidBecomeActive(_ session: NFCTagReaderSession) {
            let queue = DispatchQueue.getSpecific(key: key)
            lock.withLock { activeOn = queue }
        }

        func tagReaderSession(_ session: NFCTagReaderSession, didDetect tags: [NFCTag]) {
            lock.withLock {
                self.tags = tags
                detecting?.resume()
                detecting = nil
            }
        }

        func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [any NFCNDEFTag]) {
            lock.withLock {
                ndefDetecting?.resume(returning: tags.count)
                ndefDetecting = nil
            }
        }

        func tagReaderSession(_ session: NFCTagReaderSession, didInvalidateWithError error: any Error) { resume(error) }
        func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: any Error) { resume(error) }
        func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NFCNDEFMessage]) {}
    }

    /// https://developer.apple.com/documentation/corenfc/nfcreadersession-swift.class/readingavailable:
    /// "whether the device supports NFC tag reading": the emulated iPhone does.
    @Test func readingIsAvailable() {
        #expect(NFCReaderSession.readingAvailable)
        #expect(NFCTagReaderSession.readingAvailable && NFCNDEFReaderSession.readingAvailable)
    }

    /// .../nfctagreadersession/init(pollingoption:delegate:queue:) (the
    /// delegate is called on the queue given), .../connect(to:completionhandler:),
    /// .../nfcndeftag/readndef(completionhandler:): a session that begins
    /// becomes active and opens the device's reader; a tag held up is
    /// detected, connected to and read (a blank tag: no message,
    /// `ndefReaderSessionErrorZeroLengthMessage`); closed by the app, its
    /// delegate hears `readerSessionInvalidationErrorUserCanceled` and the
    /// reader is gone.
    @Test func aTagSessionThatBeginsDetectsTheTagHeldUp() async throws {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "nfc-test")
        queue.setSpecific(key: key, value: "given")
        let delegate = Delegate(key: key)
        let session = try #require(
            NFCTagReaderSession(pollingOption: [.iso14443, .iso15693], delegate: delegate, queue: queue))
        session.alertMessage = "Hold your iPhone near an NFC tag"
        #expect(!session.isReady)
        await delegate.detection {
            session.begin()
            DeviceReaders.shared.newest(.nfc)?.present("desk")
        }
        #expect(delegate.activeOn == "given")
        #expect(session.isReady && session.alertMessage == "Hold your iPhone near an NFC tag")
        guard case .miFare(let tag) = try #require(delegate.detected.first) else {
            Issue.record("a MIFARE tag is detected")
            return
        }
        #expect(tag.identifier == Data("desk".utf8))
        let connected: (any Error)? = await withCheckedContinuation { done in
            session.connect(to: .miFare(tag)) { done.resume(returning: $0) }
        }
        #expect(connected == nil && session.connectedTag != nil)
        let read: (NFCNDEFMessage?, (any Error)?) = await withCheckedContinuation { done in
            tag.readNDEF { done.resume(returning: ($0, $1)) }
        }
        #expect(read.0 == nil && (read.1 as? NFCReaderError)?.code == .ndefReaderSessionErrorZeroLengthMessage)
        let (error, onQueue) = await delegate.invalidation { session.invalidate() }
        #expect((error as? NFCReaderError)?.code == .readerSessionInvalidationErrorUserCanceled)
        #expect(onQueue == "given" && !session.isReady)
        let late: (any Error)? = await withCheckedContinuation { done in
            session.connect(to: .miFare(tag)) { done.resume(returning: $0) }
        }
        #expect((late as? NFCReaderError)?.code == .readerTransceiveErrorSessionInvalidated)
    }

    /// An NDEF session (Foqos's `writeURL`), with no queue: "When queue is
    /// nil, the session creates and uses a serial dispatch queue" (not the
    /// caller's); it is told the blank tag through `didDetect tags`.
    @Test func anNDEFSessionIsGivenTheTagHeldUp() async throws {
        let key = DispatchSpecificKey<String>()
        let delegate = Delegate(key: key)
        let session = NFCNDEFReaderSession(delegate: delegate, queue: nil, invalidateAfterFirstRead: false)
        let count = await delegate.ndefDetection {
            session.begin()
            DeviceReaders.shared.newest(.nfc)?.present("shelf")
        }
        #expect(count == 1 && session.hasBegun)
        session.invalidate()
    }

    /// https://developer.apple.com/documentation/corenfc/nfcndefpayload/wellknowntypeuripayload(url:)
    /// and .../wellknowntypeuripayload(): a URI record, abbreviated as the
    /// NFC Forum URI record type says (0x04 is `https://`), reads back as
    /// the URL; .../nfcndefmessage/length is its NDEF size.
    @Test func aURIRecordRoundTripsAndHasItsNDEFLength() throws {
        let url = try #require(URL(string: "https://foqos.app/profile/42"))
        let payload = try #require(NFCNDEFPayload.wellKnownTypeURIPayload(url: url))
        #expect(payload.typeNameFormat == .nfcWellKnown && payload.type == Data("U".utf8))
        #expect(payload.payload.first == 0x04)
        #expect(payload.payload.dropFirst() == Data("foqos.app/profile/42".utf8))
        #expect(payload.wellKnownTypeURIPayload() == url)
        let message = NFCNDEFMessage(records: [payload])
        // Header, type length, payload length, "U", then the payload.
        #expect(message.length == 3 + 1 + 1 + "foqos.app/profile/42".utf8.count)
        let unprefixed = try #require(NFCNDEFPayload.wellKnownTypeURIPayload(string: "foqos:42"))
        #expect(unprefixed.payload.first == 0x00 && unprefixed.wellKnownTypeURIPayload()?.absoluteString == "foqos:42")
        let text = NFCNDEFPayload(format: .media, type: Data("text/plain".utf8), identifier: Data(), payload: Data())
        #expect(text.wellKnownTypeURIPayload() == nil)
    }
}
