import Foundation
import GuestRuntime
import OALStore
import OALSystem

/// `NSFilePresenter`: declared so a guest's signatures compile. Presenters
/// are not emulated: handing one to the coordinator stops the process
/// naming the API (no presenter would ever be told of a change).
public protocol NSFilePresenter: AnyObject {
    var presentedItemURL: URL? { get }
    var presentedItemOperationQueue: OperationQueue { get }
}

/// `NSFileCoordinator`, which Foundation on Linux lacks (the prelude names
/// it so). A coordinated read or write runs its accessor on the calling
/// thread once no conflicting coordination of the same item is running in
/// any process of the device: reads share, writes exclude both
/// (`ItemCoordination`, real `flock(2)` locks under
/// `<root>/system/file-coordination`). Apple documents the accessor as
/// called synchronously, before the method returns, with the URL to use,
/// and not at all when coordination fails, with the error in `outError`.
/// Stated model (docs/PLATFORM.md, "Foundation"): an item's ancestors and
/// descendants are not coordinated with it, and presenters are refused.
open class GuestFileCoordinator: @unchecked Sendable {
    public struct ReadingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let withoutChanges = ReadingOptions(rawValue: 1 << 0)
        public static let forUploading = ReadingOptions(rawValue: 1 << 3)
    }

    public struct WritingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let forDeleting = WritingOptions(rawValue: 1 << 0)
        public static let forMoving = WritingOptions(rawValue: 1 << 1)
        public static let forMerging = WritingOptions(rawValue: 1 << 2)
        public static let forReplacing = WritingOptions(rawValue: 1 << 3)
        public static let contentIndependentMetadataOnly = WritingOptions(rawValue: 1 << 4)
    }

    public init(filePresenter: (any NSFilePresenter)? = nil) {
        if filePresenter != nil {
            GuestDevice.fail(
                "NSFileCoordinator(filePresenter:) with a presenter: NSFilePresenter is not emulated (pass nil)")
        }
    }

    public class func addFilePresenter(_ presenter: any NSFilePresenter) {
        GuestDevice.fail("NSFileCoordinator.addFilePresenter(_:): NSFilePresenter is not emulated")
    }

    public class func removeFilePresenter(_ presenter: any NSFilePresenter) {
        GuestDevice.fail("NSFileCoordinator.removeFilePresenter(_:): NSFilePresenter is not emulated")
    }

    public func coordinate(
        readingItemAt url: URL, options: ReadingOptions = [], error outError: UnsafeMutablePointer<NSError?>?,
        byAccessor reader: (URL) -> Void
    ) {
        coordinate(url, .shared, error: outError, reader)
    }

    public func coordinate(
        writingItemAt url: URL, options: WritingOptions = [], error outError: UnsafeMutablePointer<NSError?>?,
        byAccessor writer: (URL) -> Void
    ) {
        coordinate(url, .exclusive, error: outError, writer)
    }

    /// A read of one item and a write of another, both held for the
    /// accessor. Locks are taken in path order, so two coordinations of the
    /// same pair never wait on each other crosswise.
    public func coordinate(
        readingItemAt readingURL: URL, options readingOptions: ReadingOptions = [], writingItemAt writingURL: URL,
        options writingOptions: WritingOptions = [], error outError: UnsafeMutablePointer<NSError?>?,
        byAccessor readerWriter: (URL, URL) -> Void
    ) {
        coordinatePair((readingURL, .shared), (writingURL, .exclusive), error: outError, readerWriter)
    }

    /// Two writes (a move, a replace), both held for the accessor.
    public func coordinate(
        writingItemAt url1: URL, options options1: WritingOptions = [], writingItemAt url2: URL,
        options options2: WritingOptions = [], error outError: UnsafeMutablePointer<NSError?>?,
        byAccessor writer: (URL, URL) -> Void
    ) {
        coordinatePair((url1, .exclusive), (url2, .exclusive), error: outError, writer)
    }

    /// Apple's `cancel()` interrupts a coordination still waiting in
    /// another thread; here a waiting one cannot be interrupted.
    public func cancel() {
        GuestDevice.fail("NSFileCoordinator.cancel(): interrupting a waiting coordination is not emulated")
    }

    private func coordinate(
        _ url: URL, _ mode: LockMode, error outError: UnsafeMutablePointer<NSError?>?, _ accessor: (URL) -> Void
    ) {
        do {
            try Self.coordination.withAccess(to: Self.key(url), mode) { accessor(url) }
        } catch {
            outError?.pointee = Self.nsError(error, url: url)
        }
    }

    private func coordinatePair(
        _ first: (URL, LockMode), _ second: (URL, LockMode), error outError: UnsafeMutablePointer<NSError?>?,
        _ accessor: (URL, URL) -> Void
    ) {
        let ordered = [first, second].sorted { Self.key($0.0) < Self.key($1.0) }
        do {
            if Self.key(first.0) == Self.key(second.0) {
                let mode: LockMode = first.1 == .exclusive || second.1 == .exclusive ? .exclusive : .shared
                try Self.coordination.withAccess(to: Self.key(first.0), mode) { accessor(first.0, second.0) }
                return
            }
            try Self.coordination.withAccess(to: Self.key(ordered[0].0), ordered[0].1) {
                try Self.coordination.withAccess(to: Self.key(ordered[1].0), ordered[1].1) {
                    accessor(first.0, second.0)
                }
            }
        } catch {
            outError?.pointee = Self.nsError(error, url: first.0)
        }
    }

    /// The device's coordination locks.
    static var coordination: ItemCoordination {
        ItemCoordination(
            directory: GuestDevice.context.root.system.appendingPathComponent("file-coordination", isDirectory: true))
    }

    static func key(_ url: URL) -> String { url.standardizedFileURL.path }

    /// A lock that could not be taken (a full disk, an unreadable lock
    /// directory) as Apple reports a failed coordination: a Cocoa error
    /// naming the item, the cause underneath.
    static func nsError(_ error: any Error, url: URL) -> NSError {
        NSError(
            domain: NSCocoaErrorDomain, code: CocoaError.Code.fileLocking.rawValue,
            userInfo: [
                NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: error as NSError,
                NSLocalizedDescriptionKey: "file coordination failed for \(url.path): \(error)",
            ])
    }
}
