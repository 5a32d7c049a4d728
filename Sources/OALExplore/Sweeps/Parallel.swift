import Foundation
import OALEmulator
import OALOracle
import OALScenario

/// Runs a batch of independent runs on up to `jobs` threads at once
/// (`--jobs N`). Each run is its own device engine on its own root with
/// its own child processes, so they share nothing but the machine. The
/// results come back in the order of the items, whatever `jobs` is.
public enum Parallel {
    /// The default `--jobs`: the machine's cores.
    public static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    public static func map<T: Sendable, R: Sendable>(
        _ items: [T], jobs: Int, _ body: @escaping @Sendable (Int, T) -> R
    ) -> [R] {
        let workers = max(1, min(jobs, items.count))
        if workers == 1 { return items.enumerated().map { body($0.offset, $0.element) } }
        let box = ResultBox<R>(count: items.count)
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                while let index = box.take() {
                    box.set(index, body(index, items[index]))
                }
                group.leave()
            }
            // The engine and its JSON coding recurse deeper than a default
            // secondary thread's stack allows on every platform.
            thread.stackSize = 16 << 20
            thread.start()
        }
        group.wait()
        return box.results()
    }

    private final class ResultBox<R>: @unchecked Sendable {
        private var slots: [R?]
        private var next = 0
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func take() -> Int? {
            lock.withLock {
                guard next < slots.count else { return nil }
                next += 1
                return next - 1
            }
        }

        func set(_ index: Int, _ value: R) { lock.withLock { slots[index] = value } }

        func results() -> [R] { lock.withLock { slots.map { $0! } } }
    }
}

/// Counts finished runs of a parallel batch for the progress line
/// (`[3/20 15%, ETA 1m05s]`).
final class DoneCounter: @unchecked Sendable {
    private var done = 0
    private let lock = NSLock()
    func increment() -> Int {
        lock.withLock {
            done += 1
            return done
        }
    }
}

/// `--shard I/N`: job I of N keeps the items whose position in the list is
/// I−1 modulo N. Every job lists the same items (the listing is
/// deterministic), so N jobs cover every item exactly once.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `I/N`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// The positions of `total` items this shard keeps.
    public func positions(of total: Int) -> [Int] {
        Array(stride(from: index - 1, to: total, by: count))
    }

    public func select<T>(_ items: [T]) -> [T] { positions(of: items.count).map { items[$0] } }
}
