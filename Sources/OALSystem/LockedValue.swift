import Foundation

/// A value read and written under a lock, from any thread.
package final class LockedValue<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) { self.value = value }

    package func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.withLock { body(&value) }
    }
}
