import Foundation
import OALTestSupport
import Testing

/// Guest builds end to end: `oal-device guest build` compiles a checkout's
/// processes against GuestSDK, and `oal-device run --guest` plays a
/// scenario with them. MiniGuest (examples/) always runs, so the SDK is
/// exercised on every `swift test`; the real app runs when its sources are
/// present (`../shared/guest/OpenAppLock`, or `OAL_GUEST_SOURCES`).
/// Serialized: the builds share the machine's two cores.
@Suite(.serialized)
struct GuestBuildTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Builds a guest into the build cache (kept between runs, so a second
    /// `swift test` compiles nothing) and returns its build directory.
    static func build(checkout: String, name: String, _ extra: [String] = []) throws -> URL {
        let run = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"), ["guest", "build", checkout] + extra)
        #expect(run.status == 0, "guest build \(name): \(run.stderr.suffix(3000))")
        return URL(fileURLWithPath: run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A fresh root for `scenario`, then the run against `guest`.
    static func play(_ scenario: String, guest: URL, root: URL, _ extra: [String] = []) throws -> ProcessRun {
        try? FileManager.default.removeItem(at: root)
        let device = try BuiltProducts.executable("oal-device")
        let initRun = try ProcessRun.run(device, ["init", "--root", root.path, "--scenario", scenario])
        #expect(initRun.status == 0, "init: \(initRun.stderr)")
        return try ProcessRun.run(
            device, ["run", "--root", root.path, scenario, "--guest", guest.path, "--quiet"] + extra)
    }

    static func temporaryRoot(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("oal-guest-\(name)-\(getpid())")
    }

    @Test func miniGuestRunsAsTheFourProcessesOnTheEmulatedClock() throws {
        let checkout = Self.repository.appendingPathComponent("examples/MiniGuest").path
        let guest = try Self.build(checkout: checkout, name: "MiniGuest")
        let root = Self.temporaryRoot("mini")
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Self.play(checkout + "/mini.scenario", guest: guest, root: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("guest MiniGuest from \(checkout)"))
        #expect(run.stderr.contains("0 violation(s)"))
        try Self.expectClockPinned(root)

        // Forked (docs/PROCESSES.md, "Forked cold launches"): the guest's
        // extensions forked by their fork servers, with the same verdict and
        // the same pinned clock in every child.
        let forkedRoot = Self.temporaryRoot("mini-forked")
        defer { try? FileManager.default.removeItem(at: forkedRoot) }
        let forked = try Self.play(checkout + "/mini.scenario", guest: guest, root: forkedRoot, ["--forked"])
        #expect(forked.status == 0 && forked.stderr.contains("0 violation(s)"), "\(forked.stderr)")
        #expect(forked.stderr.contains("--forked"), "the reproduce line names it: \(forked.stderr)")
        try Self.expectClockPinned(forkedRoot)

        // Every key access is traced with its process (the access audit).
        let trace = try String(contentsOf: root.appendingPathComponent("logs/trace.jsonl"), encoding: .utf8)
        let lines = trace.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        func has(_ process: String, _ event: String, _ key: String) -> Bool {
            lines.contains {
                $0["proc"] as? String == process && $0["event"] as? String == event
                    && ($0["fields"] as? [String: String])?["key"] == key
            }
        }
        #expect(has("app", "store.write", "rules"))
        #expect(has("monitor", "store.read", "rules"))
        #expect(has("monitor", "store.write", "lastCallback"))
        #expect(
            lines.contains { $0["proc"] as? String == "monitor" && $0["event"] as? String == "notification.deliver" })
    }

    /// The clock pin (docs/GUEST.md, "The clock"): the monitor's `Date()`
    /// and `TimeZone.current` are the emulated ones (10:00 in New York, the
    /// window's end), not the machine's.
    static func expectClockPinned(_ root: URL) throws {
        let defaults = root.appendingPathComponent("appgroup/Library/Preferences/group.example.MiniGuest.json")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: defaults)) as? [String: Any])
        let values = try #require((document["document"] as? [String: Any])?["values"] as? [String: Any])
        let stamp = try #require((values["lastCallback"] as? [String: Any])?["date"] as? Double)
        #expect(stamp == 1_796_050_800)  // 2026-11-30 10:00 America/New_York
        #expect((values["lastCallbackZone"] as? [String: Any])?["string"] as? String == "America/New_York")
    }

    @Test func theRealAppPlaysTheDemoDay() throws {
        let environment = ProcessInfo.processInfo.environment["OAL_GUEST_SOURCES"]
        let checkout =
            environment
            ?? Self.repository.deletingLastPathComponent().appendingPathComponent("shared/guest/OpenAppLock")
            .path
        guard FileManager.default.fileExists(atPath: checkout + "/Shared") else {
            print(
                "GuestBuildTests: skipped the real-guest run: no OpenAppLock sources at \(checkout) (set OAL_GUEST_SOURCES)"
            )
            return
        }
        let guest = try Self.build(checkout: checkout, name: "OpenAppLock")
        let root = Self.temporaryRoot("demo")
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Self.play(
            Self.repository.appendingPathComponent("scenarios/demo-day.scenario").path, guest: guest, root: root)
        // The oracle judges the real app clean on the demo day; the one failed
        // expectation is finding G1 (docs/GUEST.md): the app records a time
        // limit's minutes only at the budget.
        #expect(run.stderr.contains("0 violation(s)"), "\(run.stderr)")
        #expect(run.stderr.contains("23 expectation(s) met, 1 failed"), "\(run.stderr)")
    }
}
