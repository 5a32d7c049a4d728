import Foundation
import OALDomain
import OALStore
import Testing

@testable import OALPlatform

/// The registry file's format version 2 (`ThresholdGroup`): compact, lossless,
/// version 1 still read, damage quarantined.
@Suite struct RegistryFormatTests {
    let now = PlatformFixtures.at(2026, 11, 30, 9, 30)
    let social = AppSelection(applications: [ApplicationToken("app-instagram"), ApplicationToken("app-tiktok")])
    let video = AppSelection(applications: [ApplicationToken("app-youtube")], categories: [CategoryToken("cat-video")])

    func perMinute(_ minutes: Int, _ selection: AppSelection, past: Bool = true) -> [String: DeviceActivityEvent] {
        var events: [String: DeviceActivityEvent] = [:]
        for minute in 1...minutes {
            events["minutes-\(minute)"] = DeviceActivityEvent(
                selection: selection, thresholdMinutes: minute, includesPastActivity: past)
        }
        return events
    }

    func platform() throws -> (DeviceRoot, EmulatedPlatform) {
        let root = try PlatformFixtures.temporaryRoot()
        let platform = try EmulatedPlatform(root: root)
        try platform.clock.set(ClockState(now: now, timeZoneIdentifier: "Europe/Paris"))
        return (root, platform)
    }

    func registryFile(_ root: DeviceRoot) -> URL { root.system.appendingPathComponent("deviceactivity.json") }

    @Test func aTimeLimitsPerMinuteThresholdsAreOneSelectionAndOneRange() throws {
        let (root, platform) = try platform()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let events = perMinute(90, social)
        try platform.deviceActivity.startMonitoring(
            "rule-a", during: PlatformFixtures.daily((0, 0), (23, 59)), events: events)
        let text = try String(contentsOf: registryFile(root), encoding: .utf8)
        #expect(text.components(separatedBy: "app-instagram").count == 2)
        #expect(text.contains("\"formatVersion\" : 2"))
        #expect(text.utf8.count < 2_000)
        #expect(try platform.deviceActivity.registry().activities["rule-a"]?.events == events)
    }

    @Test func anyEventSetRoundTrips() throws {
        var events = perMinute(5, social)
        events.removeValue(forKey: "minutes-3")
        events.merge(perMinute(2, video, past: false)) { first, _ in first }
        events["minutes-07"] = DeviceActivityEvent(selection: video, thresholdMinutes: 7)
        events["minutes-9"] = DeviceActivityEvent(selection: video, thresholdMinutes: 8)
        events["budget"] = DeviceActivityEvent(selection: social, thresholdMinutes: 45, includesPastActivity: true)
        events["x12"] = DeviceActivityEvent(selection: .empty, thresholdMinutes: 2)
        events["long-20000"] = DeviceActivityEvent(selection: .empty, thresholdMinutes: 20_000)
        events["7"] = DeviceActivityEvent(selection: .empty, thresholdMinutes: 7)
        let registration = ActivityRegistration(
            name: "rule-b", schedule: PlatformFixtures.daily((9, 0), (17, 0)), events: events, registeredAt: now,
            generation: 4)
        let registry = ActivityRegistry(activities: ["rule-b": registration], lastGeneration: 4)
        let bytes = try StoreCoding.encoder().encode(registry)
        #expect(try StoreCoding.decoder().decode(ActivityRegistry.self, from: bytes) == registry)
        #expect(try StoreCoding.encoder().encode(registry) == bytes)
    }

    /// `activities` reads the names alone (issue 36): the registry's keys,
    /// sorted, for a version 2 file, none without a file, and a version 1
    /// file's names before anything rewrites it.
    @Test func theActivitiesAreTheRegistrysNames() throws {
        let (root, platform) = try platform()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let center = platform.deviceActivity
        #expect(try center.activities() == [])
        for name in ["sched-b", "rule-a-2026-11-30", "rule-c"] {
            try center.startMonitoring(
                name, during: PlatformFixtures.daily((0, 0), (23, 59)), events: perMinute(60, video))
        }
        #expect(try center.activities() == ["rule-a-2026-11-30", "rule-c", "sched-b"])
        #expect(try center.activities() == center.registry().activities.keys.sorted())
        try center.stopMonitoring(["rule-c"])
        #expect(try center.activities() == ["rule-a-2026-11-30", "sched-b"])

        let old: [String: Any] = [
            "format": "oal.deviceactivity", "formatVersion": 1,
            "document": [
                "lastGeneration": 1, "pending": [],
                "activities": [
                    "rule-v1": [
                        "name": "rule-v1", "generation": 1, "registeredAt": now.timeIntervalSince1970,
                        "schedule": try JSONSerialization.jsonObject(
                            with: StoreCoding.encoder().encode(PlatformFixtures.daily((0, 0), (23, 59)))),
                        "events": [:],
                    ]
                ],
            ],
        ]
        try JSONSerialization.data(withJSONObject: old).write(to: registryFile(root))
        #expect(try center.activities() == ["rule-v1"])
    }

