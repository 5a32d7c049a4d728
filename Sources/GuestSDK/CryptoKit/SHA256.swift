import Foundation
import OALSystem

/// CryptoKit's `SHA256`, the one hash the guest calls (its monitoring
/// fingerprint): OALSystem's FIPS 180-4 implementation, which
/// `SHA256Tests` pins to the standard's vectors.
public struct SHA256: Sendable {
    public static func hash<D: DataProtocol>(data: D) -> SHA256Digest {
        var hasher = SHA256Hasher()
        hasher.update(data)
        return SHA256Digest(bytes: hasher.finalize())
    }
}

/// The 32 bytes of a SHA-256 digest; a sequence of bytes, as CryptoKit's.
public struct SHA256Digest: Sequence, Hashable, Sendable {
    public let bytes: [UInt8]
    public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }
}
