import Foundation
import OALEmulator
import OALPlatform
import OALSystem
import OALTestSupport
import Testing

/// A run is resolved whole (scenario, seed, faults, guest) before any
/// device root is made or changed: a run that cannot start leaves nothing
/// behind, through `oal-device run` and through `scripts/supervise`.
@Suite struct RunResolutionTests {
    typealias Scratch = HostileDeviceTests.Scratch

    static let day = """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 09:00
        at 08:00 app list add Video --apps YouTube
        """

    /// What a root holds, file by file, so a refused run can be shown to
    /// have changed nothing.
    static func listing(_ root: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let base = URL(fileURLWithPath: root)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [:] }
        for case let url as URL in walker {
            let path = url.path.replacingOccurrences(of: base.path, with: "")
            files[path] = FileManager.default.contents(atPath: url.path) ?? Data()
        }
        return files
    }

    @Test(arguments: [
        (["--seed", "abc"], "--seed: 'abc' is not a whole number"),
        (["--fault", "at 08:30 nonsense"], "unknown fault 'nonsense'"),
    ])
    func aRunThatDoesNotResolveIsRefusedBeforeAnInitializedRootIsTouched(extra: [String], message: String) throws {
        let scratch = try Scratch()
        let scenario = try scratch.write("day.scenario", Self.day)
        let root = scratch.path("root")
        let created = try scratch.device(["init", "--root", root, "--scenario", scenario])
        #expect(created.status == 0, "\(created.stderr)")
        let before = Self.listing(root)
        let ran = try scratch.device(["run", "--root", root, scenario] + extra)
        #expect(ran.status == 64, "\(ran.stderr)")
        #expect(ran.stderr.contains(message), "\(ran.stderr)")
        #expect(Self.listing(root) == before)
        #expect(!FileManager.default.fileExists(atPath: root + "/system/run.json"))
    }

    /// `--dry-run` resolves and prints the command that would play the
    /// run, its seed named, and needs no root at all.
    @Test func aDryRunPrintsTheRunAndMakesNoRoot() throws {
        let scratch = try Scratch()
        let scenario = try scratch.write("day.scenario", Self.day)
        let root = scratch.path("never")
        let ran = try scratch.device([
            "run", "--root", root, scenario, "--fault", "at 08:30 clock jump +1h", "--dry-run",
        ])
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stdout.contains("--seed 0 --fault 'at 08:30 clock jump +1h'"), "\(ran.stdout)")
        #expect(!FileManager.default.fileExists(atPath: root))
    }

    /// Through the supervisor: a bad `--seed` or `--fault` is refused
    /// before the root is made, and no foreground loop is started.
    @Test(arguments: [["--seed", "abc"], ["--fault", "at 08:30 nonsense"]])
    func theSupervisorRefusesABadRunBeforeItMakesTheRoot(extra: [String]) throws {
        let scratch = try Scratch()
        let scenario = try scratch.write("day.scenario", Self.day)
        let root = scratch.path("root")
        let supervise = Repository.root.appendingPathComponent("scripts/supervise")
        let ran = try ProcessRun.run(
            URL(fileURLWithPath: "/bin/bash"), [supervise.path, "--no-build", "--root", root, scenario] + extra,
            environment: ["OAL_BIN_DIR": BuiltProducts.directory.path])
        #expect(ran.status == 64, "\(ran.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root), "\(ran.stderr)")
    }

    /// The sweep and the swarm resolve their run once, before a root base
    /// is made: a scenario that does not parse (65) leaves none.
    @Test(arguments: ["sweep", "swarm"])
    func aSweepThatDoesNotResolveMakesNoRootBase(command: String) throws {
        let scratch = try Scratch()
        let scenario = try scratch.write("bad.scenario", Self.day + "\nat 08:10 fly to the moon\n")
        let base = scratch.path("base")
        let seeds = command == "swarm" ? ["--seeds", "2"] : []
        let ran = try scratch.device([command, "--root-base", base, scenario] + seeds)
        #expect(ran.status == 65, "\(ran.stderr)")
        #expect(ran.stderr.contains("bad.scenario:5"), "\(ran.stderr)")
        #expect(!FileManager.default.fileExists(atPath: base))
    }
}
