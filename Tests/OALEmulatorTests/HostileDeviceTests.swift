import Foundation
import OALEmulator
import OALPlatform
import OALSystem
import OALTestSupport
import Testing

/// `oal-device` under hostile input and a hostile file system (issue 10,
/// part B). Real processes, real files, real signals.
@Suite struct HostileDeviceTests {
    /// A scratch directory with a small scenario in it.
    final class Scratch {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "oal-hostile-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }

        func path(_ name: String) -> String { url.appendingPathComponent(name).path }

        func write(_ name: String, _ text: String) throws -> String {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
            return path(name)
        }

        func device(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessRun {
            try ProcessRun.run(BuiltProducts.executable("oal-device"), arguments, environment: environment)
        }
    }

    static let small = """
        timezone UTC
        start 2026-11-30 08:00

        at 08:00 app list add Games --apps Chess
        at 08:01 app rule add open-limit Chess --list Games --opens 2
        at 09:00 open Chess for 2m
        at 09:05 expect blocked Chess

        """

    /// Defect 3: `--first-seed 18446744073709551615` overflowed `first + i`.
    @Test func aSwarmPastTheLastSeedIsAUsageError() throws {
        let scratch = try Scratch()
        let scenario = try scratch.write("s.scenario", Self.small)
        let run = try scratch.device([
            "swarm", "--root-base", scratch.path("base"), scenario, "--seeds", "2", "--first-seed",
            "18446744073709551615",
        ])
        #expect(!run.signaled)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--first-seed"))
    }
}
