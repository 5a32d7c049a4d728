import Foundation

/// `ObservableObject.objectWillChange`'s publisher. Apple: "A publisher
/// that emits before the object has changed." Subscribing (`sink`) is not
/// emulated, so nothing can be listening: `send()` reaches no one, exactly
/// as a Combine publisher with no subscribers delivers nothing.
public final class ObservableObjectPublisher: @unchecked Sendable {
    private let lock = NSLock()
    private var sent = 0

    public init() {}

    /// Announces a change to the object's subscribers (there are none here).
    public func send() { lock.withLock { sent += 1 } }

    /// How many changes were announced: for the stand-in's own tests.
    public var announcements: Int { lock.withLock { sent } }
}

extension ObservableObject {
    /// Apple synthesises one publisher per object; so does the stand-in,
    /// kept beside the object for its life.
    public var objectWillChange: ObservableObjectPublisher {
        let key = ObjectIdentifier(self)
        return ObservableObjectPublishers.shared.publisher(for: key, owner: self)
    }
}

/// One publisher per live object (an extension cannot add stored
/// properties to the guest's class). An entry goes when its owner does.
final class ObservableObjectPublishers: @unchecked Sendable {
    static let shared = ObservableObjectPublishers()
    private let lock = NSLock()
    private var table: [ObjectIdentifier: (owner: Weak, publisher: ObservableObjectPublisher)] = [:]

    struct Weak { weak var object: AnyObject? }

    func publisher(for key: ObjectIdentifier, owner: AnyObject) -> ObservableObjectPublisher {
        lock.withLock {
            if let entry = table[key], entry.owner.object === owner { return entry.publisher }
            table = table.filter { $0.value.owner.object != nil }
            let publisher = ObservableObjectPublisher()
            table[key] = (Weak(object: owner), publisher)
            return publisher
        }
    }
}
