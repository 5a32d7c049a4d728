import Foundation
import GuestRuntime
import OALPlatform

/// Hands a tag or code held to the phone to the reader the app has up
/// (`DeviceReaders`), then lets the app's code run to rest: the reader's
/// queue and the main queue are turned until the reader closes (Core NFC
/// and the scanner tell the app asynchronously, and apps finish on the main
/// queue), or for a bounded number of turns when it stays open.
public enum ReaderDelivery {
    /// Turns of the two queues a delivery is given to settle.
    static let turns = 50

    /// The reader's API when one of `held`'s kind was up; nil when none.
    @MainActor public static func present(_ held: HeldUp) async -> String? {
        guard let kind = DeviceReaders.Kind(rawValue: held.reader),
            let reader = DeviceReaders.shared.newest(kind)
        else { return nil }
        reader.present(held.value)
        var afterClose = 3
        for _ in 0..<turns {
            await withCheckedContinuation { (turned: CheckedContinuation<Void, Never>) in
                reader.queue.async { turned.resume() }
            }
            await Task.yield()
            if !reader.isOpen() {
                afterClose -= 1
                if afterClose == 0 { break }
            }
        }
        return reader.api
    }
}
