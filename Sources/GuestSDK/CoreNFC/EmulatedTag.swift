import Foundation
import GuestRuntime

/// The tag a scenario's `nfc scan TAG` holds to the phone: a MIFARE
/// Ultralight-style sticker (ISO 14443) whose UID is the UTF-8 bytes of
/// its name, holding no NDEF message, as a blank sticker bought for an app
/// that keys on the tag's identity (docs/PLATFORM.md, "NFC and codes").
/// Its completion handlers run on the session's queue, as Core NFC calls
/// them.
final class EmulatedTag: NSObject, NFCMiFareTag, @unchecked Sendable {
    let identifier: Data
    /// The NDEF capacity an NTAG213 reports, in bytes.
    static let capacity = 137
    private let queue: DispatchQueue

    init(named name: String, queue: DispatchQueue) {
        identifier = Data(name.utf8)
        self.queue = queue
    }

    var isAvailable: Bool { true }

    /// A blank tag: read-write, with room for a short message.
    func queryNDEFStatus(completionHandler: @escaping (NFCNDEFStatus, Int, (any Error)?) -> Void) {
        nonisolated(unsafe) let completionHandler = completionHandler
        queue.async { completionHandler(.readWrite, Self.capacity, nil) }
    }

    /// No message on it: `ndefReaderSessionErrorZeroLengthMessage`
    /// (https://developer.apple.com/documentation/corenfc/nfcreadererror-swift.struct/code/ndefreadersessionerrorzerolengthmessage).
    func readNDEF(completionHandler: @escaping (NFCNDEFMessage?, (any Error)?) -> Void) {
        nonisolated(unsafe) let completionHandler = completionHandler
        queue.async { completionHandler(nil, NFCReaderError(.ndefReaderSessionErrorZeroLengthMessage)) }
    }

    /// Writing a tag is not emulated: the process stops naming the call
    /// rather than pretend the tag changed.
    func writeNDEF(_ ndefMessage: NFCNDEFMessage, completionHandler: @escaping ((any Error)?) -> Void) {
        GuestDevice.fail("NFCNDEFTag.writeNDEF(_:completionHandler:): writing a tag is not emulated")
    }

    /// The tag as a tag reader session reports it.
    var asTag: NFCTag { .miFare(self) }
}
