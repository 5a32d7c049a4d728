import Foundation
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario

/// One launch's log of the points it reached in a listing run,
/// `<launch>-<kind>.log` (`OAL_CRASH_LOG`, `OAL_PAUSE_LOG`), and for pause
/// points `<launch>-<kind>.due`: what could interleave at its instant.
struct PointLog: Sendable {
    /// Which points a listing run logs.
    enum Kind: String, Sendable {
        case crash
        case pause
        /// Every launch under strace (`<launch>-<kind>.strace`, `SyscallLog`).
        case syscall

        /// `crash-log`, `pause-log` under the root base.
        var directory: String { "\(rawValue)-log" }
    }

    var launch: Int
    var target: FaultTarget
    /// Every point in the order reached, each numbered by how many times
    /// this launch had reached it (`POINT#n`).
    var points: [(point: String, occurrence: Int)]
    /// What was due at the launch's instant (pause logs only).
    var due: [Interleaving]

    /// Every launch's log in `directory`, in launch order.
    static func all(in directory: URL) throws -> [PointLog] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let parsed: [(Int, FaultTarget, String)] = files.compactMap { name in
            guard name.hasSuffix(".log"), let dash = name.firstIndex(of: "-"),
                let launch = Int(name[..<dash]),
                let target = FaultTarget(rawValue: String(name[name.index(after: dash)...].dropLast(4)))
            else { return nil }
            return (launch, target, String(name.dropLast(4)))
        }
        return parsed.sorted { $0.0 < $1.0 }.map { launch, target, stem in
            let read = { (end: String) in
                (try? String(contentsOf: directory.appendingPathComponent(stem + end), encoding: .utf8)) ?? ""
            }
            var seen: [String: Int] = [:]
            let points = read(".log").split(separator: "\n").map { line in
                let point = String(line)
                seen[point, default: 0] += 1
                return (point, seen[point]!)
            }
            let due = read(".due").split(separator: "\n").compactMap { Interleaving(rawValue: String($0)) }
            return PointLog(launch: launch, target: target, points: points, due: due)
        }
    }
}
