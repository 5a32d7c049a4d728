import Foundation
import OALPlatform
import OALStore
import OALTestSupport
import Testing

/// A second real app (issue 26, item 3; docs/FOQOS.md): its app and its
/// three extensions build against the stand-ins with zero edits, membership
/// read from its own Xcode project, its app through a harness of its own. In the serialized guest-build suite: builds share two cores.
extension GuestBuildTests {
    static var foqos: String { sharedGuest("Foqos") }

    @Test func foqosFourProcessesBuildWithZeroEdits() throws {
        let checkout = Self.foqos
        guard FileManager.default.fileExists(atPath: checkout + "/foqos.xcodeproj/project.pbxproj") else {
            print("GuestBuildTests: skipped the Foqos build: no Foqos sources at \(checkout)")
            return
        }
        let run = try ProcessRun.run(try BuiltProducts.executable("oal-device"), ["guest", "build", checkout])
        #expect(run.status == 0, "guest build Foqos: \(run.stderr.suffix(4000))")
        let build = URL(fileURLWithPath: run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(run.stderr.contains("membership: Xcode project foqos.xcodeproj"), "\(run.stderr)")
        let description = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: build.appendingPathComponent("guest.json")))
                as? [String: Any])
        let processes = try #require(description["processes"] as? [String: String])
        #expect(processes.keys.sorted() == ["app", "monitor", "shield-action", "shield-config"])
        #expect(description["omitted"] == nil)
        // The links Foqos answers: its associated domain (its project names
        // the entitlements `foqos/`, the folder is `Foqos/`).
        let links = try #require(description["links"] as? [String: [String]])
        #expect(links["hosts"] == ["foqos.app"])
        for name in ["oal-app", "oal-monitor", "oal-shield-config", "oal-shield-action"] {
            #expect(FileManager.default.isExecutableFile(atPath: build.appendingPathComponent("bin/\(name)").path))
        }
        // Every file of the three extensions is compiled: none left out. The
        // app leaves out views no other file names, and those beyond the
        // SwiftUI stand-in, each with its reason.
        let excluded = try String(contentsOf: build.appendingPathComponent("excluded.txt"), encoding: .utf8)
            .split(separator: "\n")
        #expect(excluded.allSatisfy { $0.hasPrefix("app ") }, "\(excluded)")
        #expect(
            excluded.contains("app Foqos/Views/HomeView.swift (a SwiftUI view (the emulated device has no screen))"))
        // The intents' own files are all compiled.
        #expect(!excluded.contains { $0.contains("/Intents/") })
    }
}

extension GuestBuildTests {
    /// Foqos's extensions as processes on an emulated device (docs/FOQOS.md): with no app process to set Foqos up, the test
    /// stands in for it, writing the profile and the active session into
    /// the App Group's defaults as Foqos's `SharedData` does. A break's
    /// `intervalDidStart` lifts the shield; its `intervalDidEnd` restores it;
    /// the shield configuration then draws Foqos's shield with its icon.
    @Test func foqosMonitorLiftsAndRestoresTheShieldAroundABreak() throws {
        let checkout = Self.foqos
        guard FileManager.default.fileExists(atPath: checkout + "/foqos.xcodeproj/project.pbxproj") else {
            print("GuestBuildTests: skipped the Foqos run: no Foqos sources at \(checkout)")
            return
        }
        let device = try BuiltProducts.executable("oal-device")
        let built = try ProcessRun.run(device, ["guest", "build", checkout, "--quiet"])
        try #require(built.status == 0, "\(built.stderr.suffix(3000))")
        let bin = URL(fileURLWithPath: built.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            .appendingPathComponent("bin")
        let root = Self.temporaryRoot("foqos")
        try? FileManager.default.removeItem(at: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let scenario = root.appendingPathExtension("scenario")
        defer { try? FileManager.default.removeItem(at: scenario) }
        try "timezone UTC\nstart 2026-11-30 09:00\nend 2026-11-30 10:00\n".write(
            to: scenario, atomically: true, encoding: .utf8)
        let initRun = try ProcessRun.run(device, ["init", "--root", root.path, "--scenario", scenario.path])
        try #require(initRun.status == 0, "\(initRun.stderr)")
        try Self.seedFoqosProfile(root)

        let activity = "BreakScheduleActivity:\(Self.foqosProfile)"
        let start = try ProcessRun.run(
            bin.appendingPathComponent("oal-monitor"), ["--root", root.path, "intervalDidStart", activity])
        #expect(start.status == 0, "\(start.stderr)")
        #expect(try Self.shieldedApplications(root) == [])
        let end = try ProcessRun.run(
            bin.appendingPathComponent("oal-monitor"), ["--root", root.path, "intervalDidEnd", activity])
        #expect(end.status == 0, "\(end.stderr)")
        #expect(try Self.shieldedApplications(root) == [Self.instagram])
        // A second break (the profile allows several) lifts the shield Foqos set.
        let again = try ProcessRun.run(
            bin.appendingPathComponent("oal-monitor"), ["--root", root.path, "intervalDidStart", activity])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.shieldedApplications(root) == [])

        let shield = try ProcessRun.run(
            bin.appendingPathComponent("oal-shield-config"),
            ["--root", root.path, "application", Self.instagram, "--json"])
        #expect(shield.status == 0, "\(shield.stderr)")
        #expect(shield.stdout.contains("\"icon\" : \"image 96×96 drawing"), "\(shield.stdout)")
        // Foqos's shield action answers `.close` with no soft-unblock session.
        let press = try ProcessRun.run(
            bin.appendingPathComponent("oal-shield-action"),
            ["--root", root.path, "application", Self.instagram, "primary"])
        #expect(press.status == 0 && press.stdout.contains("close"), "\(press.stdout) \(press.stderr)")

        let trace = try String(contentsOf: root.appendingPathComponent("logs/trace.jsonl"), encoding: .utf8)
        #expect(trace.contains("\"callback\":\"intervalDidStart\""))
        #expect(
            trace.contains(
                "\"event\":\"shield.set\",\"fields\":{\"cause\":\"guest\",\"store\":\"foqosAppRestrictions\""))
    }

