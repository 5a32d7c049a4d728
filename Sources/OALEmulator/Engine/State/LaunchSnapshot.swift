import Foundation
import OALPlatform

/// A copy of a device root taken by the recording run of a sweep at a
/// step boundary, before the launches numbered above `launchSequence`, with
/// what the engine held in memory there. A sweep point whose launch comes
/// later starts from it instead of replaying the scenario from its first
/// line (docs/FAULTS.md, "Snapshots"), so it costs the time of its own run.
public struct LaunchSnapshot: Codable, Hashable, Sendable {
    /// The launches handed out before the snapshot: it serves launches
    /// `launchSequence + 1` and later.
    public var launchSequence: Int
    /// The run's first instant, at which a fresh run injects its
    /// `--fault` options.
    var startedAt: Date
    /// Where the fresh run's faults armed at the start end in the trace:
    /// the lines a rerun's own options inject go there.
    var prologueOffset: UInt64
    /// The expectations met and failed so far (the engine's `RunResult`).
    var met: Int
    var failures: [String]
    /// The oracle's name of the last event handled (`oracleAfter`).
    var oracleAfter: String
    /// Where the snapshot lives: `<directory>/root` and
    /// `<directory>/snapshot.json`.
    public var directory: URL

    static let metaFile = "snapshot.json"

    var root: DeviceRoot { DeviceRoot(directory.appendingPathComponent("root", isDirectory: true)) }

    func write() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: directory.appendingPathComponent(Self.metaFile), options: .atomic)
    }

    static func read(_ directory: URL) throws -> LaunchSnapshot {
        let data = try Data(contentsOf: directory.appendingPathComponent(metaFile))
        return try JSONDecoder().decode(LaunchSnapshot.self, from: data)
    }

    /// Replaces `root` with a copy of the snapshot's root. A copy, not
    /// links: the trace and the usage journals are appended in place.
    package func restore(into root: DeviceRoot) throws {
        if root.exists { try FileManager.default.removeItem(at: root.url) }
        try FileManager.default.createDirectory(
            at: root.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: self.root.url, to: root.url)
    }

    /// The snapshot that serves launch `launch`: the latest taken before it.
    package static func serving(_ launch: Int, in snapshots: [LaunchSnapshot]) -> LaunchSnapshot? {
        snapshots.filter { $0.launchSequence < launch }.max { $0.launchSequence < $1.launchSequence }
    }

    /// Bytes under `url`, for the disk use the sweep reports.
    static func size(of url: URL) -> UInt64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if attributes?[.type] as? FileAttributeType == .typeRegular {
            return (attributes?[.size] as? NSNumber)?.uint64Value ?? 0
        }
        guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey])
        else { return 0 }
        var total: UInt64 = 0
        for case let file as URL in walker {
            total += UInt64((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
        return total
    }
}

/// The recording side: the listing run of a sweep takes a snapshot at each
/// step boundary where launches have happened since the last one, and drops
/// the previous one when none of the launches it served reached a point
/// (no non-empty log in `pointLogs`), so only snapshots some point needs
/// stay on disk.
public final class SnapshotRecorder: @unchecked Sendable {
    public let directory: URL
    /// The listing's per-launch logs (`<launch>-<kind>.log`, `.strace`).
    let pointLogs: URL
    private let lock = NSLock()
    private var taken: [LaunchSnapshot] = []
    private var bytes: [Int: UInt64] = [:]
    /// The most bytes the kept snapshots held at once.
    public private(set) var peakBytes: UInt64 = 0
    /// Set when the prologue ends (the faults armed at the start traced).
    var prologueOffset: UInt64?
    var startedAt: Date?

    public init(directory: URL, pointLogs: URL) {
        self.directory = directory
        self.pointLogs = pointLogs
    }

    /// The snapshots kept, oldest first.
    public var snapshots: [LaunchSnapshot] { lock.withLock { taken } }

    var lastSequence: Int? { lock.withLock { taken.last?.launchSequence } }

    /// Copies `root` as the snapshot before launch `sequence + 1`.
    func take(root: DeviceRoot, sequence: Int, _ make: (URL) -> LaunchSnapshot) throws {
        let meta = make(directory.appendingPathComponent("launch-\(sequence)", isDirectory: true))
        try? FileManager.default.removeItem(at: meta.directory)
        try FileManager.default.createDirectory(at: meta.directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.url, to: meta.root.url)
        try meta.write()
        lock.withLock {
            if let previous = taken.last, !reached(after: previous.launchSequence, through: meta.launchSequence) {
                try? FileManager.default.removeItem(at: previous.directory)
                taken.removeLast()
                bytes[previous.launchSequence] = nil
            }
            taken.append(meta)
            bytes[meta.launchSequence] = LaunchSnapshot.size(of: meta.directory)
            peakBytes = max(peakBytes, bytes.values.reduce(0, +))
        }
    }

    /// Whether a launch in `(after, through]` logged a point.
    private func reached(after: Int, through: Int) -> Bool {
        guard through > after else { return false }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: pointLogs.path)) ?? []
        return names.contains { name in
            // Crash and pause points log `.log`, system calls `.strace`.
            guard name.hasSuffix(".log") || name.hasSuffix(".strace"), let dash = name.firstIndex(of: "-"),
                let launch = Int(name[..<dash]),
                launch > after, launch <= through
            else { return false }
            return LaunchSnapshot.size(of: pointLogs.appendingPathComponent(name)) > 0
        }
    }
}

/// Whether a run records snapshots (a sweep's listing run) or starts from
/// one (a sweep point).
public enum SnapshotMode: Sendable {
    case record(SnapshotRecorder)
    case start(LaunchSnapshot)

    package var recorder: SnapshotRecorder? {
        if case .record(let recorder) = self { return recorder }
        return nil
    }

    package var start: LaunchSnapshot? {
        if case .start(let snapshot) = self { return snapshot }
        return nil
    }
}
