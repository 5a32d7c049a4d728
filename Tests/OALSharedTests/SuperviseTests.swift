import Foundation
import OALTestSupport
import Testing

/// What a newcomer met running `scripts/supervise` (issue 34). Nothing here
/// builds: the script is pointed at the executables already built
/// (`--no-build`, `OAL_BIN_DIR`), but where the build itself is the
/// subject, which a stand-in `swift` on the PATH plays.
@Suite struct SuperviseTests {
    static let supervise = ScriptToolTests.scripts.appendingPathComponent("supervise")

    /// The environment of a supervise run: the built executables, and a
    /// temporary directory of the test's own.
    static func environment(temporary: URL) -> [String: String] {
        ["OAL_BIN_DIR": BuiltProducts.directory.path, "TMPDIR": temporary.path]
    }

    /// Item 1: `--root` whose parent directory does not exist is a usage
    /// error naming it; nothing is created.
    @Test func aRootWhoseParentIsMissingIsRefusedAndNothingIsCreated() throws {
        let temporary = try TemporaryDirectory.make(prefix: "oal-sv-root")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let missing = temporary.appendingPathComponent("nonexistent")
        let root = missing.appendingPathComponent("x/y").path
        let run = try ProcessRun.run(
            Self.supervise, ["--no-build", "--root", root], environment: Self.environment(temporary: temporary))
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--root \(root): its parent directory"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }
}
