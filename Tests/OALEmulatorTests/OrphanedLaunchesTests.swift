import Foundation
import OALPlatform
import OALSystem
import OALTestSupport
import Testing

@testable import OALEmulator

/// Issue 39: a device killed while an extension runs (the timed kill
/// sweep's `at-line 147` of a press: the shield action still spending)
/// restarts while that launch goes on. The restart waits for it, so the
/// press is finished from its real answer, not from a trace without it.
@Suite struct OrphanedLaunchesTests {
    /// A process that stands for a launch: its command line names the
    /// root as every launch's does, and it runs for `seconds`.
    static func launch(root: DeviceRoot, seconds: String) throws -> ChildProcess {
        try ChildProcess.spawn(
            "/bin/sh", arguments: ["-c", "sleep \(seconds)", "oal-shield-action", "--root", root.url.path])
    }

    static func trace(_ root: DeviceRoot, launches: [(Int, Int32)], exited: [Int] = []) throws {
        try FileManager.default.createDirectory(at: root.logs, withIntermediateDirectories: true)
        var lines = ""
        for (launch, pid) in launches {
            lines += #"{"event":"launch","fields":{"argv":"application app-1 secondary"},"launch":\#(launch),"#
            lines += #""pid":\#(pid),"proc":"shield-action","t":"2026-11-30T07:30:00.000Z"}"# + "\n"
        }
        for launch in exited {
            lines += #"{"event":"exit","fields":{"code":"0"},"launch":\#(launch),"pid":1,"#
            lines += #""proc":"shield-action","t":"2026-11-30T07:30:00.000Z"}"# + "\n"
        }
        try lines.write(to: root.trace, atomically: true, encoding: .utf8)
    }

    @Test func theRestartWaitsForALaunchTheDeadDeviceLeftRunning() throws {
        let directory = try TemporaryDirectory.make(prefix: "oal-orphans")
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = DeviceRoot(directory.appendingPathComponent("root"))
        let other = DeviceRoot(directory.appendingPathComponent("other"))
        let orphan = try Self.launch(root: root, seconds: "0.6")
        let elsewhere = try Self.launch(root: other, seconds: "5")
        defer {
            try? elsewhere.signal(SIGKILL)
            _ = try? elsewhere.wait()
        }
        try Self.trace(root, launches: [(8, orphan.pid), (9, elsewhere.pid)])
        // Not this root's: another run's launch with a pid this trace names.
        #expect(OrphanedLaunches.running(on: root) == [orphan.pid])
        let started = Date()
        #expect(OrphanedLaunches.settle(on: root) == [])
        #expect(Date().timeIntervalSince(started) > 0.4, "the restart did not wait for the running launch")
        #expect(!OrphanedLaunches.runs(orphan.pid, on: root))
        _ = try orphan.wait()
    }

    @Test func aLaunchThatExitedOrNeverEndsIsNotWaitedForForEver() throws {
        let directory = try TemporaryDirectory.make(prefix: "oal-orphans")
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = DeviceRoot(directory.appendingPathComponent("root"))
        let done = try Self.launch(root: root, seconds: "5")
        let stuck = try Self.launch(root: root, seconds: "30")
        try Self.trace(root, launches: [(3, done.pid), (4, stuck.pid)], exited: [3])
        #expect(OrphanedLaunches.running(on: root) == [stuck.pid])
        #expect(OrphanedLaunches.settle(on: root, patience: 0.2) == [stuck.pid])
        #expect(try stuck.wait() == .signaled(SIGKILL))
        try? done.signal(SIGKILL)
        _ = try? done.wait()
    }
}
