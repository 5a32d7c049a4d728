import Foundation

// Combine as an app's logic uses it with Swift concurrency: `@Published`
// properties and a publisher's `values`. Subscribing with `sink` or
// `assign` and the operators are not emulated: a file that uses them does
// not compile and is left out of the guest build with that error.

/// A property that publishes every new value.
@propertyWrapper
public struct Published<Value: Sendable>: @unchecked Sendable {
    private let box: Box

    public init(wrappedValue: Value) { box = Box(wrappedValue) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.send(newValue) }
    }

    public var projectedValue: Publisher { Publisher { [box] in box.stream() } }

    /// `$property`: its values over time.
    public struct Publisher: Sendable {
        private let makeStream: @Sendable () -> AsyncStream<Value>

        public init(_ makeStream: @escaping @Sendable () -> AsyncStream<Value>) { self.makeStream = makeStream }

        /// The current value at once, then every new one, as Combine's
        /// `values` delivers a `Published` publisher's.
        public var values: AsyncStream<Value> { makeStream() }
    }

    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var current: Value
        private var listeners: [UUID: AsyncStream<Value>.Continuation] = [:]

        init(_ value: Value) { current = value }

        var value: Value { lock.withLock { current } }

        func send(_ value: Value) {
            let listeners = lock.withLock {
                current = value
                return Array(self.listeners.values)
            }
            for listener in listeners { listener.yield(value) }
        }

        func stream() -> AsyncStream<Value> {
            AsyncStream { continuation in
                let id = UUID()
                let value = lock.withLock {
                    listeners[id] = continuation
                    return current
                }
                continuation.yield(value)
                continuation.onTermination = { [weak self] _ in
                    _ = self?.lock.withLock { self?.listeners.removeValue(forKey: id) }
                }
            }
        }
    }
}

/// A class whose `@Published` properties announce their changes.
public protocol ObservableObject: AnyObject {}
