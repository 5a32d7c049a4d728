import Foundation
import OALPlatform
import OALScenario

/// A listing run's strace logs (`<launch>-<target>.strace`, `SyscallTrap`)
/// read as point logs: each file-changing call a launch made is a point
/// `NAME` numbered by its invocation, the number strace's `when=` counts.
/// An `openat` that creates nothing changes no file: it is counted (the
/// numbering is strace's) but not listed.
enum SyscallLog {
    static func all(in directory: URL) throws -> [PointLog] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        return files.compactMap { name -> PointLog? in
            guard name.hasSuffix(".strace"), let dash = name.firstIndex(of: "-"), let launch = Int(name[..<dash]),
                let target = FaultTarget(rawValue: String(name[name.index(after: dash)...].dropLast(7)))
            else { return nil }
            let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return PointLog(launch: launch, target: target, points: points(in: text), due: [])
        }.sorted { $0.launch < $1.launch }
    }

    /// The listed calls of one strace log, in order, each with its
    /// invocation number among the calls of its name.
    static func points(in log: String) -> [(point: String, occurrence: Int)] {
        var seen: [String: Int] = [:]
        var points: [(String, Int)] = []
        for line in log.split(separator: "\n") {
            guard let paren = line.firstIndex(of: "(") else { continue }
            let name = String(line[..<paren])
            guard SyscallName.all.contains(name) else { continue }
            seen[name, default: 0] += 1
            if name == "openat", !line.contains("O_CREAT") { continue }
            points.append((name, seen[name]!))
        }
        return points
    }
}
