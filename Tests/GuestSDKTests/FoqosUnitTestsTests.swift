import Foundation
import OALTestSupport
import Testing

/// Foqos's own XCTest unit tests (`foqosTests/`, issue 26) built against
/// the stand-ins with zero edits and run on Linux by `oal-device guest
/// test` (docs/GUEST.md, "A second app: Foqos", "Its unit tests"). In the
/// serialized guest-build suite: the build shares two cores.
extension GuestBuildTests {
    /// The test files that do not compile, with the app file at the root
    /// of why (docs/GUEST.md): every test in them is reported `not
    /// compiled` with that chain; every other test must pass.
    static let foqosExpectedNotCompiled: [String: (tests: Int, cause: String)] = [
        // BlockedProfileSession -> BlockedProfiles -> NFCBlockingStrategy, which returns a SwiftUI view.
        // (WidgetKit, ActivityKit, BackgroundTasks, CoreNFC and CodeScanner have stand-ins.)
        "foqosTests/PauseActiveSessionTests.swift": (
            8,
            "NFCBlockingStrategy (Foqos/Models/Strategies/NFCBlockingStrategy.swift): uses SwiftUI beyond the stand-in"
        ),
        // BlockedProfiles -> NFCBlockingStrategy.
        "foqosTests/SessionTimeCalculatorTests.swift": (
            8,
            "NFCBlockingStrategy (Foqos/Models/Strategies/NFCBlockingStrategy.swift): uses SwiftUI beyond the stand-in"
        ),
        // ManualBlockingStrategy returns `(any View)?`: a SwiftUI view type.
        "foqosTests/SoftUnblockTests.swift": (
            13,
            "ManualBlockingStrategy (Foqos/Models/Strategies/ManualBlockingStrategy.swift): uses SwiftUI beyond the stand-in"
        ),
    ]

    @Test func foqosOwnUnitTestsRunOnTheStandIns() throws {
        let checkout = Self.foqos
        guard FileManager.default.fileExists(atPath: checkout + "/foqosTests") else {
            print("GuestBuildTests: skipped Foqos's unit tests: no Foqos sources at \(checkout)")
            return
        }
        let json = Self.temporaryRoot("foqos-tests").appendingPathExtension("json")
        defer { try? FileManager.default.removeItem(at: json) }
        let run = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"), ["guest", "test", checkout, "--json", json.path])
        // 0 when every test that ran passed, 1 when one failed: anything else is the build's.
        try #require(run.status == 0 || run.status == 1, "guest test Foqos: \(run.stderr.suffix(4000))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.count == 4, "\(files)")
        var passed: [String] = []
        var notPassed: [String] = []
        for file in files {
            let path = file["file"] as? String ?? "?"
            let results = file["results"] as? [[String: Any]] ?? []
            if let expected = Self.foqosExpectedNotCompiled[path] {
                #expect(file["status"] as? String == "not compiled", "\(path): \(file)")
                #expect(results.count == expected.tests, "\(path)")
                for result in results {
                    #expect((result["issue"] as? String ?? "").contains(expected.cause), "\(path): \(result)")
                }
            }
            for result in results {
                let name = result["test"] as? String ?? "?"
                if result["status"] as? String == "passed" { passed.append(name) } else { notPassed.append(name) }
            }
        }
        // Every test of the four files is accounted for, each by name, and
        // every test that compiled passed.
        #expect(passed.count + notPassed.count == 37, "passed \(passed), not passed \(notPassed)")
        #expect(passed.count == 8, "passed: \(passed.sorted())")
        #expect(passed.allSatisfy { $0.hasPrefix("WeeklySessionAggregatorTests/") })
        #expect(run.stdout.contains("| WeeklySessionAggregatorTests/testOvernightSessionSplitsAcrossDays | passed |"))
        // Issue 26's bar: 90% of the tests pass. Not met (8 of 37): the
        // other three files need Foqos's strategies, which return SwiftUI
        // views (docs/GUEST.md). Recorded as a known issue, so
        // this test fails once the bar is met and must be updated then.
        withKnownIssue("issue 26: 90% of Foqos's unit tests passing needs SwiftUI view stand-ins") {
            #expect(passed.count * 10 >= 37 * 9, "\(passed.count) of 37 pass")
        }
    }
}
