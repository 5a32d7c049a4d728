import Foundation
import OALTestSupport
import Testing

/// `oal-device guest test` on a guest whose tests use XCTest (Foqos's do)
/// beside Swift Testing, with no harness adapter: the app module is the
/// files the tests reach, and every test is reported by name with how it
/// ended. In the serialized guest-build suite: the build shares two cores.
extension GuestBuildTests {
    @Test func xcTestCasesRunBesideSwiftTestingAndAreReportedOneByOne() throws {
        let (copy, noAdapter) = try Self.miniGuestWithTests("xctest-guest")
        defer { Self.remove(copy, noAdapter) }
        let tests = copy.appendingPathComponent("MiniTests")
        try """
        import XCTest

        @testable import MiniGuest

        @MainActor
        final class MiniXCTests: XCTestCase {
            func testWindowNameRoundTrips() {
                let id = UUID()
                XCTAssertEqual(MiniRule.id(fromWindow: MiniRule.windowName(id)), id)
            }
            func testFailsOnPurpose() { XCTAssertEqual(1, 2, "one is not two") }
            func testThrows() throws { throw CocoaError(.fileNoSuchFile) }
            func testAsyncOnTheMainActor() async throws {
                try await Task.sleep(nanoseconds: 1_000)
                XCTAssertTrue(Thread.isMainThread)
            }
            func testSkipped() throws { throw XCTSkip("not here") }
            func testCrashes() { fatalError("crashes the runner: the others run again without it") }
            private func testHelperIsNotATest() {}
        }
        """.write(to: tests.appendingPathComponent("MiniXCTests.swift"), atomically: true, encoding: .utf8)
        try """
        import Foundation
        import Testing

        @testable import MiniGuest

        @Test func windowNameHasItsPrefix() { #expect(MiniRule.windowName(UUID()).hasPrefix("sched-")) }
        """.write(to: tests.appendingPathComponent("MiniSwiftTests.swift"), atomically: true, encoding: .utf8)
        let run = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"), ["guest", "test", copy.path, "--harness", noAdapter.path])
        #expect(run.status == 1, "one test fails on purpose: \(run.stderr.suffix(3000))")
        for row in [
            "| MiniXCTests/testWindowNameRoundTrips | passed |",
            "| MiniXCTests/testFailsOnPurpose | failed | line 11: XCTAssertEqual failed: (\"1\") is not equal to (\"2\") - one is not two |",
            "| MiniXCTests/testThrows | failed |",
            "| MiniXCTests/testAsyncOnTheMainActor | passed |",
            "| MiniXCTests/testSkipped | skipped |",
            "| MiniXCTests/testCrashes | failed | crashed the test process (signal",
            "| windowNameHasItsPrefix() | passed |",
        ] {
            #expect(run.stdout.contains(row), "\(row) in:\n\(run.stdout)")
        }
        #expect(!run.stdout.contains("testHelperIsNotATest"))
        #expect(run.stdout.contains("MiniGuest: 3 of 7 tests pass (3 fail"), "\(run.stdout)")
        #expect(run.stdout.contains("(2 run(s) of the test executable)"), "\(run.stdout)")
    }

    /// A test file that does not compile holds tests that never ran: `guest
    /// test` says so and exits 1 even when every test that ran passed, so a
    /// CI step on it cannot pass by losing a file.
    @Test func aTestFileThatDoesNotCompileFailsTheRun() throws {
        let (copy, noAdapter) = try Self.miniGuestWithTests("uncompiled-guest")
        defer { Self.remove(copy, noAdapter) }
        let tests = copy.appendingPathComponent("MiniTests")
        try """
        import Foundation
        import Testing

        @testable import MiniGuest

        @Test func windowNameHasItsPrefix() { #expect(MiniRule.windowName(UUID()).hasPrefix("sched-")) }
        """.write(to: tests.appendingPathComponent("MiniSwiftTests.swift"), atomically: true, encoding: .utf8)
        let broken = tests.appendingPathComponent("MiniBrokenTests.swift")
        try """
        import Testing

        @testable import MiniGuest

        @Test func usesWhatTheAppDoesNotHave() { #expect(MiniRuleThatIsNot.count == 0) }
        """.write(to: broken, atomically: true, encoding: .utf8)
        let device = try BuiltProducts.executable("oal-device")

        let run = try ProcessRun.run(device, ["guest", "test", copy.path, "--harness", noAdapter.path])
        #expect(run.status == 1, "\(run.stderr.suffix(3000))")
        #expect(run.stdout.contains("| MiniBrokenTests.swift | not compiled |"), "\(run.stdout)")
        #expect(run.stdout.contains("| windowNameHasItsPrefix() | passed |"), "\(run.stdout)")
        #expect(run.stderr.contains("1 test file did not compile"), "\(run.stderr.suffix(2000))")

        try FileManager.default.removeItem(at: broken)
        let fixed = try ProcessRun.run(device, ["guest", "test", copy.path, "--harness", noAdapter.path])
        #expect(fixed.status == 0, "\(fixed.stderr.suffix(3000))")
    }

    /// A copy of examples/MiniGuest with an empty `MiniTests/` folder for
    /// the test files a test writes, and an empty harness folder: no app
    /// adapter, so the app module is the files the tests reach.
    static func miniGuestWithTests(_ name: String) throws -> (copy: URL, harness: URL) {
        let copy = temporaryRoot(name)
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: repository.appendingPathComponent("examples/MiniGuest"), to: copy)
        try FileManager.default.createDirectory(
            at: copy.appendingPathComponent("MiniTests"), withIntermediateDirectories: true)
        let harness = copy.appendingPathExtension("harness")
        try FileManager.default.createDirectory(at: harness, withIntermediateDirectories: true)
        return (copy, harness)
    }

    static func remove(_ urls: URL...) {
        for url in urls { try? FileManager.default.removeItem(at: url) }
    }
}
