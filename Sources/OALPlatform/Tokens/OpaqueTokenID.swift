/// Derives the opaque id of a token from what it names.
///
/// iOS tokens are opaque so that apps cannot learn what the user selected;
/// the emulator keeps them opaque (a hash, not the bundle id) so that code
/// under test cannot cheat by parsing them either. FNV-1a keeps the ids
/// stable across runs and machines, which byte-for-byte replay needs.
enum OpaqueTokenID {
    static func make(kind: String, key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(kind):\(key)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\(kind)-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
