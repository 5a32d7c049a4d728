import Foundation
import GuestRuntime

/// What an NDEF reader session's delegate is told
/// (https://developer.apple.com/documentation/corenfc/nfcndefreadersessiondelegate).
/// The two optional requirements of Apple's protocol have empty defaults.
public protocol NFCNDEFReaderSessionDelegate: NSObjectProtocol {
    func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: any Error)
    func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NFCNDEFMessage])
    func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [any NFCNDEFTag])
    func readerSessionDidBecomeActive(_ session: NFCNDEFReaderSession)
}

extension NFCNDEFReaderSessionDelegate {
    public func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [any NFCNDEFTag]) {}
    public func readerSessionDidBecomeActive(_ session: NFCNDEFReaderSession) {}
}

/// A session reading (and writing) NDEF tags
/// (https://developer.apple.com/documentation/corenfc/nfcndefreadersession).
/// See `NFCReaderSession` for what it does on the emulated device.
public final class NFCNDEFReaderSession: NFCReaderSession, @unchecked Sendable {
    /// Whether the session ends after the first tag read.
    public let invalidatesAfterFirstRead: Bool
    private let reference: WeakDelegate<any NFCNDEFReaderSessionDelegate>

    /// Creates a session
    /// (https://developer.apple.com/documentation/corenfc/nfcndefreadersession/init(delegate:queue:invalidateafterfirstread:)).
    public init(
        delegate: any NFCNDEFReaderSessionDelegate, queue: DispatchQueue?, invalidateAfterFirstRead: Bool
    ) {
        invalidatesAfterFirstRead = invalidateAfterFirstRead
        reference = WeakDelegate(delegate)
        super.init(queue: queue)
    }

    /// The delegate, held weakly.
    public var delegate: (any NFCNDEFReaderSessionDelegate)? { reference.delegate }

    /// Connects to a detected tag
    /// (https://developer.apple.com/documentation/corenfc/nfcndefreadersession/connect(to:completionhandler:)):
    /// the handler is called on the session's queue, with
    /// `readerTransceiveErrorSessionInvalidated` once the session is closed.
    public func connect(to tag: any NFCNDEFTag, completionHandler: @escaping (Error?) -> Void) {
        let error = connectionError()
        // Core NFC's handlers are not Sendable; the session's queue is where it calls them.
        nonisolated(unsafe) let completionHandler = completionHandler
        sessionQueue.async { completionHandler(error) }
    }

    override func tellDelegate(invalidatedBy error: NFCReaderError) {
        delegate?.readerSession(self, didInvalidateWithError: error)
    }

    override func tellDelegateActive() { delegate?.readerSessionDidBecomeActive(self) }

    /// The tag held up. A blank tag has no message to report through
    /// `didDetectNDEFs`; a delegate that takes tags is given it
    /// (`readerSession(_:didDetect:)`, iOS 13), one that does not hears
    /// nothing, as iOS keeps polling.
    override func tellDelegate(detected tag: EmulatedTag) {
        delegate?.readerSession(self, didDetect: [tag])
    }
}
