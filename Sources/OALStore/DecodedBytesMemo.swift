import Foundation

/// Values decoded from files, reused while a file's bytes are the same:
/// `value(path:bytes:decode:)` calls `decode` only for bytes it has not
/// just decoded for that path and type, so the answer is always exactly
/// `decode(bytes)`.
public final class DecodedBytesMemo {
    public init() {}

    private struct Key: Hashable {
        var path: String
        var type: ObjectIdentifier
    }

    private var entries: [Key: (bytes: Data, value: Any)] = [:]

    public func value<T>(path: String, bytes: Data, decode: (Data) -> T) -> T {
        let key = Key(path: path, type: ObjectIdentifier(T.self))
        if let entry = entries[key], entry.bytes == bytes, let value = entry.value as? T { return value }
        let value = decode(bytes)
        entries[key] = (bytes, value)
        return value
    }
}
