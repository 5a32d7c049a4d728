import Foundation
import OALTestSupport
import Testing

/// Foqos's own app process (docs/FOQOS.md, "Its app"): built from its
/// Xcode project through its harness, with zero edits, and driven through
/// its own code: a profile made on its screens, started by the NFC
/// automation its README describes (a tag scanned runs "Start Foqos
/// Profile" in Foqos's process, the profile named as Shortcuts names an
/// entity and found by Foqos's own query), checked and stopped by
/// shortcuts, and a link of its associated domain received by its
/// `onOpenURL`.
extension GuestBuildTests {
    static let foqosShortcuts = repository.appendingPathComponent("scenarios/guests/foqos/shortcuts.scenario").path

    /// Plays the Foqos day `scenarios/guests/foqos/NAME.scenario` on a fresh
    /// root and hands `body` the run and the root (removed after); nothing
    /// when Foqos's sources are absent.
    static func playFoqosDay(_ name: String, _ body: (ProcessRun, URL) throws -> Void) throws {
        guard FileManager.default.fileExists(atPath: foqos + "/foqos.xcodeproj/project.pbxproj") else { return }
        let guest = try build(checkout: foqos, name: "foqos")
        let root = temporaryRoot("foqos-" + name.replacingOccurrences(of: "/", with: "-"))
        defer { try? FileManager.default.removeItem(at: root) }
        let scenario = repository.appendingPathComponent("scenarios/guests/foqos/\(name).scenario").path
        try body(try play(scenario, guest: guest, root: root), root)
    }

