import Foundation

/// What one process does at its named points, shared by `CrashPoint` and
/// `PausePoint`: the one point (`name#n`) it acts at, counted across its
/// threads, and the log every reached point is appended to. Read from the
/// environment once, at the process's edge, where the emulated OS hands
/// it to a launch.
final class PointConfiguration: @unchecked Sendable {
    let target: (name: String, occurrence: Int)?
    /// Opened as a file of the process's own (`openOwned`): a link planted
    /// at the path is replaced, never written through.
    let log: FileDescriptor?
    private var count = 0
    /// Above 0 while a caller's points are not to count (`CrashPoint.uncounted`).
    private var suspended = 0
    private let lock = NSLock()

    /// From the variables `target` (a point, `name` or `name#n`) and `log`
    /// (a path); nil when neither is set, so `reach` stays a load and a
    /// branch.
    static func fromEnvironment(target targetVariable: String, log logVariable: String) -> PointConfiguration? {
        let target = ProcessEnvironment.value(targetVariable).flatMap(CrashPoint.parse)
        let logPath = ProcessEnvironment.value(logVariable).flatMap { $0.isEmpty ? nil : $0 }
        if target == nil && logPath == nil { return nil }
        return PointConfiguration(target: target, logPath: logPath)
    }

    init(target: (name: String, occurrence: Int)?, logPath: String?) {
        self.target = target
        log = logPath.flatMap { try? FileDescriptor.openOwned($0, .append) }
    }

    /// Logs `name` (one `write(2)`, `O_APPEND`) and says whether this reach
    /// is the one to act at.
    func reached(_ name: String) -> Bool {
        lock.withLock {
            guard suspended == 0 else { return false }
            if let log { _ = try? log.writeAll(Array((name + "\n").utf8)) }
            guard let target, target.name == name else { return false }
            count += 1
            return count == target.occurrence
        }
    }

    /// Points reached until the matching `resume` are neither logged nor
    /// counted.
    func suspend() { lock.withLock { suspended += 1 } }
    func resume() { lock.withLock { suspended -= 1 } }
}
