import Foundation
import OALTestSupport
import Testing

/// A guest app's App Intents run in its own process, as iOS runs a
/// Shortcuts action (issue 37): `oal-app intent NAME` of MiniGuest's build,
/// a real process started for the intent while no app process runs (the
/// background launch), its trace read back. In the serialized guest-build
/// suite: the build shares two cores.
extension GuestBuildTests {
    struct IntentRun {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The trace lines of this run's process, as (event, fields).
        var events: [(String, [String: String])]
    }

    /// The trace's lines as (event, fields), from character `from` on.
    static func traceEvents(_ root: URL, from: Int = 0) -> [(String, [String: String])] {
        let text = (try? String(contentsOf: root.appendingPathComponent("logs/trace.jsonl"), encoding: .utf8)) ?? ""
        return text.dropFirst(from).split(separator: "\n").compactMap { line -> (String, [String: String])? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let event = object["event"] as? String
            else { return nil }
            return (event, object["fields"] as? [String: String] ?? [:])
        }
    }

    /// MiniGuest built, then `scenario` (a file of its checkout, or a path)
    /// played on a fresh root; the run and the trace's lines.
    func playMini(_ scenario: String, root name: String) throws -> (
        run: ProcessRun, events: [(String, [String: String])], root: URL
    ) {
        let checkout = Self.repository.appendingPathComponent("examples/MiniGuest").path
        let guest = try Self.build(checkout: checkout, name: "MiniGuest")
        let root = Self.temporaryRoot(name)
        let run = try Self.play(
            scenario.hasPrefix("/") ? scenario : checkout + "/" + scenario, guest: guest, root: root)
        return (run, Self.traceEvents(root), root)
    }

    func runIntent(_ bin: URL, root: URL, _ arguments: [String]) throws -> IntentRun {
        let before =
            (try? String(contentsOf: root.appendingPathComponent("logs/trace.jsonl"), encoding: .utf8))?.count ?? 0
        let run = try ProcessRun.run(
            bin.appendingPathComponent("oal-app"), ["--root", root.path, "intent"] + arguments)
        return IntentRun(
            status: run.status, stdout: run.stdout, stderr: run.stderr, events: Self.traceEvents(root, from: before))
    }

    @Test func anIntentRunsInTheAppsProcessLaunchedInTheBackground() throws {
        let checkout = Self.repository.appendingPathComponent("examples/MiniGuest").path
        let guest = try Self.build(checkout: checkout, name: "MiniGuest")
        let root = Self.temporaryRoot("mini-intents")
        defer { try? FileManager.default.removeItem(at: root) }
        let device = try BuiltProducts.executable("oal-device")
        let initRun = try ProcessRun.run(
            device, ["init", "--root", root.path, "--scenario", checkout + "/mini.scenario"])
        #expect(initRun.status == 0, "init: \(initRun.stderr)")
        let bin = guest.appendingPathComponent("bin")

        // A background intent: made, its optional parameter nil, performed
        // in the background, its value and dialog reported and traced.
        let check = try runIntent(bin, root: root, ["CheckBlockingIntent"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("value: false"))
        // (The store reads between are the intent's own, through the App Group defaults.)
        let lifecycle = ["launch", "intent.start", "app.foreground", "intent.end", "intent.failed", "exit"]
        #expect(
            check.events.map(\.0).filter(lifecycle.contains) == ["launch", "intent.start", "intent.end", "exit"],
            "\(check.events)")
        #expect(check.events.contains { $0.0 == "store.read" && $0.1["key"] == "rules" })
        #expect(check.events.first { $0.0 == "intent.start" }?.1["mode"] == "background")
        #expect(check.events.first { $0.0 == "intent.end" }?.1["foreground"] == "no")

        // `continueInForeground` makes the app frontmost.
        let review = try runIntent(bin, root: root, ["ReviewRulesIntent", "always=true"])
        #expect(review.status == 0, "\(review.stderr)")
        #expect(
            review.events.map(\.0).filter(lifecycle.contains) == [
                "launch", "intent.start", "app.foreground", "intent.end", "exit",
            ],
            "\(review.events)")
        #expect(review.events.first { $0.0 == "intent.end" }?.1["foreground"] == "yes")