    @Test func foqosIntentsRunInFoqosProcessAndItsProfileShieldsItsApps() throws {
        let checkout = Self.foqos
        guard FileManager.default.fileExists(atPath: checkout + "/foqos.xcodeproj/project.pbxproj") else {
            print("GuestBuildTests: skipped Foqos's app: no Foqos sources at \(checkout)")
            return
        }
        let guest = try Self.build(checkout: checkout, name: "foqos")
        let root = Self.temporaryRoot("foqos-shortcuts")
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Self.play(Self.foqosShortcuts, guest: guest, root: root)
        #expect(run.status == 0, "\(run.stderr.suffix(3000))")
        let events = Self.traceEvents(root)
        // The profile is Foqos's, saved by its own code on its screen.
        let added = try #require(events.first { $0.0 == "tap" && $0.1["tap"] == "profile.add" })
        #expect(added.1["outcome"] == "done")
        // Before the session: Foqos's own answer.
        let checks = events.filter { $0.0 == "intent.end" && $0.1["intent"] == "CheckSessionActiveIntent" }
        #expect(checks.map { $0.1["value"] } == ["false", "true"])
        #expect(checks.first?.1["dialog"] == "No Foqos session is active.")
        // The tag's automation ran Start Foqos Profile in Foqos's process,
        // launched for it in the background; Foqos shielded Instagram.
        let automation = try #require(events.first { $0.0 == "automation.run" })
        #expect(automation.1["automation"] == "Desk")
        let started = try #require(events.first { $0.0 == "intent.end" && $0.1["intent"] == "StartProfileIntent" })
        #expect(started.1["foreground"] == "no")
        #expect(events.contains { $0.0 == "shield.set" && $0.1["store"] == "foqosAppRestrictions" })
        // The link of Foqos's associated domain opened Foqos and reached
        // its onOpenURL, in its running process.
        let link = try #require(events.first { $0.0 == "user.link" })
        #expect(link.1["app"] == "OpenAppLock" && link.1["route"] == "universal-link")
        let received = events.filter { $0.0 == "url.received" }
        #expect(received.count == 2, "the link, then the code the Camera read")
        #expect(received.allSatisfy { $0.1["result"]?.hasPrefix("the profile picker for") == true }, "\(received)")
        #expect(events.contains { $0.0 == "user.qr" && $0.1["link"] == "yes" })
        // Judged on Foqos's own model: the spec's rule checks are named
        // unjudged, its shields are judged, and none differs.
        let oracle = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("logs/oracle.json")))
                as? [String: Any])
        let gaps = try #require(oracle["guestGaps"] as? [String])
        #expect(gaps.contains { $0.hasPrefix("agreement: Foqos has profiles, not the spec's rules") }, "\(gaps)")
        #expect(!gaps.contains { $0.hasPrefix("over-enforced") || $0.hasPrefix("foqos-start-stop") }, "\(gaps)")
        #expect((oracle["checksRun"] as? Int ?? 0) > 0)
        #expect((oracle["violations"] as? [Any])?.isEmpty == true)
    }

    /// A link naming a profile Foqos does not have: its own refusal,
    /// through its `onOpenURL`, fails the step; a step naming an entity its
    /// query does not find fails too, listing what it finds.
    @Test func foqosRefusesALinkAndAnEntityItDoesNotHave() throws {
        let checkout = Self.foqos
        guard FileManager.default.fileExists(atPath: checkout + "/foqos.xcodeproj/project.pbxproj") else { return }
        let guest = try Self.build(checkout: checkout, name: "foqos")
        let root = Self.temporaryRoot("foqos-refusals")
        defer { try? FileManager.default.removeItem(at: root) }
        let scenario = root.appendingPathExtension("scenario")
        defer { try? FileManager.default.removeItem(at: scenario) }
        try """
        timezone UTC
        start 2026-11-30 09:00
        end 2026-11-30 09:30
        at 09:00 app profile add Work --apps Instagram
        at 09:05 link open https://foqos.app/profile/6F1C1B8E-0000-4000-8000-000000000009
        at 09:10 shortcut run StopProfileIntent profile=Gym
        """.write(to: scenario, atomically: true, encoding: .utf8)
        let run = try Self.play(scenario.path, guest: guest, root: root)
        #expect(run.status != 0)
        let failed = Self.traceEvents(root).filter { $0.0 == "expect" && $0.1["result"] == "fail" }.map {
            $0.1["detail"] ?? ""
        }
        #expect(failed.count == 2, "\(failed)")
        #expect(failed.first?.contains("Failed to find a profile stored locally that matches the tag") == true)
        #expect(failed.last?.contains("no Profile 'Gym' (the app's query finds: Work)") == true, "\(failed)")
    }

    /// Foqos's timer ends on time and its break blocks again at its end,
    /// each through Foqos's own code and its monitor on the device's clock
    /// (`scenarios/guests/foqos/timer-and-break.scenario`: the device's
    /// expectations at the minutes around each end).
    @Test func foqosTimerEndsOnTimeAndItsBreakBlocksAgainAtItsEnd() throws {
        try Self.playFoqosDay("timer-and-break") { run, root in
            #expect(run.status == 0, "\(run.stderr.suffix(3000))")
            #expect(run.stderr.contains("8 expectation(s) met, 0 failed"), "\(run.stderr.suffix(3000))")
            let events = Self.traceEvents(root)
            // The timer's end and the break's end are the monitor's callbacks.
            let ends = events.filter { $0.0 == "deliver" && $0.1["kind"] == "intervalDidEnd" }
            #expect(ends.count >= 2, "\(ends)")
            let breakTap = try #require(events.first { $0.0 == "tap" && $0.1["tap"] == "profile.break" })
            #expect(breakTap.1["outcome"] == "done")
        }
    }

    /// Foqos's NFC and QR strategies through its own code: the start
    /// button opens its NFC sheet (a tag reader session) or its scanner, the
    /// tag or code held up next is read by it; a strict profile refuses a
    /// wrong tag in Foqos's words and stays blocked, and stops with its
    /// unlock tag; a sheet left past 60 seconds no longer reads
    /// (`scenarios/guests/foqos/nfc-and-qr.scenario`).
    @Test func aStrictProfileRefusesAWrongTagAndItsOwnTagStopsIt() throws {
        try Self.playFoqosDay("nfc-and-qr") { run, root in
            #expect(run.status == 0, "\(run.stderr.suffix(3000))")
            #expect(run.stderr.contains("10 expectation(s) met, 0 failed"), "\(run.stderr.suffix(3000))")
            let scans = Self.traceEvents(root).filter { $0.0 == "scan.received" }.map { $0.1 }
            let results = scans.map { "\($0["value"] ?? "") \($0["result"] ?? "")" }
            #expect(
                results == [
                    "desk NFCTagReaderSession read desk: Desk is active",
                    "kitchen refused: You must scan the original tag to stop focus",
                    "desk NFCTagReaderSession read desk: no profile is active",
                    "kitchen NFCTagReaderSession read kitchen: Strict is active",
                    "kitchen refused: This NFC tag is not allowed to unblock this profile."
                        + " Physical unblock setting is on for this profile",
                    "desk NFCTagReaderSession read desk: no profile is active",
                    "desk unread: the app has no nfc reader up",
                    "poster-1 CodeScannerView read poster-1: Poster is active",
                    "poster-2 refused: You must scan the original QR code to stop focus",
                    "poster-1 CodeScannerView read poster-1: no profile is active",
                ], "\(results)")
        }
    }

    /// Foqos's NFC timer and NFC pause timer through their duration sheets
    /// (`tap minutes:N` calls the sheet's `onDurationSelected`): the timer
    /// ends on time, the pause re-blocks at its end, a tag during a pause
    /// ends the session (`scenarios/guests/foqos/timers-and-pauses.scenario`).
    @Test func aTimerSheetsDurationEndsOnTimeAndAPauseReblocks() throws {
        try Self.playFoqosDay("timers-and-pauses") { run, root in
            #expect(run.status == 0, "\(run.stderr.suffix(3000))")
            #expect(run.stderr.contains("10 expectation(s) met, 0 failed"), "\(run.stderr.suffix(3000))")
            let taps = Self.traceEvents(root).filter { $0.0 == "tap.screen" }.map { $0.1["result"] ?? "" }
            #expect(taps.contains("the sheet to start Focus is up (TimerDurationView)"), "\(taps)")
            #expect(taps.contains("10 minutes chosen: Pausable is active"), "\(taps)")
        }
    }

    /// Foqos's temporary access through its own code: the start button's
    /// sheet (`tap access:2,5`), then the shield's unlock button lets an
    /// app through (Foqos's shield action issues a grant and schedules its
    /// end; its monitor lifts and restores the shield) twice, and the third
    /// press gets nothing; the oracle judges it (`foqos-temporary-access`)
    /// (`scenarios/guests/foqos/temporary-access.scenario`).
    @Test func temporaryAccessLetsThroughTheOpensChosenAndNoMore() throws {
        try Self.playFoqosDay("temporary-access") { run, root in
            #expect(run.status == 0, "\(run.stderr.suffix(3000))")
            #expect(run.stderr.contains("15 expectation(s) met, 0 failed"), "\(run.stderr.suffix(3000))")
            #expect(!run.stderr.contains("foqos-temporary-access: "), "judged, not named unjudged")
            let events = Self.traceEvents(root)
            let taps = events.filter { $0.0 == "tap.screen" }.map { $0.1["result"] ?? "" }
            #expect(taps.contains("2 opens of 5 minutes: Reading is active"), "\(taps)")
            let grants = events.filter { $0.0 == "monitor.start" }.compactMap { $0.1["activity"] }
                .filter { $0.hasPrefix("SoftUnblockGrantTimerActivity:") }
            #expect(grants.count == 3, "two of Reading's opens and one of Poster's: \(grants)")
        }
    }

    /// Foqos's physical-stop strategies, its QR timer and QR pause timer,
    /// and a schedule run by its monitor
    /// (`scenarios/guests/foqos/manual-stops-and-schedules.scenario`).
    @Test func physicalStopsQRTimersAndAScheduleRunThroughFoqosCode() throws {
        try Self.playFoqosDay("manual-stops-and-schedules") { run, root in
            #expect(run.status == 0, "\(run.stderr.suffix(3000))")
            #expect(run.stderr.contains("16 expectation(s) met, 0 failed"), "\(run.stderr.suffix(3000))")
            let events = Self.traceEvents(root)
            let taps = events.filter { $0.0 == "tap.screen" }.map { $0.1["result"] ?? "" }
            #expect(taps.contains("started Door"), "no tag asked to start: \(taps)")
            let scans = events.filter { $0.0 == "scan.received" }.map { $0.1["result"] ?? "" }
            #expect(scans.contains("CodeScannerView read fridge-code: no profile is active"), "\(scans)")
            let delivered = events.filter { $0.0 == "deliver" && $0.1["kind"] == "intervalDidStart" }
            #expect(delivered.contains { UUID(uuidString: $0.1["activity"] ?? "") != nil }, "the schedule's start")
        }
    }

    /// A session Foqos's running process started (an intent) and a
    /// one-shot step stopped is seen stopped by the running process: its
    /// main context autosaved at the end of the intent's run-loop turn
    /// (`scenarios/guests/foqos/regressions/main-context-autosaves.scenario`,
    /// red before `RunLoopTurn`: the start button refused).
    @Test func theRunningAppSeesASessionStoppedElsewhere() throws {
        try Self.playFoqosDay("regressions/main-context-autosaves") { run, root in
            #expect(run.status == 0, "\(run.stderr.suffix(3000))")
            #expect(run.stderr.contains("2 expectation(s) met, 0 failed"), "\(run.stderr.suffix(3000))")
            let taps = Self.traceEvents(root).filter { $0.0 == "tap.screen" }.map { $0.1["result"] ?? "" }
            #expect(taps == ["started Work"], "\(taps)")
        }
    }

    /// Foqos judged on its documented behaviour: each of the seven mutants
    /// of its own code (`guest-harness/foqos/package-mutants`, in a copy of
    /// each file) fails its day on the check it names, and the days played
    /// unmutated break none of those checks.
    @Test func eachFoqosMutantFailsItsDayOnItsOwnCheck() throws {
        let checkout = Self.foqos
        guard FileManager.default.fileExists(atPath: checkout + "/foqos.xcodeproj/project.pbxproj") else { return }
        let work = Self.temporaryRoot("foqos-contract")
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"), ["guest", "contract", checkout, "--work", work.path, "--quiet"])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr.suffix(2000))")
        for day in ["nfc-and-qr", "timers-and-pauses", "timer-and-break", "temporary-access"] {
            #expect(
                run.stdout.contains("| unmutated | \(day).scenario | none of the contract's checks | nothing | yes |"))
        }
        for (mutant, check) in [
            ("any-tag-stops", "foqos-start-stop"), ("strict-ignored", "foqos-strict"),
            ("timer-twice-as-long", "foqos-timer"), ("break-twice-as-long", "foqos-break"),
            ("pause-twice-as-long", "foqos-pause"), ("opens-never-run-out", "foqos-temporary-access"),
            ("access-twice-as-long", "foqos-temporary-access"),
        ] {
            let row = run.stdout.split(separator: "\n").first { $0.contains(" \(mutant) |") }
            #expect(
                row?.contains("| \(check) |") == true && row?.contains("\(check) ×") == true,
                "\(mutant): \(row ?? "no row")")
            #expect(row?.hasSuffix("| yes |") == true, "\(mutant): \(row ?? "no row")")
        }
        #expect(run.stdout.contains("7 of 7 mutant(s) caught by the check they break"))
    }

    /// Foqos at other commits: a history the test makes of the snapshot
    /// (Foqos's own history is not in `../shared`), with one commit whose
    /// monitor no longer ends its timers; `bisect --guest REPO` builds each
    /// commit it plays from the Xcode project (no snapshot's file names)
    /// and names that commit.
    @Test func bisectFindsTheCommitThatBrokeFoqosTimers() throws {
        let checkout = Self.foqos
        guard FileManager.default.fileExists(atPath: checkout + "/foqos.xcodeproj/project.pbxproj") else { return }
        let repo = Self.temporaryRoot("foqos-bisect-repo")
        let work = Self.temporaryRoot("foqos-bisect-work")
        try? FileManager.default.removeItem(at: repo)
        defer {
            try? FileManager.default.removeItem(at: repo)
            try? FileManager.default.removeItem(at: work)
        }
        try FileManager.default.copyItem(at: URL(fileURLWithPath: checkout), to: repo)
        let commit = try Self.gitHistory(at: repo)
        func note(_ text: String) throws {
            try text.write(to: repo.appendingPathComponent("NOTES.md"), atomically: true, encoding: .utf8)
        }
        try commit("Foqos as in the snapshot")
        try note("A note.\n")
        try commit("Add notes")
        let monitor = repo.appendingPathComponent("FoqosDeviceMonitor/DeviceActivityMonitorExtension.swift")
        let text = try String(contentsOf: monitor, encoding: .utf8)
        let ending = "    TimerActivityUtil.stopTimerActivity(for: activity)\n"
        #expect(text.contains(ending))
        try text.replacingOccurrences(of: ending, with: "").write(to: monitor, atomically: true, encoding: .utf8)
        try commit("Quieter interval ends")
        try note("Another note.\n")
        try commit("Edit notes")
        try note("A third note.\n")
        try commit("Edit notes again")

        let scenario = Self.repository.appendingPathComponent("scenarios/guests/foqos/timer-and-break.scenario").path
        let run = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"),
            ["bisect", "--guest", repo.path, "HEAD~4", "HEAD", scenario, "--work", work.path])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr.suffix(3000))")
        #expect(run.stdout.contains("first changed commit:"), "\(run.stdout)")
        #expect(run.stdout.contains("Quieter interval ends"), "\(run.stdout)")
        #expect(run.stdout.contains("foqos-timer"), "\(run.stdout)")
    }
}
