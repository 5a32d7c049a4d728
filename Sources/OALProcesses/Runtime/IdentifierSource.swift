import Foundation
import OALDomain
import OALSystem

/// New rule and list ids. Under the emulated OS every launch carries
/// `OAL_SEED` and `OAL_LAUNCH_ID`; ids are then derived from those two and a
/// counter, so replaying a run with the same seed creates the same ids and
/// the trace stays byte-identical. Outside it (a person at a shell) they are
/// random, as on a device.
public final class IdentifierSource: @unchecked Sendable {
    public static let seedVariable = "OAL_SEED"

    private let lock = NSLock()
    private var generator: SplitMix64?

    /// From this process's `OAL_SEED` and `OAL_LAUNCH_ID`.
    public convenience init() {
        self.init(variable: ProcessEnvironment.value)
    }

    public convenience init(environment: [String: String]) {
        self.init { environment[$0] }
    }

    private init(variable: (String) -> String?) {
        guard let seed = variable(Self.seedVariable).flatMap(UInt64.init),
            let launch = variable("OAL_LAUNCH_ID").flatMap(UInt64.init)
        else { return }
        generator = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ launch &* 0xC2B2_AE3D_27D4_EB4F)
    }

    public func next() -> UUID {
        lock.withLock {
            guard generator != nil else { return UUID() }
            var bytes = [UInt8]()
            for _ in 0..<2 {
                let word = generator!.next()
                for shift in stride(from: 0, to: 64, by: 8) {
                    bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
                }
            }
            // Version 4, RFC 4122 variant: indistinguishable in form from a
            // random id.
            bytes[6] = (bytes[6] & 0x0F) | 0x40
            bytes[8] = (bytes[8] & 0x3F) | 0x80
            return UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        }
    }
}
