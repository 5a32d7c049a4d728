import Foundation
import GuestFoundation
import GuestRuntime
import OALPlatform
import Testing

/// `NSFileCoordinator` (GuestFileCoordinator), as Apple documents it:
/// https://developer.apple.com/documentation/foundation/nsfilecoordinator/coordinate(writingitemat:options:error:byaccessor:)
/// ("If other objects or processes are acting on the item at the URL", the
/// writer waits; the accessor runs on the calling thread before the method
/// returns; on an error it is not called and `outError` says why). Across
/// processes: `ItemCoordinationTests` (OALStoreTests). In the serialized
/// SwiftData suite: the guest device installed here is one per process.
extension SwiftDataTests {
    /// Runs `body` on a thread of its own; the returned semaphore is
    /// signalled when it ends.
    func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done
    }

    @Test func aCoordinatedWriteWaitsForTheWriteBeforeIt() throws {
        let base = try Self.installDevice("coordinator-write")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        let item = base.appendingPathComponent("appgroup/counter.json")
        let inside = DispatchSemaphore(value: 0)
        let order = OrderLog()
        let first = onThread {
            var error: NSError?
            GuestFileCoordinator(filePresenter: nil).coordinate(
                writingItemAt: item, options: .forMerging, error: &error
            ) { _ in
                inside.signal()
                usleep(150_000)
                order.append("first ends")
            }
        }
        inside.wait()
        var error: NSError?
        var seen: URL?
        GuestFileCoordinator(filePresenter: nil).coordinate(writingItemAt: item, options: .forMerging, error: &error) {
            url in
            order.append("second runs")
            seen = url
        }
        first.wait()
        #expect(error == nil)
        #expect(seen == item)
        #expect(order.entries == ["first ends", "second runs"])
    }

    @Test func coordinatedReadsShareAndAWriteWaitsForThem() throws {
        let base = try Self.installDevice("coordinator-read")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        let item = base.appendingPathComponent("appgroup/state.json")
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let order = OrderLog()
        let reader = onThread {
            var error: NSError?
            GuestFileCoordinator().coordinate(readingItemAt: item, error: &error) { _ in
                inside.signal()
                // Held until the second read has run: reads share.
                _ = release.wait(timeout: .now() + 5)
                order.append("first read ends")
            }
        }
        inside.wait()
        var error: NSError?
        GuestFileCoordinator().coordinate(readingItemAt: item, error: &error) { _ in order.append("second read runs") }
        release.signal()
        reader.wait()
        #expect(order.entries == ["second read runs", "first read ends"])

        // A write waits for a read in progress.
        let writerOrder = OrderLog()
        let held = onThread {
            var error: NSError?
            GuestFileCoordinator().coordinate(readingItemAt: item, error: &error) { _ in
                inside.signal()
                usleep(150_000)
                writerOrder.append("read ends")
            }
        }
        inside.wait()
        GuestFileCoordinator().coordinate(writingItemAt: item, error: &error) { _ in writerOrder.append("write runs") }
        held.wait()
        #expect(writerOrder.entries == ["read ends", "write runs"])
    }

    /// The locks live on the device, never beside the item: a guest that
    /// lists its own folder sees only its files.
    @Test func coordinationLeavesTheItemsFolderAsItWas() throws {
        let base = try Self.installDevice("coordinator-folder")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        let folder = base.appendingPathComponent("appgroup/Library/Application Support/AppIntervention")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let item = folder.appendingPathComponent("passes.json")
        var error: NSError?
        GuestFileCoordinator().coordinate(writingItemAt: item, options: .forReplacing, error: &error) { url in
            try? Data("[]".utf8).write(to: url, options: .atomic)
        }
        #expect(error == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["passes.json"])
        let locks = try FileManager.default.contentsOfDirectory(
            atPath: base.appendingPathComponent("system/file-coordination").path)
        #expect(locks.count == 1 && locks[0].hasSuffix(".lock"))
    }

    /// A coordination that cannot take its lock does not run the accessor
    /// and says why in `outError`, a Cocoa error naming the item.
    @Test func aCoordinationThatFailsRunsNoAccessorAndSaysWhy() throws {
        let base = try Self.installDevice("coordinator-error")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        // The lock directory's place is taken by a file.
        try Data().write(to: base.appendingPathComponent("system/file-coordination"))
        let item = base.appendingPathComponent("appgroup/passes.json")
        var error: NSError?
        var ran = false
        GuestFileCoordinator().coordinate(writingItemAt: item, options: .forMerging, error: &error) { _ in ran = true }
        #expect(!ran)
        #expect(error?.domain == NSCocoaErrorDomain)
        #expect(error?.code == CocoaError.Code.fileLocking.rawValue)
        #expect((error?.userInfo[NSFilePathErrorKey] as? String) == item.path)
    }

    /// Apple's raw values (NSFileCoordinatorWritingOptions in the SDK
    /// headers): a guest that stores or combines them sees the same bits.
    @Test func theOptionsHaveApplesRawValues() {
        #expect(GuestFileCoordinator.WritingOptions.forDeleting.rawValue == 1)
        #expect(GuestFileCoordinator.WritingOptions.forMoving.rawValue == 2)
        #expect(GuestFileCoordinator.WritingOptions.forMerging.rawValue == 4)
        #expect(GuestFileCoordinator.WritingOptions.forReplacing.rawValue == 8)
        #expect(GuestFileCoordinator.WritingOptions.contentIndependentMetadataOnly.rawValue == 16)
        #expect(GuestFileCoordinator.ReadingOptions.withoutChanges.rawValue == 1)
        #expect(GuestFileCoordinator.ReadingOptions.forUploading.rawValue == 8)
    }
}

/// What the threads did, in order.
final class OrderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func append(_ entry: String) { lock.withLock { list.append(entry) } }
    var entries: [String] { lock.withLock { list } }
}
