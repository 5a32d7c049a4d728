import Foundation
import OALEmulator
import OALExplore
import OALSystem
import OALTestSupport
import Testing

/// A stopped run, a crash and an oracle violation end `oal-device swarm`,
/// `sweep` and `race` with different codes (issue 13, item 5): 4, 3 and 1
/// (`race` exited 1 for all three before issue 24).
/// Each is produced for real: a bin directory beside the built one where
/// one executable is replaced by a script that crashes (SIGABRT), runs
/// with a mutant (a violation), or is missing (the run stops).
@Suite struct SweepExitCodeTests {
    static let scenario = """
        timezone UTC
        start 2026-11-30 08:00
        end 2026-11-30 10:00

        at 08:00 app list add Video --apps YouTube
        at 08:00 app rule add time-limit Tube --list Video --minutes 10
        at 08:05 open YouTube for 20m

        """

    /// A bin directory of links to the built executables, with `monitor`
    /// replaced by `script` (nil: no oal-monitor at all).
    static func binDirectory(_ directory: URL, monitor script: String?) throws -> URL {
        let bin = directory.appendingPathComponent("bin-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for name in ["oal-device", "oal-app", "oal-monitor", "oal-shield-config", "oal-shield-action", "oal-report"] {
            let real = try BuiltProducts.executable(name).path
            let path = bin.appendingPathComponent(name).path
            if name == "oal-monitor" {
                guard let script else { continue }
                try Data("#!/bin/sh\n\(script.replacingOccurrences(of: "REAL", with: real))\n".utf8)
                    .write(to: URL(fileURLWithPath: path))
                try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
            } else {
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: real)
            }
        }
        return bin
    }

    @Test(
        arguments: [
            ("exec REAL \"$@\"", Int32(0), "0 failed"),
            ("OAL_MUTANT=monitor-skips-minutes exec REAL \"$@\"", Int32(1), "[violation]"),
            ("kill -ABRT $$", Int32(3), "[crash]"),
            (nil, Int32(4), "[stopped]"),
        ] as [(String?, Int32, String)])
    func eachWayARunCanFailHasItsExitCode(monitor: String?, code: Int32, text: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oal-exit-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("s.scenario")
        try Data(Self.scenario.utf8).write(to: file)
        let bin = try Self.binDirectory(directory, monitor: monitor)
        let environment = ["OAL_BIN_DIR": bin.path]
        let device = try BuiltProducts.executable("oal-device")
        // Seed 3 draws a fault this small day survives.
        let swarm = try ProcessRun.run(
            device,
            [
                "swarm", "--root-base", directory.appendingPathComponent("swarm").path, file.path, "--seeds", "1",
                "--first-seed", "3",
            ],
            environment: environment)
        #expect(swarm.status == code, "swarm: \(swarm.stdout)\n\(swarm.stderr)")
        #expect(swarm.stdout.contains(text), "swarm: \(swarm.stdout)")
        // The listing run alone already ends each way: one point or
        // interleaving more is enough.
        for command in ["sweep", "race"] {
            let run = try ProcessRun.run(
                device,
                [
                    command, "--root-base", directory.appendingPathComponent(command).path, file.path, "--limit", "1",
                    "--kinds", "app",
                ],
                environment: environment)
            #expect(run.status == code, "\(command): \(run.stdout)\n\(run.stderr)")
        }
    }
}