    static let foqosProfile = "6F1C1B8E-0000-4000-8000-000000000001"
    /// Instagram in the standard catalog.
    static let instagram = "app-578e1e906072ccf6"

    /// Foqos's `SharedData` keys in its App Group suite, as its app writes
    /// them: a profile blocking Instagram with breaks on, and its session.
    static func seedFoqosProfile(_ root: URL) throws {
        let profile: [String: Any] = [
            "id": foqosProfile, "name": "Work",
            "selectedActivity": ["applications": [instagram], "categories": [String](), "webDomains": [String]()],
            "createdAt": 0, "updatedAt": 0, "order": 0, "enableLiveActivity": false, "enableBreaks": true,
            "breakTimeInMinutes": 15, "enableStrictMode": false, "enableBlockAppInstallation": false,
            "enableAllowMode": false, "enableAllowModeDomains": false, "enableSafariBlocking": false,
        ]
        let session: [String: Any] = [
            "id": "session-1", "tag": foqosProfile, "blockedProfileId": foqosProfile, "startTime": 0,
            "forceStarted": true,
        ]
        func data(_ value: Any) throws -> [String: String] {
            ["data": try JSONSerialization.data(withJSONObject: value).base64EncodedString()]
        }
        let document: [String: Any] = [
            "document": [
                "values": [
                    "profileSnapshots": try data([foqosProfile: profile]),
                    "activeScheduleSession": try data(session),
                ]
            ],
            "format": "oal.user-defaults", "formatVersion": 1,
        ]
        let preferences = root.appendingPathComponent("appgroup/Library/Preferences")
        try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: document).write(
            to: preferences.appendingPathComponent("group.dev.ambitionsoftware.foqos.json"))
    }

    /// The applications Foqos's named store shields (none before the
    /// store's first write).
    static func shieldedApplications(_ root: URL) throws -> [String] {
        let file = root.appendingPathComponent("system/managedsettings/foqosAppRestrictions.json")
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let shield = (json["document"] as? [String: Any])?["shield"] as? [String: Any]
        return shield?["applications"] as? [String] ?? []
    }
}

extension GuestBuildTests {
    /// The same break, the callbacks delivered by the emulated device from
    /// a scenario (`scenarios/guests/foqos/break.scenario`): the guest has
    /// no app, so the oracle judges nothing of the spec, and the scenario's
    /// own expectations judge Foqos.
    @Test func foqosBreakPlaysFromAScenarioOnASeededAppGroup() throws {
        let checkout = Self.foqos
        guard FileManager.default.fileExists(atPath: checkout + "/foqos.xcodeproj/project.pbxproj") else {
            print("GuestBuildTests: skipped the Foqos scenario: no Foqos sources at \(checkout)")
            return
        }
        let device = try BuiltProducts.executable("oal-device")
        let built = try ProcessRun.run(device, ["guest", "build", checkout, "--quiet"])
        try #require(built.status == 0, "\(built.stderr.suffix(3000))")
        let guest = built.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let scenario = Self.repository.appendingPathComponent("scenarios/guests/foqos/break.scenario").path
        let root = Self.temporaryRoot("foqos-scenario")
        try? FileManager.default.removeItem(at: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let initRun = try ProcessRun.run(device, ["init", "--root", root.path, "--scenario", scenario])
        try #require(initRun.status == 0, "\(initRun.stderr)")
        // What Foqos's app would have done: its profile and session in the
        // App Group, and the break registered with DeviceActivity.
        try Self.seedFoqosProfile(root)
        let system = try AppGroupContainer(url: root.appendingPathComponent("system"))
        try OALPlatform.DeviceActivityCenter(system: system, clock: EmulatedClock(system: system)).startMonitoring(
            "BreakScheduleActivity:\(Self.foqosProfile)",
            during: OALPlatform.DeviceActivitySchedule(
                intervalStart: .timeOfDay(hour: 9, minute: 10), intervalEnd: .timeOfDay(hour: 9, minute: 25),
                repeats: false))
        let run = try ProcessRun.run(device, ["run", "--root", root.path, scenario, "--guest", guest, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("4 expectation(s) met, 0 failed"), "\(run.stderr)")
        #expect(run.stderr.contains("0 violation(s)"), "\(run.stderr)")
        #expect(run.stderr.contains("not judged for this guest"), "\(run.stderr)")
        let trace = try String(contentsOf: root.appendingPathComponent("logs/trace.jsonl"), encoding: .utf8)
        #expect(trace.contains("\"callback\":\"intervalDidEnd\""), "the device delivered the break's end")
    }
}
