import Foundation
import OALSystem

/// A build's identity: the SHA-256 of everything that decides what the
/// compiler produces (each input file's path and bytes, the flags, the
/// compiler's version, the SDK it links against). Two builds with one key
/// are the same build; a changed byte anywhere is another key, so a cached
/// build can never stand in for other sources.
public struct ContentKey: Hashable, Sendable, CustomStringConvertible {
    public let hex: String

    public var description: String { hex }
    /// The first 16 hex digits: what directory names show.
    public var short: String { String(hex.prefix(16)) }

    public init(hex: String) { self.hex = hex }

    /// Accumulates the parts of a key, each length-prefixed so that no two
    /// different part lists hash the same bytes.
    public struct Builder: Sendable {
        private var hasher = SHA256Hasher()

        public init(_ purpose: String) { add(purpose) }

        public mutating func add(_ text: String) { add(Array(text.utf8)) }

        public mutating func add(_ bytes: [UInt8]) {
            hasher.update(Array("\(bytes.count):".utf8))
            hasher.update(bytes)
        }

        /// A file's path and its contents.
        public mutating func addFile(_ label: String, contents: [UInt8]) {
            add(label)
            add(contents)
        }

        public func finish() -> ContentKey { ContentKey(hex: hasher.hexDigest()) }
    }
}
