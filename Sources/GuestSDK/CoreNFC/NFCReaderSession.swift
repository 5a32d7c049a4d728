import Foundation
import GuestRuntime

/// The abstract reader session
/// (https://developer.apple.com/documentation/corenfc/nfcreadersession-swift.class);
/// the app makes an `NFCTagReaderSession` or an `NFCNDEFReaderSession`.
///
/// The emulated device is an iPhone that reads NFC: `readingAvailable` is
/// true, and a session that begins becomes active (its delegate told on
/// the session's queue) and opens the device's reader
/// (`DeviceReaders`, kind nfc). A scenario's `nfc scan TAG` while it is up
/// is detected by it (docs/PLATFORM.md, "NFC and codes"); each subclass
/// says what its delegate is then told. A session is good for 60 seconds
/// of the emulated clock: a tag held later finds it invalidated with
/// `readerSessionInvalidationErrorSessionTimeout`
/// (https://developer.apple.com/documentation/corenfc/nfcreadersession-swift.class:
/// "a 60-second time limit").
public class NFCReaderSession: @unchecked Sendable {
    /// Whether the device supports NFC tag reading: true, as every iPhone
    /// since the 7 (https://developer.apple.com/documentation/corenfc/nfcreadersession-swift.class/readingavailable).
    public class var readingAvailable: Bool { true }

    /// How long a session polls before iOS ends it.
    public static let timeLimit: TimeInterval = 60

    /// The queue the delegate is called on: the one given, or a serial
    /// queue of the session's own when none was
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersession-swift.class/sessionqueue).
    public let sessionQueue: DispatchQueue

    enum State { case created, active, invalidated }

    private let lock = NSLock()
    private var message = ""
    private var state = State.created
    private var began: Date?

    init(queue: DispatchQueue?) {
        sessionQueue = queue ?? DispatchQueue(label: "CoreNFC.NFCReaderSession")
    }

    /// The text the system's scanning sheet shows
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersessionprotocol/alertmessage).
    /// Kept; no sheet is drawn.
    public var alertMessage: String {
        get { lock.withLock { message } }
        set { lock.withLock { message = newValue } }
    }

    /// Whether the session has started and is polling
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersessionprotocol/isready).
    public var isReady: Bool { isOpen() }

    /// Starts the session
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersessionprotocol/begin()):
    /// it becomes active, the delegate told on `sessionQueue`, and the
    /// device's reader hands it the next tag held up. A session cannot be
    /// reused once invalidated
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersessionprotocol/invalidate()),
    /// so beginning one again stops the process, naming the call.
    public func begin() {
        let first = lock.withLock {
            guard state == .created else { return false }
            state = .active
            began = DeviceReaders.now()
            return true
        }
        guard first else {
            GuestDevice.fail("\(type(of: self)).begin(): the session was invalidated and cannot be reused")
        }
        DeviceReaders.shared.open(
            DeviceReaders.Reader(
                kind: .nfc, api: "\(type(of: self))", queue: sessionQueue,
                present: { [weak self] name in self?.hold(tagNamed: name) },
                isOpen: { [weak self] in self?.isOpen() ?? false }))
        sessionQueue.async { self.tellDelegateActive() }
    }

    /// Closes the session, which cannot be used again
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersessionprotocol/invalidate()).
    /// An active session's delegate is then told
    /// `readerSessionInvalidationErrorUserCanceled`, as iOS reports a
    /// session the app closed; a session never begun is closed silently.
    public func invalidate() {
        let wasActive = lock.withLock {
            defer { state = .invalidated }
            return state == .active
        }
        if wasActive { tell(NFCReaderError(.readerSessionInvalidationErrorUserCanceled)) }
    }

    /// Closes the session, showing `errorMessage` on the sheet
    /// (https://developer.apple.com/documentation/corenfc/nfcreadersessionprotocol/invalidate(errormessage:)).
    public func invalidate(errorMessage: String) { invalidate() }

    /// Whether the session is up: active and within its time limit. One
    /// found past it is invalidated here, its delegate told the timeout.
    func isOpen() -> Bool {
        let expired: Bool = lock.withLock {
            guard state == .active, let began else { return false }
            guard DeviceReaders.now().timeIntervalSince(began) > Self.timeLimit else { return false }
            state = .invalidated
            return true
        }
        if expired { tell(NFCReaderError(.readerSessionInvalidationErrorSessionTimeout)) }
        return lock.withLock { state == .active }
    }

    /// The tag held to the phone while the session is up: each subclass
    /// tells its delegate what it detected.
    func hold(tagNamed name: String) {
        guard isOpen() else { return }
        let tag = EmulatedTag(named: name, queue: sessionQueue)
        sessionQueue.async { self.tellDelegate(detected: tag) }
    }

    /// Whether `tag` can be talked to: the session is still up.
    func connectionError() -> NFCReaderError? {
        isOpen() ? nil : NFCReaderError(.readerTransceiveErrorSessionInvalidated)
    }

    private func tell(_ error: NFCReaderError) { sessionQueue.async { self.tellDelegate(invalidatedBy: error) } }

    /// Calls the delegate's `didInvalidateWithError`; each subclass knows its delegate.
    func tellDelegate(invalidatedBy error: NFCReaderError) {}
    /// Calls the delegate's `didBecomeActive`.
    func tellDelegateActive() {}
    /// Calls the delegate's `didDetect`.
    func tellDelegate(detected tag: EmulatedTag) {}

    /// Whether `begin()` was called: for tests.
    package var hasBegun: Bool { lock.withLock { began != nil } }
}

/// Holds a delegate weakly, as the sessions do
/// (https://developer.apple.com/documentation/corenfc/nfctagreadersession/init(configuration:delegate:queue:)-soy8:
/// "The session will hold a weak ARC reference").
struct WeakDelegate<Delegate> {
    private weak var object: AnyObject?

    init(_ delegate: Delegate) { object = delegate as AnyObject }

    var delegate: Delegate? { object as? Delegate }
}
