import Foundation
import OALPlatform

/// Snapshots of a sweep's listing run, and a sweep point started from one
/// (Sweeps/LaunchSnapshot.swift, docs/FAULTS.md "Snapshots"). A point
/// started from the snapshot before its launch ends with the trace, the
/// oracle's verdict and the stores a run from the scenario's first line
/// gives (pids aside): `SweepSnapshotTests` compares every point.
extension DeviceEngine {
    /// The recording run's prologue is done: the faults armed at the start
    /// are traced, and a point's own options will be traced here.
    func snapshotPrologueEnded() {
        guard let recorder = options.snapshots?.recorder else { return }
        recorder.prologueOffset = Self.traceSize(options.root.trace)
        recorder.startedAt = now
    }

    /// At a step boundary, right after `settle` (the oracle has observed
    /// everything, nothing runs): a snapshot when launches happened since
    /// the last one. Not while a foreground loop this device started is
    /// alive: a live process cannot be copied, so the points of the
    /// loop's lifetime start from the snapshot before it.
    func takeSnapshotIfDue() throws {
        guard let recorder = options.snapshots?.recorder, let prologue = recorder.prologueOffset,
            let startedAt = recorder.startedAt, state.launchSequence > (recorder.lastSequence ?? 0),
            faults.stopped == nil, !loop.loopAlive
        else { return }
        try saveDeviceState()
        try recorder.take(root: options.root, sequence: state.launchSequence) { directory in
            LaunchSnapshot(
                launchSequence: state.launchSequence, startedAt: startedAt, prologueOffset: prologue,
                met: result.met, failures: result.failures, oracleAfter: oracleAfter, directory: directory)
        }
    }

    /// In place of the prologue of a run whose root is a copy of
    /// `snapshot`: the engine's memory as the recording run had it there,
    /// and the run's own `--fault` options armed as a fresh run arms them,
    /// at the first instant, their lines where the recording's prologue
    /// ended.
    func resume(from snapshot: LaunchSnapshot) throws {
        result.met = snapshot.met
        result.failures = snapshot.failures
        oracleAfter = snapshot.oracleAfter
        faults.now = now
        if let zone = faults.state.timeZone, let timeZone = TimeZone(identifier: zone) {
            // DeviceSetup reset the clock to the scenario's zone; the
            // snapshot had the fault's, untraced since it was set.
            calendar.timeZone = timeZone
            try view.clock.set(ClockState(now: now, timeZoneIdentifier: zone))
        }
        let traceURL = options.root.trace
        let end = Self.traceSize(traceURL)
        let resumedAt = now
        now = snapshot.startedAt
        for scheduled in scheduledFaults where scheduled.time == nil {
            try inject(scheduled.fault, key: scheduled.key)
        }
        now = resumedAt
        faults.now = now
        let handle = try FileHandle(forUpdating: traceURL)
        defer { try? handle.close() }
        let all = try handle.readToEnd() ?? Data()
        let injected = all.subdata(in: Int(end)..<all.count)
        let prologue = Int(snapshot.prologueOffset)
        try handle.truncate(atOffset: UInt64(prologue))
        try handle.seek(toOffset: UInt64(prologue))
        try handle.write(contentsOf: injected + all.subdata(in: prologue..<Int(end)))
        oracle.resume(observation, insertedLines: injected, at: snapshot.prologueOffset)
        askTheAppAgainAfterResume()
    }

    static func traceSize(_ url: URL) -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.uint64Value ?? 0
    }
}
