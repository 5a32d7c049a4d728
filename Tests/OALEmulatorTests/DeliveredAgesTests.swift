import Foundation
import OALDomain
import Testing

@testable import OALEmulator

/// The engine prunes its delivered edges through `DeliveredAges`; whatever
/// keys come in, in whatever order, each prune drops exactly what
/// filtering the whole set by each key's start would, and keys without a
/// start stay.
@Suite struct DeliveredAgesTests {
    @Test(arguments: 1...25) func prunesExactlyWhatTheWholeFilterWould(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let base = Date(timeIntervalSince1970: 1_800_000_000)
        var set: Set<String> = []
        for index in 0..<Int(random.next(upperBound: 40)) {
            set.insert(Self.key(index, base.addingTimeInterval(Double(random.next(upperBound: 1_000)) * 60)))
        }
        set.insert("intervalDidStart|undated")
        var ages = DeliveredAges(set)
        var now = base
        for step in 0..<300 {
            if random.next(upperBound: 3) == 0 {
                now += Double(random.next(upperBound: 120)) * 60
                let horizon = now.addingTimeInterval(-600 * 60)
                let expected = set.filter { (BoundaryKey.intervalStart(of: $0) ?? now) <= horizon }
                let removed = ages.removeStarted(atOrBefore: horizon).map(\.key)
                #expect(Set(removed) == expected)
                #expect(removed.count == expected.count)
                set.subtract(removed)
                #expect(ages.holds(set))
            } else {
                // Some starts repeat, some lie before others already kept.
                let start = now.addingTimeInterval(Double(random.next(upperBound: 900)) * 60 - 400 * 60)
                let key = Self.key(
                    step + 100,
                    start.addingTimeInterval(-start.timeIntervalSince1970.truncatingRemainder(dividingBy: 300)))
                if set.insert(key).inserted { ages.added(key) }
            }
        }
        #expect(set.contains("intervalDidStart|undated"))
        let rest = ages.removeStarted(atOrBefore: .distantFuture).map(\.key)
        #expect(Set(rest) == set.subtracting(["intervalDidStart|undated"]))
    }

    private static func key(_ index: Int, _ start: Date) -> String {
        BoundaryKey.make(.intervalDidStart, activity: "rule-\(index % 7)", generation: index, intervalStart: start)
    }
}
