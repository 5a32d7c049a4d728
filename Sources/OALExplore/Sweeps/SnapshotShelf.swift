import Foundation
import OALEmulator
import OALOracle
import OALScenario

/// The snapshots a sweep's points start from, shared by the points of the
/// same launches and deleted as soon as their last point is done, so the
/// disk they take never grows past what the listing run kept.
final class SnapshotShelf: @unchecked Sendable {
    private let snapshots: [LaunchSnapshot]
    private let lock = NSLock()
    /// Points still to run, per snapshot (by `launchSequence`).
    private var remaining: [Int: Int]
    /// What the sweep reports (nil without snapshots).
    let use: SnapshotUse?

    /// A recorder for the listing run, its snapshots under
    /// `<base>/snapshots`, pruned by the listing's per-launch logs in
    /// `<base>/<logs>`.
    static func recorder(base: URL, logs: String) -> SnapshotRecorder {
        let directory = base.appendingPathComponent("snapshots", isDirectory: true)
        try? FileManager.default.removeItem(at: directory)
        return SnapshotRecorder(directory: directory, pointLogs: base.appendingPathComponent(logs, isDirectory: true))
    }

    /// Keeps the snapshots that serve one of `launches` (one entry per
    /// point) and deletes the others at once.
    init(recorder: SnapshotRecorder?, launches: [Int]) {
        let all = recorder?.snapshots ?? []
        var counts: [Int: Int] = [:]
        for launch in launches {
            if let snapshot = LaunchSnapshot.serving(launch, in: all) {
                counts[snapshot.launchSequence, default: 0] += 1
            }
        }
        for unused in all where counts[unused.launchSequence] == nil {
            try? FileManager.default.removeItem(at: unused.directory)
        }
        let kept = all.filter { counts[$0.launchSequence] != nil }
        snapshots = kept
        remaining = counts
        use = recorder.map { SnapshotUse(kept: kept.count, peakBytes: $0.peakBytes) }
    }

    func snapshot(for launch: Int) -> LaunchSnapshot? { LaunchSnapshot.serving(launch, in: snapshots) }

    /// A point that started from `snapshot` is done.
    func done(with snapshot: LaunchSnapshot?) {
        guard let snapshot else { return }
        lock.withLock {
            let left = (remaining[snapshot.launchSequence] ?? 1) - 1
            remaining[snapshot.launchSequence] = left
            if left <= 0 { try? FileManager.default.removeItem(at: snapshot.directory) }
        }
    }
}

/// How a sweep used snapshots, for its report.
public struct SnapshotUse: Sendable {
    /// Snapshots at least one point started from.
    public var kept: Int
    /// The most bytes the listing run's snapshots held at once.
    public var peakBytes: UInt64

    /// `snapshots: 230 of 241 point(s) started from one of 40 (peak 31.2 MB on disk)`.
    func render(points: [Int?]) -> String {
        let started = points.compactMap { $0 }.count
        let megabytes = String(format: "%.1f", Double(peakBytes) / 1_000_000)
        return "snapshots: \(started) of \(points.count) point(s) started from one of \(kept) "
            + "(peak \(megabytes) MB on disk); the others replayed from the first line"
    }
}