    @Test func aVersionOneFileIsReadAndRewrittenAsVersionTwo() throws {
        let (root, platform) = try platform()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let events = perMinute(3, social)
        let old: [String: Any] = [
            "format": "oal.deviceactivity", "formatVersion": 1,
            "document": [
                "lastGeneration": 7,
                "pending": [["kind": "intervalDidEnd", "activity": "sched-x", "at": now.timeIntervalSince1970]],
                "activities": [
                    "rule-a": [
                        "name": "rule-a", "generation": 7, "registeredAt": now.timeIntervalSince1970,
                        "schedule": try JSONSerialization.jsonObject(
                            with: StoreCoding.encoder().encode(PlatformFixtures.daily((0, 0), (23, 59)))),
                        "events": try JSONSerialization.jsonObject(with: StoreCoding.encoder().encode(events)),
                    ]
                ],
            ],
        ]
        try JSONSerialization.data(withJSONObject: old).write(to: registryFile(root))
        let read = try platform.deviceActivity.registry()
        #expect(read.lastGeneration == 7)
        #expect(read.pending == [PendingCallback(kind: .intervalDidEnd, activity: "sched-x", at: now)])
        #expect(read.activities["rule-a"]?.events == events)
        #expect(read.activities["rule-a"]?.generation == 7)
        let drained = try platform.deviceActivity.withRegistry { $0.drainPending() }
        #expect(drained.count == 1)
        let text = try String(contentsOf: registryFile(root), encoding: .utf8)
        #expect(text.contains("\"formatVersion\" : 2"))
        #expect(try platform.deviceActivity.registry().activities == read.activities)
    }

    @Test(arguments: [
        #"{"from":5,"prefix":"minutes-","through":4}"#, #"{"from":0,"prefix":"minutes-","through":4}"#,
        #"{"from":1,"prefix":"minutes-","through":999999999}"#,
    ])
    func aDamagedRangeIsQuarantined(range: String) throws {
        let (root, platform) = try platform()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try writeVersionTwo(root, eventGroups: #"[{"selection":{},"ranges":[\#(range)]}]"#)
        #expect {
            try platform.deviceActivity.startMonitoring("rule-c", during: PlatformFixtures.daily((0, 0), (23, 59)))
        } throws: { error in
            guard case StoreError.corrupt(_, _, _, let moved?) = error else { return false }
            return FileManager.default.fileExists(atPath: moved)
        }
        #expect(try platform.deviceActivity.activities().isEmpty)
    }

    @Test func anEventStoredTwiceIsQuarantined() throws {
        let (root, platform) = try platform()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try writeVersionTwo(
            root,
            eventGroups: #"[{"selection":{},"ranges":[{"from":1,"prefix":"m-","through":3}]},"#
                + #"{"selection":{},"includesPastActivity":true,"named":{"m-2":2}}]"#)
        #expect(throws: StoreError.self) {
            try platform.deviceActivity.withRegistry { _ in }
        }
        #expect(try platform.deviceActivity.activities().isEmpty)
    }

    @Test func aNewerVersionIsRefusedAndKept() throws {
        let (root, platform) = try platform()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let newer = #"{"format":"oal.deviceactivity","formatVersion":3,"document":{}}"#
        try Data(newer.utf8).write(to: registryFile(root))
        #expect(throws: StoreError.newerFormat(path: registryFile(root).path, found: 3, known: 2)) {
            try platform.deviceActivity.registry()
        }
        #expect(try String(contentsOf: registryFile(root), encoding: .utf8) == newer)
    }

    private func writeVersionTwo(_ root: DeviceRoot, eventGroups: String) throws {
        let schedule = try StoreCoding.encoder(pretty: false).encode(PlatformFixtures.daily((0, 0), (23, 59)))
        let text =
            #"{"format":"oal.deviceactivity","formatVersion":2,"#
            + #""document":{"lastGeneration":1,"pending":[],"#
            + #""activities":{"rule-a":{"name":"rule-a","generation":1,"registeredAt":0,"#
            + #""schedule":\#(String(decoding: schedule, as: UTF8.self)),"eventGroups":\#(eventGroups)}}}}"#
        try Data(text.utf8).write(to: registryFile(root))
    }
}
