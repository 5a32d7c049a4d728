import Foundation

/// The bytes last written for each run of memoized elements
/// (`PrettyJSONWriter.memoizedElements`) and the last key order sorted for
/// each memoized dictionary (`sorted(_:memo:)`), in this process.
///
/// Why: `device-state.json` is rewritten after every event, and most of its
/// 60 KB (the frontmost history, the delivered edges) did not change since
/// the previous save; writing them again, every double formatted and every
/// dictionary sorted, was 6% of a week's simulation. Comparing the value
/// with the one last written costs a fraction of that.
final class PrettyJSONFragments: @unchecked Sendable {
    static let shared = PrettyJSONFragments()

    private struct Entry {
        var value: any Sendable
        var depth: Int
        var bytes: [UInt8]
    }

    private var entries: [String: Entry] = [:]
    private var sortedKeys: [String: [String]] = [:]
    private let lock = NSLock()

    /// The keys last sorted under `id`, if there were `count` of them (the
    /// caller checks they are the dictionary's).
    func sortedKeys(_ id: String, count: Int) -> [String]? {
        lock.withLock {
            guard let known = sortedKeys[id], known.count == count else { return nil }
            return known
        }
    }

    func remember(sortedKeys keys: [String], _ id: String) {
        lock.withLock { sortedKeys[id] = keys }
    }

    func bytes<Value: Equatable & Sendable>(_ id: String, _ value: Value, depth: Int) -> [UInt8]? {
        lock.withLock {
            guard let entry = entries[id], entry.depth == depth, let known = entry.value as? Value, known == value
            else { return nil }
            return entry.bytes
        }
    }

    func remember<Value: Equatable & Sendable>(_ id: String, _ value: Value, depth: Int, bytes: [UInt8]) {
        lock.withLock { entries[id] = Entry(value: value, depth: depth, bytes: bytes) }
    }
}

extension PrettyJSONWriter {
    /// Writes `elements` into the array just opened (none written yet)
    /// with `write`, or, when they equal the elements last written under
    /// `id` at this depth, the bytes written for them then. For an array
    /// that grows at its end: memoize all but its last elements. The
    /// elements are compared in the order written, so a set's are passed as
    /// an array of it: two equal sets may iterate, and so write, otherwise.
    public mutating func memoizedElements<Element: Equatable & Sendable>(
        _ id: String, _ elements: [Element], _ write: (inout PrettyJSONWriter, Element) -> Void
    ) {
        precondition(isAtArrayStart, "memoizedElements writes the first elements of an array")
        let depth = openDepth
        if let known = PrettyJSONFragments.shared.bytes(id, elements, depth: depth) {
            append(fragment: known)
            if !elements.isEmpty { markElementWritten() }
            return
        }
        let start = bytes.count
        for value in elements {
            element()
            write(&self, value)
        }
        PrettyJSONFragments.shared.remember(id, elements, depth: depth, bytes: Array(bytes[start...]))
    }

    /// Writes one complete value (after `key` or `element`) with `write`,
    /// or, when `value` equals the one last written under `id` at this
    /// depth, the bytes written for it then. `value` must decide the bytes:
    /// pass a set's iteration order, not the set (two equal sets may
    /// iterate, and so write, otherwise).
    public mutating func memoizedValue<Value: Equatable & Sendable>(
        _ id: String, _ value: Value, _ write: (inout PrettyJSONWriter) -> Void
    ) {
        let depth = openDepth
        if let known = PrettyJSONFragments.shared.bytes(id, value, depth: depth) {
            append(fragment: known)
            return
        }
        let start = bytes.count
        write(&self)
        PrettyJSONFragments.shared.remember(id, value, depth: depth, bytes: Array(bytes[start...]))
    }

    /// `PrettyJSONWriter.sorted(dictionary)`, reusing the order sorted last
    /// time under `id` while the dictionary has the same keys (its values
    /// change at every save, its keys seldom): sorting the keys was a third
    /// of writing `device-state.json`.
    public static func sorted<Value>(_ dictionary: [String: Value], memo id: String) -> [(key: String, value: Value)] {
        // As many keys as last time, each of them still there: the same keys,
        // so the same order. One lookup per key, for the check and the value.
        if let keys = PrettyJSONFragments.shared.sortedKeys(id, count: dictionary.count) {
            var pairs: [(key: String, value: Value)] = []
            pairs.reserveCapacity(keys.count)
            for key in keys {
                guard let value = dictionary[key] else { break }
                pairs.append((key, value))
            }
            if pairs.count == keys.count { return pairs }
        }
        let pairs = sorted(dictionary)
        PrettyJSONFragments.shared.remember(sortedKeys: pairs.map(\.key), id)
        return pairs
    }
}
