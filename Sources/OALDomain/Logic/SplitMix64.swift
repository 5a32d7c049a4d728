/// The one seeded generator of the project: SplitMix64 (Steele, Lea and
/// Flood 2014), with its own range and element picks.
///
/// A seed names a run: the faults a swarm seed draws (`FaultMix`), the
/// workload of the simulation benchmark, the ids a replayed launch makes.
/// That promise holds only if every step from the seed to the value is
/// ours: the standard library's `Int.random(in:using:)`,
/// `randomElement(using:)`, `shuffled(using:)` and `Bool.random(using:)`
/// may change their algorithms in a future toolchain ("the algorithm is
/// an implementation detail"), so this type deliberately does not conform
/// to `RandomNumberGenerator` and none of them can be called with it.
///
/// The picks below are the algorithms the Swift 5/6 standard library used
/// when the project's seeds were first recorded (Lemire's nearly
/// divisionless bounded integer, arXiv:1805.10941; an element by
/// `int(in: 0..<count)`; a Bool from bit 17), written out here so they
/// never change: every seed draws today what it drew then, and the golden
/// tests (`SeededDrawTests`) pin the exact values.
public struct SplitMix64: Sendable, Hashable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `0..<bound` (bound > 0), without modulo bias: Lemire's
    /// multiply-high with rejection of the short low part.
    public mutating func next(upperBound bound: UInt64) -> UInt64 {
        precondition(bound != 0, "upperBound cannot be zero")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// Uniform in `range` (not empty).
    public mutating func int(in range: Range<Int>) -> Int {
        precondition(!range.isEmpty, "cannot pick from an empty range")
        let span = UInt64(truncatingIfNeeded: range.upperBound &- range.lowerBound)
        return Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: range.lowerBound) &+ next(upperBound: span))
    }

    /// Uniform in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        var span = UInt64(truncatingIfNeeded: range.upperBound &- range.lowerBound)
        if span == .max { return Int(truncatingIfNeeded: next()) }
        span += 1
        return Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: range.lowerBound) &+ next(upperBound: span))
    }

    /// A fair coin: bit 17 of the next value, clear for true.
    public mutating func bool() -> Bool {
        (next() >> 17) & 1 == 0
    }

    /// One element of `elements` (not empty), each equally likely.
    public mutating func element<C: Collection>(of elements: C) -> C.Element {
        precondition(!elements.isEmpty, "cannot pick from an empty collection")
        let offset = int(in: 0..<elements.count)
        return elements[elements.index(elements.startIndex, offsetBy: offset)]
    }

    /// `elements` in a random order (Fisher–Yates from the back, each
    /// swap partner drawn with `int(in:)`).
    public mutating func shuffled<C: Collection>(_ elements: C) -> [C.Element] {
        var result = Array(elements)
        guard result.count > 1 else { return result }
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(index, int(in: 0...index))
        }
        return result
    }
}