        // An app that cannot come forward: the intent's request throws, and
        // the run says so (exit 2, refused).
        let refused = try runIntent(bin, root: root, ["ReviewRulesIntent", "always=true", "--cannot-come-forward"])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.events.contains { $0.0 == "intent.failed" })
        #expect(!refused.events.contains { $0.0 == "app.foreground" })

        // The command line's mistakes, each named.
        let missing = try runIntent(bin, root: root, ["ReviewRulesIntent"])
        #expect(missing.status == 64 && missing.stderr.contains("no value for always (\"Always show\")"))
        let wrongType = try runIntent(bin, root: root, ["ReviewRulesIntent", "always=maybe"])
        #expect(wrongType.status == 64 && wrongType.stderr.contains("'maybe' is not a value of always's type Bool"))
        let unknown = try runIntent(bin, root: root, ["Nope"])
        #expect(unknown.status == 64 && unknown.stderr.contains("CheckBlockingIntent, ReviewRulesIntent"))
    }

    /// `shortcut run` steps: the device launches the app's process for each
    /// intent, traces what it answered (`user.shortcut`) and draws it.
    @Test func shortcutStepsRunTheAppsIntentsOnTheDevice() throws {
        let (run, events, root) = try playMini("mini-shortcuts.scenario", root: "mini-shortcuts")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("0 violation(s)"), "\(run.stderr)")
        let shortcuts = events.filter { $0.0 == "user.shortcut" }.map(\.1)
        #expect(
            shortcuts.map { $0["value"] ?? "" } == [
                "false", "nothing to review", "true", "reviewing 1 active rule(s)",
            ], "\(shortcuts)")
        #expect(shortcuts.map { $0["foreground"] ?? "" } == ["no", "no", "no", "yes"])
        #expect(shortcuts.allSatisfy { $0["status"] == "0" })
        // The one that came forward left the app frontmost: its open, then its loop.
        #expect(events.contains { $0.0 == "user.open" && $0.1 == ["app": "OpenAppLock", "via": "shortcut"] })
        #expect(events.contains { $0.0 == "loop.launch" })
        let timeline = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"), ["timeline", "--root", root.path])
        #expect(
            timeline.stdout.contains("i a shortcut or an automation ran one of the app's App Intents"),
            "\(timeline.stdout)")
    }

    /// Personal automations: "When Instagram is opened" runs the intent on
    /// every open, an NFC tag's on its scan; one that asks first never runs
    /// (nobody answers); a disabled or removed one does not run.
    @Test func automationsRunTheAppsIntentsOnTheirTriggers() throws {
        let (run, events, root) = try playMini("mini-automations.scenario", root: "mini-automations")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("0 violation(s)"), "\(run.stderr)")
        let lines = events.filter { $0.0 == "automation.run" || $0.0 == "automation.asked" }
        #expect(
            lines.map { "\($0.0) \($0.1["automation"] ?? "") \($0.1["value"] ?? "")" } == [
                "automation.run Pause Instagram nothing to review",
                "automation.run Desk false",
                "automation.asked Ask first ",
                "automation.run Pause Instagram reviewing 1 active rule(s)",
            ], "\(lines)")
        #expect(lines.map { $0.1["foreground"] ?? "-" } == ["no", "no", "-", "yes"])
        #expect(lines[1].1["notified"] == "yes")
        // The intent that came forward over Instagram's shield left the app
        // frontmost (the pause screen's place), once.
        #expect(events.filter { $0.0 == "user.open" && $0.1["via"] == "automation" }.count == 1)
    }

    /// Trigger "Time of Day": every day at its time on the device's clock,
    /// once, whatever else happens at that instant; switched off, it does
    /// not run.
    @Test func aTimeOfDayAutomationRunsEveryDayAtItsTime() throws {
        let scenario = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mini-time-\(getpid()).scenario")
        defer { try? FileManager.default.removeItem(at: scenario) }
        try """
        timezone America/New_York
        start 2026-11-30 08:00
        end day 3 10:00
        seed 7

        at 08:00 automation add Morning when time-of-day 09:30 run CheckBlockingIntent
        at 09:30 open Chess for 5m
        at day 2 08:00 automation disable Morning
        at day 2 12:00 automation enable Morning

        """.write(to: scenario, atomically: true, encoding: .utf8)
        let (run, _, root) = try playMini(scenario.path, root: "mini-time")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(run.status == 0, "\(run.stderr)")
        let text = (try? String(contentsOf: root.appendingPathComponent("logs/trace.jsonl"), encoding: .utf8)) ?? ""
        let runs = text.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["event"] as? String == "automation.run", let time = object["t"] as? String
            else { return nil }
            return time
        }
        // 09:30 New York is 14:30 UTC: day 1 and day 3, not day 2 (switched off).
        #expect(runs == ["2026-11-30T14:30:00.000Z", "2026-12-02T14:30:00.000Z"], "\(runs)")
    }

    /// The fault `foreground-refused for DURATION`: while it lasts an
    /// intent's `continueInForeground` throws, so the shortcut's launch
    /// exits 2 and its step fails naming why; after it, it comes forward.
    @Test func theForegroundRefusedFaultMakesContinueInForegroundThrow() throws {
        let scenario = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mini-refused-\(getpid()).scenario")
        defer { try? FileManager.default.removeItem(at: scenario) }
        try """
        timezone America/New_York
        start 2026-11-30 08:00
        end 2026-11-30 11:00
        seed 7

        at 08:00 app list add Social --apps Instagram,TikTok
        at 08:01 app rule add schedule Focus --list Social --from 09:00 --to 10:00
        at 09:00 fault foreground-refused for 10m
        at 09:06 shortcut run ReviewRulesIntent always=false
        at 09:20 shortcut run ReviewRulesIntent always=false

        """.write(to: scenario, atomically: true, encoding: .utf8)
        let (run, events, root) = try playMini(scenario.path, root: "mini-refused")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("0 violation(s)"), "\(run.stderr)")
        #expect(run.stderr.contains("0 expectation(s) met, 1 failed"), "\(run.stderr)")
        let failed = events.first { $0.0 == "expect" && $0.1["result"] == "fail" }?.1
        #expect(failed?["line"] == "9", "\(String(describing: failed))")
        #expect(
            failed?["detail"]?.contains("the app could not come to the foreground") == true,
            "\(String(describing: failed))")
        let statuses = events.filter { $0.0 == "user.shortcut" }.map {
            "\($0.1["status"] ?? "?") \($0.1["foreground"] ?? "?")"
        }
        #expect(statuses == ["2 no", "0 yes"])
    }
}
