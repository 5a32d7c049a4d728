import Foundation
import OALTestSupport
import Testing

/// `oal-device guest test` leaves nothing in the temporary directory
/// (issue 34): not the test device the runner opens, not what the app's
/// tests write there, not even when a test crashes the test process (so no
/// exit handler of it runs). In the serialized guest-build suite.
extension GuestBuildTests {
    @Test func guestTestLeavesNothingInTheTemporaryDirectory() throws {
        let (copy, noAdapter) = try Self.miniGuestWithTests("tmpdir-guest")
        defer { Self.remove(copy, noAdapter) }
        try """
        import Foundation
        import Testing

        @testable import MiniGuest

        @Test func writesAScratchFile() throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("scratch.txt")
            try "left behind?".write(to: file, atomically: true, encoding: .utf8)
            #expect(MiniRule.windowName(UUID()).hasPrefix("sched-"))
        }

        @Test func crashesTheRunner() { fatalError("no exit handler runs after this") }
        """.write(
            to: copy.appendingPathComponent("MiniTests/MiniTemporaryTests.swift"), atomically: true, encoding: .utf8)
        let temporary = try TemporaryDirectory.make(prefix: "oal-guest-tmpdir")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let run = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"), ["guest", "test", copy.path, "--harness", noAdapter.path],
            environment: ["TMPDIR": temporary.path])
        #expect(run.status == 1, "one test crashes on purpose: \(run.stderr.suffix(3000))")
        #expect(run.stdout.contains("| writesAScratchFile() | passed |"), "\(run.stdout)")
        #expect(run.stdout.contains("| crashesTheRunner() | failed | crashed the test process"), "\(run.stdout)")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
    }
}
