import Foundation
import GuestRuntime
import OALSystem

/// Waits, on the main thread, for work that may itself need the main
/// thread (a guest's completion handler or a `@MainActor` async refresh):
/// the main run loop keeps turning, so the main queue (the main actor's
/// executor) drains while this waits. Wall-clock timeout, since the
/// emulated clock does not move while a process runs.
enum MainActorBridge {
    final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// Spins until `box` is filled or `timeout` wall seconds pass.
    static func wait<Value>(for box: Box<Value>, timeout: TimeInterval, what: String) -> Value {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while box.value == nil {
            guard Date() < deadline else {
                StandardStream.error.write("guest harness: \(what) did not finish within \(Int(timeout)) s\n")
                exit(70)
            }
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.002))
        }
        guard let value = box.value else { preconditionFailure("filled above") }
        return value
    }

    /// Runs `body` as a task and waits for it on the main thread; the
    /// run loop's turn ends after it (`RunLoopTurn`: the main context
    /// autosaves).
    static func run(timeout: TimeInterval, what: String, _ body: @escaping @Sendable () async -> Void) {
        let box = Box<Bool>()
        Task { @MainActor in
            await body()
            RunLoopTurn.end()
            box.value = true
        }
        _ = wait(for: box, timeout: timeout, what: what)
    }

    /// Runs `body` on the main actor and hands back what it returned or
    /// threw; the run loop's turn ends after it (`RunLoopTurn`).
    static func value<T>(
        timeout: TimeInterval, what: String, _ body: @escaping @MainActor @Sendable () async throws -> T
    ) throws -> T {
        let box = Box<Result<T, Error>>()
        Task { @MainActor in
            let result: Result<T, Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            RunLoopTurn.end()
            box.value = result
        }
        return try wait(for: box, timeout: timeout, what: what).get()
    }
}
