import Foundation
import OALDomain
import OALPlatform
import OALStore
import Testing

/// The app and its extensions as separate processes sharing one device
/// root: each test drives the real executables and checks what the
/// emulated device enforces.
@Suite struct EnforcementProcessTests {
    @Test func scheduleShieldsOnRefreshAndTheMonitorClearsAtTheEnd() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram,TikTok")
        let id = try device.addRule("schedule", "Work", "--list", "Social", "--from", "09:00", "--to", "17:00")
        #expect(try device.isShielded("Instagram"))
        #expect(try device.isShielded("TikTok"))
        #expect(try !device.isShielded("YouTube"))
        #expect(try device.activities().contains("sched-\(id.uuidString)"))

        // Background path only: the clock passes the end, the monitor runs.
        try device.set(2026, 11, 30, 17, 0, 5)
        try device.monitor("intervalDidEnd", "sched-\(id.uuidString)")
        #expect(try !device.isShielded("Instagram"))
        let events = try device.trace()
        #expect(!events.contains { $0.process == .app && $0.time >= "2026-11-30T17" })
        #expect(events.contains { $0.process == .monitor && $0.event == "shield.clear" })
    }

    /// Explore seed 572: the tracking list damaged, then a rule deleted.
    /// The delete's refresh quarantines the list (exit 65) and a later one
    /// starts it empty; iOS lists no named stores, so the deleted rule's
    /// store is found from the mirror the refresh replaced, and cleared.
    @Test func aDeletedRulesStoreIsClearedThoughTheTrackingListIsLost() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        _ = try device.addRule("schedule", "Work", "--list", "Social", "--from", "09:00", "--to", "17:00")
        #expect(try device.isShielded("Instagram"))
        let tracking = device.root.appGroup.appendingPathComponent("shield-stores.json")
        try Data("{ not json".utf8).write(to: tracking)
        try device.app("rule", "delete", "Work", expect: nil)
        try device.app("refresh")
        #expect(try !device.isShielded("Instagram"))
    }

    @Test func monitorStartEdgeShieldsWithoutTheApp() throws {
        let device = try Device()
        try device.set(2026, 11, 30, 8, 0)
        try device.app("list", "add", "Social", "--apps", "Instagram")
        let id = try device.addRule("schedule", "Work", "--list", "Social", "--from", "09:00", "--to", "17:00")
        #expect(try !device.isShielded("Instagram"))
        try device.set(2026, 11, 30, 9, 0)
        try device.monitor("intervalDidStart", "sched-\(id.uuidString)")
        #expect(try device.isShielded("Instagram"))
    }

    @Test func timeLimitShieldsAtTheBudgetAndHomeListsIt() throws {
        let device = try Device()
        try device.app("list", "add", "Video", "--apps", "YouTube")
        let id = try device.addRule("time-limit", "Tube", "--list", "Video", "--minutes", "5")
        #expect(try !device.isShielded("YouTube"))
        // A time limit's activity is the day's: rule-<id>-<yyyy-MM-dd>.
        let today = "rule-\(id.uuidString)-2026-11-30"
        #expect(try device.activities().contains(today))
        #expect(try !device.activities().contains("rule-\(id.uuidString)"))

        try device.monitor("eventDidReachThreshold", today, "minutes-4")
        #expect(try !device.isShielded("YouTube"))
        try device.monitor("eventDidReachThreshold", today, "minutes-5")
        #expect(try device.isShielded("YouTube"))

        let home = try device.json(device.app("home", "--json"))
        let blocking = try #require(home["currentlyBlocking"] as? [[String: Any]])
        #expect(blocking.map { $0["id"] as? String } == [id.uuidString])
        #expect((blocking.first?["subtitle"] as? String)?.hasPrefix("Time Limit · 5m of 5m") == true)

        // Midnight, the app closed: the day's end stops today's activity and
        // arms tomorrow's (the monitor's self-arm), whose start clears the
        // shield for the fresh budget.
        try device.set(2026, 12, 1, 0, 0, 0)
        try device.monitor("intervalDidEnd", today)
        let tomorrow = "rule-\(id.uuidString)-2026-12-01"
        #expect(try device.activities().filter { $0.hasPrefix("rule-") } == [tomorrow])
        try device.monitor("intervalDidStart", tomorrow)
        #expect(try !device.isShielded("YouTube"))
        // A late threshold of yesterday is filed under yesterday.
        try device.set(2026, 12, 1, 9, 0, 0)
        try device.monitor("eventDidReachThreshold", today, "minutes-5")
        #expect(try !device.isShielded("YouTube"))
        let filed = try device.trace().filter { $0.event == "usage.minutes" }.last
        #expect(filed?.fields["day"] == "2026-11-30")
    }

    @Test func openLimitTurnstileFromDayStartThroughASession() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        let id = try device.addRule("open-limit", "Gate", "--list", "Social", "--opens", "2")
        let store = "rule-\(id.uuidString)"
        #expect(try device.isShielded("Instagram"))

        // Day start, background: the gate goes up again.
        try device.clearStore(store)
        try device.set(2026, 12, 1, 0, 0, 5)
        try device.monitor("intervalDidStart", store)
        #expect(try device.isShielded("Instagram"))

        try device.set(2026, 12, 1, 9, 0, 20)
        let token = try device.app(named: "Instagram").token.description
        let shield = try device.json(device.run("oal-shield-config", ["application", token, "--json"]))
        #expect(shield["secondaryButtonLabel"] as? String == "Open (2 left)")

        let press = try device.run("oal-shield-action", ["application", token, "secondary"])
        #expect(press.stdout.hasPrefix("granted \(id.uuidString) until 2026-12-01T09:16:00"))
        #expect(try !device.isShielded("Instagram"))
        #expect(try device.activities().contains("open-session-\(id.uuidString)"))

        // The app's refresh during the session does not re-lock it.
        try device.set(2026, 12, 1, 9, 10)
        try device.app("refresh")
        #expect(try !device.isShielded("Instagram"))

        // The one-shot ends: the monitor re-shields.
        try device.set(2026, 12, 1, 9, 16)
        try device.monitor("intervalDidEnd", "open-session-\(id.uuidString)")
        #expect(try device.isShielded("Instagram"))

        // Second and last open, then the budget is spent.
        try device.run("oal-shield-action", ["application", token, "secondary"])
        try device.set(2026, 12, 1, 9, 32)
        try device.monitor("intervalDidEnd", "open-session-\(id.uuidString)")
        #expect(try device.isShielded("Instagram"))
        let denied = try device.run("oal-shield-action", ["application", token, "secondary"], expect: 2)
        #expect(denied.stdout.hasPrefix("denied:"))
        let home = try device.json(device.app("home", "--json"))
        #expect((home["currentlyBlocking"] as? [[String: Any]])?.first?["id"] as? String == id.uuidString)
        let events = try device.trace().map(\.event)
        #expect(events.filter { $0 == "open.granted" }.count == 2)
        #expect(events.contains("open.denied"))
    }

    @Test func strictestRuleWinsAndOpenIsNotOfferedUnderAnotherBlock() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        let limit = try device.addRule("time-limit", "Limit", "--list", "Social", "--minutes", "3")
        let gate = try device.addRule("open-limit", "Gate", "--list", "Social", "--opens", "5")
        try device.monitor("eventDidReachThreshold", "rule-\(limit.uuidString)-2026-11-30", "minutes-3")
        #expect(
            try device.storesShielding("Instagram") == ["rule-\(gate.uuidString)", "rule-\(limit.uuidString)"].sorted())

        let token = try device.app(named: "Instagram").token.description
        let shield = try device.json(device.run("oal-shield-config", ["application", token, "--json"]))
        #expect(shield["secondaryButtonLabel"] == nil)
        try device.run("oal-shield-action", ["application", token, "secondary"], expect: 2)
        #expect(try device.isShielded("Instagram"))
    }

    @Test func allowOnlyDoesNotLiftAnotherRulesBlock() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        let allow = try device.addRule(
            "schedule", "Focus", "--list", "Social", "--from", "09:00", "--to", "17:00", "--allow-only")
        // Allow Only alone: everything but Instagram.
        #expect(try !device.isShielded("Instagram"))
        #expect(try device.isShielded("YouTube"))
        let limit = try device.addRule("time-limit", "Limit", "--list", "Social", "--minutes", "1")
        try device.monitor("eventDidReachThreshold", "rule-\(limit.uuidString)-2026-11-30", "minutes-1")
        #expect(try device.storesShielding("Instagram") == ["rule-\(limit.uuidString)"])
        #expect(try !device.storesShielding("YouTube").contains("rule-\(limit.uuidString)"))
        #expect(try device.storesShielding("YouTube") == ["rule-\(allow.uuidString)"])
    }

    @Test func softUnblockPausesOnlyItsOwnRule() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        let first = try device.addRule("schedule", "A", "--list", "Social", "--from", "09:00", "--to", "12:00")
        let second = try device.addRule("schedule", "B", "--list", "Social", "--from", "08:00", "--to", "18:00")
        try device.app("rule", "unblock", "A")
        #expect(try device.storesShielding("Instagram") == ["rule-\(second.uuidString)"])
        let detail = try device.json(device.app("show", first.uuidString, "--json"))
        #expect((detail["caption"] as? String)?.hasPrefix("Schedule, Paused for") == true)
    }

    @Test func hardModeRefusesEveryWayOut() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        try device.app("list", "add", "Games", "--apps", "Chess")
        _ = try device.addRule("schedule", "Locked", "--list", "Social", "--from", "09:00", "--to", "17:00", "--hard")
        for arguments in [
            ["rule", "unblock", "Locked"], ["rule", "edit", "Locked", "--to", "10:30"],
            ["rule", "disable", "Locked"], ["rule", "delete", "Locked"],
            ["list", "edit", "Social", "--apps", "Chess"], ["list", "edit", "Games", "--apps", "Reddit"],
            ["list", "delete", "Games"],
        ] {
            let result = try device.run("oal-app", arguments, expect: 2)
            #expect(!result.stderr.isEmpty)
        }
        // Creating a list stays allowed, and the block stands.
        try device.app("list", "add", "News", "--apps", "Reddit")
        #expect(try device.isShielded("Instagram"))

        // After the window the same edits go through.
        try device.set(2026, 11, 30, 17, 30)
        try device.app("rule", "edit", "Locked", "--to", "16:00")
        try device.app("rule", "disable", "Locked")
    }

    @Test func shortWindowIsForegroundOnlyButStillShielded() throws {
        let device = try Device()
        try device.set(2026, 11, 30, 10, 5)
        try device.app("list", "add", "Social", "--apps", "Instagram")
        let id = try device.addRule("schedule", "Quick", "--list", "Social", "--from", "10:00", "--to", "10:10")
        #expect(try device.isShielded("Instagram"))
        #expect(try !device.activities().contains { $0.hasSuffix(id.uuidString) })
        #expect(
            try device.trace().contains { $0.event == "monitor.foreground-only" && $0.fields["rule"] == id.uuidString })
        try device.set(2026, 11, 30, 10, 10)
        try device.app("refresh")
        #expect(try !device.isShielded("Instagram"))
    }

    @Test func deletingARuleClearsItsStoreAndActivities() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        let id = try device.addRule("schedule", "Work", "--list", "Social", "--from", "09:00", "--to", "17:00")
        try device.app("rule", "delete", "Work")
        #expect(try !device.isShielded("Instagram"))
        #expect(try !device.activities().contains("sched-\(id.uuidString)"))
    }

    @Test func uninstallProtectionFollowsHardLocks() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        try device.app("settings", "uninstall-protection", "on")
        #expect(try !device.effective().appRemovalDenied)
        _ = try device.addRule("schedule", "Locked", "--list", "Social", "--from", "09:00", "--to", "17:00", "--hard")
        #expect(try device.effective().appRemovalDenied)
        try device.set(2026, 11, 30, 17, 1)
        try device.app("refresh")
        #expect(try !device.effective().appRemovalDenied)
    }

    /// The setting lives in the group defaults; damaged, it must neither
    /// keep a denial past the block nor stop any launch (explore seeds 123,
    /// 337, 806): with no Hard Mode rule blocking the setting is not read;
    /// a corrupt one is quarantined and reads as never set; a newer format
    /// is unreadable, and the store is left as it is.
    @Test(arguments: ["corrupt", "newer"])
    func damagedGroupDefaultsNeverKeepADenialPastTheBlock(damage: String) throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        try device.app("settings", "uninstall-protection", "on")
        _ = try device.addRule("schedule", "Locked", "--list", "Social", "--from", "09:00", "--to", "17:00", "--hard")
        #expect(try device.effective().appRemovalDenied)
        let defaults = device.root.appGroup.appendingPathComponent("group-defaults.json")
        let bytes = damage == "corrupt" ? "{not json" : #"{"format":"oal.group-defaults","formatVersion":99}"#
        try Data(bytes.utf8).write(to: defaults)
        try device.app("refresh")
        #expect(try device.effective().appRemovalDenied == (damage == "newer"))
        try device.set(2026, 11, 30, 17, 1)
        try device.app("refresh")
        #expect(try !device.effective().appRemovalDenied)
    }

    @Test func traceAttributesEachLineToItsProcess() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        let id = try device.addRule("open-limit", "Gate", "--list", "Social", "--opens", "1")
        try device.monitor("intervalDidStart", "rule-\(id.uuidString)")
        let token = try device.app(named: "Instagram").token.description
        try device.run("oal-shield-config", ["application", token])
        try device.run("oal-shield-action", ["application", token, "secondary"])
        let events = try device.trace()
        let kinds = Set(events.map(\.process))
        #expect(kinds == [.app, .monitor, .shieldConfig, .shieldAction])
        #expect(Set(events.map(\.pid)).count >= 5)
        for kind in kinds {
            #expect(events.contains { $0.process == kind && $0.event == "launch" })
            #expect(events.contains { $0.process == kind && $0.event == "exit" })
        }
        // Attribution: the shield config only reads.
        #expect(!events.contains { $0.process == .shieldConfig && $0.event == "store.write" })
        #expect(
            events.contains {
                $0.process == .shieldAction && $0.event == "store.write" && $0.fields["store"] == "usage"
            })
        #expect(events.contains { $0.event == "store.read" && $0.fields["path"] == "appgroup/rule-snapshots.json" })
    }
}
