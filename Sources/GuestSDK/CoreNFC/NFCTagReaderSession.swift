import Foundation
import GuestRuntime

/// What a tag reader session's delegate is told
/// (https://developer.apple.com/documentation/corenfc/nfctagreadersessiondelegate).
/// The two optional requirements of Apple's protocol have empty defaults,
/// as an Objective-C optional method left out is simply not called.
public protocol NFCTagReaderSessionDelegate: NSObjectProtocol {
    func tagReaderSessionDidBecomeActive(_ session: NFCTagReaderSession)
    func tagReaderSession(_ session: NFCTagReaderSession, didInvalidateWithError error: any Error)
    func tagReaderSession(_ session: NFCTagReaderSession, didDetect tags: [NFCTag])
}

extension NFCTagReaderSessionDelegate {
    public func tagReaderSessionDidBecomeActive(_ session: NFCTagReaderSession) {}
    public func tagReaderSession(_ session: NFCTagReaderSession, didDetect tags: [NFCTag]) {}
}

/// A session reading ISO 7816, ISO 15693, FeliCa and MIFARE tags
/// (https://developer.apple.com/documentation/corenfc/nfctagreadersession).
/// See `NFCReaderSession` for what it does on the emulated device.
public final class NFCTagReaderSession: NFCReaderSession, @unchecked Sendable {
    /// The kinds of tag to poll for
    /// (https://developer.apple.com/documentation/corenfc/nfctagreadersession/pollingoption).
    public struct PollingOption: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let iso14443 = PollingOption(rawValue: 1 << 0)
        public static let iso15693 = PollingOption(rawValue: 1 << 1)
    }

    /// The tags it polls for.
    public let pollingOption: PollingOption
    private let reference: WeakDelegate<any NFCTagReaderSessionDelegate>

    /// Creates a session
    /// (https://developer.apple.com/documentation/corenfc/nfctagreadersession/init(pollingoption:delegate:queue:)).
    /// Apple's initializer is failable without saying when it fails; the
    /// emulated one always makes the session.
    public init?(pollingOption: PollingOption, delegate: any NFCTagReaderSessionDelegate, queue: DispatchQueue? = nil) {
        self.pollingOption = pollingOption
        reference = WeakDelegate(delegate)
        super.init(queue: queue)
    }

    /// The delegate, held weakly.
    public var delegate: (any NFCTagReaderSessionDelegate)? { reference.delegate }

    /// The tag the session is connected to
    /// (https://developer.apple.com/documentation/corenfc/nfctagreadersession/connectedtag).
    public var connectedTag: NFCTag? { lock.withLock { connected } }

    private let lock = NSLock()
    private var connected: NFCTag?

    /// Connects to a detected tag
    /// (https://developer.apple.com/documentation/corenfc/nfctagreadersession/connect(to:completionhandler:)):
    /// the handler is called on the session's queue, with
    /// `readerTransceiveErrorSessionInvalidated` once the session is closed.
    public func connect(to tag: NFCTag, completionHandler: @escaping (Error?) -> Void) {
        let error = connectionError()
        if error == nil { lock.withLock { connected = tag } }
        // Core NFC's handlers are not Sendable; the session's queue is where it calls them.
        nonisolated(unsafe) let completionHandler = completionHandler
        sessionQueue.async { completionHandler(error) }
    }

    override func tellDelegate(invalidatedBy error: NFCReaderError) {
        delegate?.tagReaderSession(self, didInvalidateWithError: error)
    }

    override func tellDelegateActive() { delegate?.tagReaderSessionDidBecomeActive(self) }

    /// `tagReaderSession(_:didDetect:)` with the tag held up, when the
    /// session polls for ISO 14443 (a MIFARE tag's kind).
    override func tellDelegate(detected tag: EmulatedTag) {
        guard pollingOption.contains(.iso14443) else { return }
        delegate?.tagReaderSession(self, didDetect: [tag.asTag])
    }
}
