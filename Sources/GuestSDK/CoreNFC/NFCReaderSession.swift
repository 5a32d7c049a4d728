import Foundation
import GuestRuntime

/// The abstract reader session
/// (https://developer.apple.com/documentation/corenfc/nfcreadersession-swift.class);
/// the app makes an `NFCTagReaderSession` or an `NFCNDEFReaderSession`.
///
/// The emulated device has no NFC reader. `readingAvailable` is false, and
/// a session that begins never becomes ready: it is invalidated at once,
/// the delegate told asynchronously on the session's queue with
/// `NFCReaderError(.readerErrorUnsupportedFeature)` ("The reader session
/// does not support this feature",
/// https://developer.apple.com/documentation/corenfc/nfcreadererror-swift.struct/readererrorunsupportedfeature).
/// No tag is ever detected, so what needs one (connect, read, write) stops
/// the process naming the call.
public class NFCReaderSession: @unchecked Sendable {
    /// Whether the device supports NFC tag reading: false
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersession-swift.class/readingavailable).
    public class var readingAvailable: Bool { false }

    /// The queue the delegate is called on: the one given, or a serial
    /// queue of the session's own when none was
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersession-swift.class/sessionqueue).
    public let sessionQueue: DispatchQueue

    enum State { case created, invalidated }

    private let lock = NSLock()
    private var message = ""
    private var state = State.created
    private var began = false

    init(queue: DispatchQueue?) {
        sessionQueue = queue ?? DispatchQueue(label: "CoreNFC.NFCReaderSession")
    }

    /// The text the system's scanning sheet shows
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersessionprotocol/alertmessage).
    /// Kept; no sheet is shown.
    public var alertMessage: String {
        get { lock.withLock { message } }
        set { lock.withLock { message = newValue } }
    }

    /// Whether the session has started and is ready: never, as it cannot
    /// start (https://developer.apple.com/documentation/corenfc/nfcreadersessionprotocol/isready).
    public var isReady: Bool { false }

    /// Starts the session
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersessionprotocol/begin()):
    /// with no reader, it is invalidated and the delegate told
    /// `readerErrorUnsupportedFeature` on `sessionQueue`. A session cannot
    /// be reused once invalidated
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersessionprotocol/invalidate()),
    /// so beginning one again stops the process.
    public func begin() {
        let first = lock.withLock {
            guard state == .created else { return false }
            state = .invalidated
            began = true
            return true
        }
        guard first else {
            GuestDevice.fail("\(type(of: self)).begin(): the session was invalidated and cannot be reused")
        }
        let error = NFCReaderError(.readerErrorUnsupportedFeature)
        sessionQueue.async { self.tellDelegate(invalidatedBy: error) }
    }

    /// Closes the session, which cannot be used again
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersessionprotocol/invalidate()).
    /// A session that began was already invalidated, and its delegate is
    /// told once.
    public func invalidate() { lock.withLock { state = .invalidated } }

    /// Closes the session, showing `errorMessage` on the sheet
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersessionprotocol/invalidate(errormessage:)).
    public func invalidate(errorMessage: String) { invalidate() }

    /// Calls the delegate's `didInvalidateWithError`; each subclass knows its delegate.
    func tellDelegate(invalidatedBy error: NFCReaderError) {}

    /// Whether `begin()` was called: for tests.
    package var hasBegun: Bool { lock.withLock { began } }
}

/// Holds a delegate weakly, as the sessions do
/// (https://developer.apple.com/documentation/corenfc/nfctagreadersession/init(configuration:delegate:queue:)-soy8:
/// "The session will hold a weak ARC reference").
struct WeakDelegate<Delegate> {
    private weak var object: AnyObject?

    init(_ delegate: Delegate) { object = delegate as AnyObject }

    var delegate: Delegate? { object as? Delegate }
}
