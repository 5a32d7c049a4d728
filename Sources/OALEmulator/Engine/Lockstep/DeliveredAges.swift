import Foundation

/// The delivered edges' keys (`DeviceState.delivered`) in order of the
/// interval start each records, so that dropping the ones older than the
/// engine's horizon takes just those keys. Filtering the whole set parsed
/// every key's start each time one aged out, a few hundred keys, several
/// thousand times a month.
///
/// It mirrors the set only while the set changes through it; `holds`
/// tells whether it still does (the set's count is the one it expects),
/// and the engine builds a new one when not. Keys that record no start are
/// never dropped, as before, and are not kept here.
struct DeliveredAges {
    /// How many keys the mirrored set holds, dated or not.
    private(set) var count: Int
    /// The dated keys, earliest start first (ties in insertion order).
    private var dated: [(start: Date, key: String)]

    init(_ keys: Set<String>) {
        count = keys.count
        dated = keys.compactMap { key in BoundaryKey.intervalStart(of: key).map { ($0, key) } }
        dated.sort { $0.start < $1.start }
    }

    /// Whether this still mirrors `keys` (changed only through it since).
    func holds(_ keys: Set<String>) -> Bool { count == keys.count }

    /// `key` was added to the set.
    mutating func added(_ key: String) {
        count += 1
        guard let start = BoundaryKey.intervalStart(of: key) else { return }
        // After every key with a start at or before this one.
        var low = 0
        var high = dated.count
        while low < high {
            let middle = (low + high) / 2
            if dated[middle].start <= start { low = middle + 1 } else { high = middle }
        }
        dated.insert((start, key), at: low)
    }

    /// Removes and returns the keys whose interval started at or before
    /// `horizon`; the caller removes them from the set.
    mutating func removeStarted(atOrBefore horizon: Date) -> ArraySlice<(start: Date, key: String)> {
        let end = dated.firstIndex { $0.start > horizon } ?? dated.count
        guard end > 0 else { return [] }
        let removed = dated[..<end]
        dated.removeFirst(end)
        count -= end
        return removed
    }
}
