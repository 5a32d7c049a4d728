import Foundation

/// The readers an app has open on the emulated device: an NFC reader
/// session that began (its sheet up), a code scanner on its screen. A tag
/// or a code the person holds to the phone goes to the newest open one of
/// its kind, in the app's process, as iOS hands it to the app whose reader
/// is up instead of to background tag reading or the Camera
/// (docs/PLATFORM.md, "NFC and codes").
///
/// The stand-ins open and close readers (CoreNFC's sessions, CodeScanner's
/// view once shown); the harness presents what a scenario's `nfc scan` or
/// `qr scan` step holds up. Process-wide, as the device's reader is.
public final class DeviceReaders: @unchecked Sendable {
    public static let shared = DeviceReaders()

    /// What a reader reads.
    public enum Kind: String, Sendable {
        case nfc
        case camera
    }

    /// One open reader.
    public struct Reader: Sendable {
        public let kind: Kind
        /// The API that opened it, for what the device traces
        /// (`NFCTagReaderSession`, `CodeScannerView`).
        public let api: String
        /// The queue the app's code is told on; the harness waits for it
        /// to drain after presenting.
        public let queue: DispatchQueue
        /// Hands the tag's name or the code's text to the app's code.
        public let present: @Sendable (String) -> Void
        /// False once the app closed it (or it closed itself).
        public let isOpen: @Sendable () -> Bool

        public init(
            kind: Kind, api: String, queue: DispatchQueue, present: @escaping @Sendable (String) -> Void,
            isOpen: @escaping @Sendable () -> Bool
        ) {
            self.kind = kind
            self.api = api
            self.queue = queue
            self.present = present
            self.isOpen = isOpen
        }
    }

    private let lock = NSLock()
    private var readers: [Reader] = []

    public init() {}

    /// Opens `reader`; it stays listed until it says it is closed.
    public func open(_ reader: Reader) {
        lock.withLock {
            readers.removeAll { !$0.isOpen() }
            readers.append(reader)
        }
    }

    /// The newest reader of `kind` still open; nil when the app has none up.
    public func newest(_ kind: Kind) -> Reader? {
        lock.withLock {
            readers.removeAll { !$0.isOpen() }
            return readers.last { $0.kind == kind }
        }
    }

    /// The emulated instant, or the host's outside the device (a guest's
    /// unit tests): what a reader's time limit is counted on.
    public static func now() -> Date { GuestDevice.isInstalled ? GuestClock.now() : Date() }
}
