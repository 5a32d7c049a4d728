import Foundation

final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var results: [Result<LaunchOutcome, Error>?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ result: Result<LaunchOutcome, Error>) { lock.withLock { results[index] = result } }
}

struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
