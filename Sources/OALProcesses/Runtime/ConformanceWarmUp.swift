import Foundation
import OALDomain
import OALPlatform

/// The protocol conformances a forked callback's first lines look up, looked
/// up once in the fork server so every child finds them in the runtime's
/// cache.
///
/// Why: a generic type written in the code (`DocumentFile<ActivityRegistry>`,
/// a `[DayKey: …]` dictionary's storage) is made at its first use from its
/// mangled name, which checks the type's generic requirements by looking
/// the conformances up; a lookup not yet cached scans every image's
/// conformance records, a few hundred microseconds in these binaries. The
/// server's decoding never asks for them (its generic code is handed the
/// witness tables), so each child asked again and forgot with its exit:
/// about a tenth of a millisecond per callback, 3% of a forked month's CPU
/// (docs/PERFORMANCE.md). A cached answer is the one a lookup would give,
/// so nothing a callback does or sees changes.
enum ConformanceWarmUp {
    /// Looks each one up; returns how many hold (all of them, unless a type
    /// stopped conforming, which the callback would find the same way).
    @discardableResult
    static func run() -> Int {
        let hashable: [Any.Type] = [DayKey.self, UUID.self, String.self]
        return hashable.count(where: isHashable) + DeviceActivityCenter.documentTypes.count(where: isCodable)
    }

    // Unoptimised, so each cast is asked of the runtime and not answered
    // by the compiler, which knows these types.
    @_optimize(none)
    private static func isHashable(_ type: Any.Type) -> Bool { type is any Hashable.Type }

    @_optimize(none)
    private static func isCodable(_ type: Any.Type) -> Bool { type is any Codable.Type }
}
