import CoreNFC
import Foundation
import Testing

/// CoreNFC on a device without an NFC reader (docs/PLATFORM.md, "What
/// Foqos's unit tests reach").
@Suite("CoreNFC stand-in")
struct CoreNFCStandInTests {
    /// A delegate as Foqos's `NFCScannerUtil` is one: of both sessions.
    final class Delegate: NSObject, NFCTagReaderSessionDelegate, NFCNDEFReaderSessionDelegate, @unchecked Sendable {
        let key: DispatchSpecificKey<String>
        private let lock = NSLock()
        private var waiting: CheckedContinuation<(any Error, String?), Never>?

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

        func tagReaderSession(_ session: NFCTagReaderSession, didInvalidateWithError error: any Error) { resume(error) }
        func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: any Error) { resume(error) }
        func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NFCNDEFMessage]) {}
    }

    /// https://developer.apple.com/documentation/corenfc/nfcreadersession-swift.class/readingavailable:
    /// "whether the device supports NFC tag reading": it does not.
    @Test func readingIsUnavailable() {
        #expect(!NFCReaderSession.readingAvailable)
        #expect(!NFCTagReaderSession.readingAvailable && !NFCNDEFReaderSession.readingAvailable)
    }

    /// https://developer.apple.com/documentation/corenfc/nfcreadererror-swift.struct/readererrorunsupportedfeature
    /// and .../nfctagreadersession/init(pollingoption:delegate:queue:) (the
    /// delegate is called on the queue given): a tag session that begins is
    /// invalidated, the delegate told `readerErrorUnsupportedFeature`.
    @Test func aTagSessionThatBeginsIsInvalidatedAsUnsupported() async throws {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "nfc-test")
        queue.setSpecific(key: key, value: "given")
        let delegate = Delegate(key: key)
        let session = try #require(
            NFCTagReaderSession(pollingOption: [.iso14443, .iso15693], delegate: delegate, queue: queue))
        session.alertMessage = "Hold your iPhone near an NFC tag"
        let (error, onQueue) = await delegate.invalidation { session.begin() }
        let readerError = try #require(error as? NFCReaderError)
        #expect(readerError.code == .readerErrorUnsupportedFeature)
        #expect(readerError.errorCode == 1 && NFCReaderError.errorDomain == "NFCError")
        #expect(onQueue == "given")
        #expect(!session.isReady && session.connectedTag == nil)
        #expect(session.alertMessage == "Hold your iPhone near an NFC tag")
    }

    /// The same for an NDEF session (Foqos's `writeURL`), with no queue:
    /// "When queue is nil, the session creates and uses a serial dispatch
    /// queue" (not the caller's).
    @Test func anNDEFSessionThatBeginsIsInvalidatedAsUnsupported() async throws {
        let key = DispatchSpecificKey<String>()
        let delegate = Delegate(key: key)
        let session = NFCNDEFReaderSession(delegate: delegate, queue: nil, invalidateAfterFirstRead: false)
        let (error, onQueue) = await delegate.invalidation { session.begin() }
        #expect((error as? NFCReaderError)?.code == .readerErrorUnsupportedFeature)
        #expect(onQueue == nil)
        #expect(session.hasBegun)
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
