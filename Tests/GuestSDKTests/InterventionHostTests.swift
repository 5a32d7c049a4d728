import Foundation
import OALTestSupport
import Testing

/// swift-app-intervention's sample host app (issue 37) as the guest app on
/// the emulated device: Shortcuts automations run its intent on every open,
/// the pause screen's buttons are taps, the pass reopens the app by URL,
/// and the package's contract is judged (docs/GUEST.md, "A package's host
/// app"; docs/ORACLE.md, "The intervention package's contract").
@Suite("The intervention package's host app, played and judged", .serialized)
struct InterventionHostTests {
    static let package = GuestBuildTests.sharedGuest("swift-app-intervention")
    static let day = GuestBuildTests.repository.appendingPathComponent(
        "scenarios/guests/intervention-day.scenario"
    ).path

    static var packagePresent: Bool { FileManager.default.fileExists(atPath: package + "/Package.swift") }

    @Test(.enabled(if: InterventionHostTests.packagePresent, "needs ../shared/guest/swift-app-intervention"))
    func theDayPlaysWithTheAutomationFiringAgainOnTheReopenByURL() throws {
        // Also: an intent runs in the app's running process when it is alive.
        let guest = try GuestBuildTests.build(checkout: Self.package, name: "InterventionSample")
        let description = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: guest.appendingPathComponent("guest.json")))
                as? [String: Any])
        #expect(description["membership"] as? String == "XcodeGen spec Examples/InterventionSample/project.yml")
        #expect((description["omitted"] as? [String: String])?["monitor"]?.contains("no Screen Time extension") == true)
        let root = GuestBuildTests.temporaryRoot("intervention-day")
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try GuestBuildTests.play(Self.day, guest: guest, root: root)
        #expect(run.status == 0, "\(run.stderr.suffix(3000))")
        let events = GuestBuildTests.traceEvents(root)

        // 07:30: the pause comes forward and is on the host's screen.
        let firstPause = try #require(events.firstIndex { $0.0 == "screen.pause" })
        #expect(events[firstPause].1["app"] == "instagram")
        // 07:31: pay: Instagram reopened by its URL scheme, and the reopen
        // fires the automation again, which passes it through uncounted.
        let reopen = try #require(events.firstIndex { $0.0 == "url.opened" })
        #expect(events[reopen].1["url"] == "instagram://")
        #expect(events[reopen + 2].0 == "user.open")
        #expect(events[reopen + 2].1["via"] == "url")
        let again = try #require(events[reopen...].firstIndex { $0.0 == "automation.run" })
        #expect(events[again].1["automation"] == "Pause Instagram")
        #expect(events[again].1["foreground"] == "no")
        // iOS runs an intent in the app's process when it is alive: only
        // the first run, before the app ever ran, launched a process for it;
        // every later one was handed to the running app (in front or not).
        #expect(events.filter { $0.0 == "launch" && $0.1["argv"]?.hasPrefix("intent ") == true }.count == 1)
        #expect(events.filter { $0.0 == "intent.delivered" }.count == 7)
        let delivered = try #require(events[reopen...].firstIndex { $0.0 == "intent.delivered" })
        #expect(events[delivered + 1].0 == "intent.start")
        // 09:31: a double tap on pay resolves the pause once.
        let double = try #require(events.first { $0.0 == "user.tap" && $0.1["times"] == "2" })
        #expect(double.1["result"]?.contains("proceeded") == true)
        #expect(double.1["result"]?.contains("alreadyResolved") == true)
        // 10:31: the app cannot come forward: the run passes Instagram
        // through, and no pause reaches the screen before the next open.
        let fault = try #require(events.firstIndex { $0.0 == "fault" && $0.1["kind"] == "foreground-refused" })
        let refused = try #require(events[fault...].firstIndex { $0.0 == "automation.run" })
        #expect(events[refused].1["foreground"] == "no")
        let nextOpen = events[(refused + 1)...].firstIndex { $0.0 == "user.open" } ?? events.endIndex
        #expect(!events[refused..<nextOpen].contains { $0.0 == "screen.pause" })
        // 11:03: three minutes late, the pause has expired.
        let late = try #require(events.last { $0.0 == "user.tap" })
        #expect(late.1["result"] == "error: expired")
        let oracle = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("logs/oracle.json")))
                as? [String: Any])
        #expect((oracle["violations"] as? [Any])?.isEmpty == true)
        let judged = try #require(oracle["contractJudged"] as? String)
        #expect(judged.hasPrefix("fail-open, exactly-once-resolve, never-stale, open-counted-once and return-window"))
        #expect(judged.contains("8 automation run(s), 4 pause(s) shown"))
    }

    /// Each promise broken on purpose in the package's code fails the day on
    /// the check that names it, and only the mutant's run does.
    @Test(.enabled(if: InterventionHostTests.packagePresent, "needs ../shared/guest/swift-app-intervention"))
    func eachContractMutantFailsTheDayOnItsOwnCheck() throws {
        let work = GuestBuildTests.temporaryRoot("intervention-contract")
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"),
            ["guest", "contract", Self.package, "--scenario", Self.day, "--work", work.path, "--quiet"])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr.suffix(2000))")
        let unmutated = "| unmutated | intervention-day.scenario | none of the contract's checks | nothing | yes |"
        #expect(run.stdout.contains(unmutated))
        for (mutant, check) in [
            ("record-withdrawn-pause-as-shown", "fail-open"), ("resolve-twice", "exactly-once-resolve"),
            ("resolve-stale-pause", "never-stale"), ("count-the-return", "open-counted-once"),
            ("no-return-window", "return-window"),
        ] {
            let row = run.stdout.split(separator: "\n").first { $0.contains(" \(mutant) |") }
            #expect(row?.contains("| \(check) | \(check) ×") == true, "\(mutant): \(row ?? "no row")")
            #expect(row?.hasSuffix("| yes |") == true, "\(mutant): \(row ?? "no row")")
        }
        #expect(run.stdout.contains("5 of 5 mutant(s) caught by the check they break"))
    }
}
