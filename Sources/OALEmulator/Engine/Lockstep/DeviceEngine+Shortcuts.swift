import Foundation
import Glibc
import OALPlatform
import OALProcesses

/// Shortcuts on the emulated device (issue 37): a shortcut whose action is
/// one of the app's App Intents runs that intent in the app's process,
/// launched for it in the background (`oal-app intent`), as iOS does.
extension DeviceEngine {
    /// Runs the shortcut, traces `user.shortcut` with the launch and what
    /// the intent answered, and fails the step when the launch did not
    /// exit 0 (a refused foreground, a thrown error, an unknown intent).
    func runShortcut(_ step: ScenarioStep, intent: String, parameters: [String]) throws {
        let (outcome, fields) = try runIntent(intent, parameters)
        trace.record("user.shortcut", at: now, fields)
        if outcome.exitCode != 0 {
            let said = outcome.stderr.split(separator: "\n").first.map(String.init) ?? ""
            record(
                step,
                ExpectationVerdict(ok: false, detail: "shortcut run \(intent) exited \(outcome.statusText): \(said)"))
        }
        if fields["foreground"] == "yes" { try appCameForward(via: "shortcut") }
        try openRequestedURLs()
    }

    /// An intent that came to the foreground leaves the app frontmost, as
    /// its scene becoming active: traced `user.open` of the app (`via` the
    /// shortcut or automation), then the app's foreground loop as for an
    /// `open` of it. A stated model: on iOS the intent's own process goes
    /// on in front; here it has ended, and the loop is a new launch.
    func appCameForward(via cause: String) throws {
        let name = try view.catalog().apps.first { $0.bundleIdentifier == Self.openAppLock }?.name ?? "OpenAppLock"
        try leaveFrontmost()
        trace.record("user.open", at: now, ["app": name, "via": cause])
        guard appAvailable(for: "\(cause): the app coming to the foreground") else { return }
        try openOpenAppLock(for: nil)
    }

    /// Launches the app's process for `intent`; the launch and the trace
    /// fields of what it answered.
    func runIntent(_ intent: String, _ parameters: [String]) throws -> (LaunchOutcome, [String: String]) {
        let outcome =
            try intentInRunningApp(intent, parameters)
            ?? launch(.app, ["intent", intent] + parameters + (appCanComeForward ? [] : ["--cannot-come-forward"]))
        let answer = Self.intentAnswer(outcome.stdout)
        return (
            outcome,
            [
                "intent": intent, "parameters": parameters.joined(separator: " "), "launch": String(outcome.launch),
                "status": outcome.statusText, "value": answer["value"] ?? "", "dialog": answer["dialog"] ?? "",
                "foreground": answer["foreground"] == "yes" ? "yes" : "no",
            ]
        )
    }

    /// iOS runs an intent in the app's process when it is alive: with the
    /// app's foreground loop running (in front or not), the intent is
    /// handed to it through the hand-shake (`IntentRequest`), numbered as a
    /// launch and traced `intent.delivered`; nil when no loop is alive (or
    /// free-running), and the caller launches a process for it. A loop
    /// that dies running it ends the run as a killed launch would.
    func intentInRunningApp(_ intent: String, _ parameters: [String]) throws -> LaunchOutcome? {
        guard freeRun == nil, loop.loopAlive else { return nil }
        try stopIfRequested()
        let id = nextLaunch()
        trace.record("intent.delivered", at: now, ["intent": intent, "launch": String(id), "to": "running app"])
        let request = IntentRequest(
            id: id, name: intent, parameters: parameters, canComeForward: appCanComeForward)
        try loop.publish(frontmost: state.frontmost, session: state.foregroundSession, tick: nil, intent: request)
        guard let ack = loop.awaitIntent(id) else {
            try stopIfRequested()
            if state.frontmost == Self.openAppLock {
                try closeDeadLoop()
            } else {
                trace.record("app.closed", at: now, ["reason": "the app's process died running an intent"])
            }
            return LaunchOutcome(launch: id, pid: 0, termination: .signaled(SIGKILL), stdout: "", stderr: "")
        }
        let status = ack.intentStatus ?? 0
        let answer = ack.intentAnswer ?? ""
        return LaunchOutcome(
            launch: id, pid: ack.pid ?? 0, termination: .exited(status), stdout: status == 0 ? answer : "",
            stderr: status == 0 ? "" : answer)
    }

    /// The person's change in the Shortcuts app; what went wrong, if anything.
    func changeAutomation(_ change: AutomationChange) throws -> String? {
        let automations = try view.platform.automations
        do {
            switch change {
            case .add(let automation):
                try automations.add(automation)
                trace.record(
                    "automation.change", at: now,
                    [
                        "action": "add", "automation": automation.name, "trigger": automation.trigger.description,
                        "intent": automation.intent,
                    ])
            case .remove(let name):
                try automations.remove(name)
                trace.record("automation.change", at: now, ["action": "remove", "automation": name])
            case .setEnabled(let name, let enabled):
                try automations.setEnabled(name, enabled)
                trace.record(
                    "automation.change", at: now, ["action": enabled ? "enable" : "disable", "automation": name])
            }
            return nil
        } catch let failure as AutomationsFile.Failure {
            return "automation: \(failure)"
        }
    }

    /// Runs every enabled automation `trigger` fires, in the order made:
    /// "Run Immediately" launches its intent (traced `automation.run`); one
    /// that asks first posts the question as a notification the simulated
    /// person never taps (traced `automation.asked`), so it does not run.
    func runAutomations(triggeredBy trigger: PersonalAutomation.Trigger) throws {
        guard AutomationsFile.exists(on: view.platform.root) else { return }
        let due = try view.platform.automations.triggered(by: trigger)
        for automation in due {
            var base = ["automation": automation.name, "trigger": trigger.description]
            guard automation.runImmediately else {
                trace.record("automation.asked", at: now, base.merging(["intent": automation.intent]) { $1 })
                continue
            }
            guard appAvailable(for: "automation \(automation.name)") else { continue }
            let (_, fields) = try runIntent(automation.intent, automation.parameters)
            base["notified"] = automation.notifyWhenRun ? "yes" : "no"
            trace.record("automation.run", at: now, fields.merging(base) { $1 })
            if fields["foreground"] == "yes" { try appCameForward(via: "automation") }
            try openRequestedURLs()
        }
    }

    // MARK: Time of Day

    /// The next instant a "Time of Day" automation is due: its time on the
    /// device's clock today, or on a later day, at or after now and not run
    /// yet (each occurrence is delivered once, across a killed and resumed
    /// device too). A stated model: the time is read in the device's zone
    /// when it comes; a clock jumped past it skips that day's run.
    func nextTimeOfDayAutomation() throws -> Date? {
        guard AutomationsFile.exists(on: view.platform.root) else { return nil }
        var next: Date?
        for automation in try view.platform.automations.all() where automation.enabled {
            guard case .timeOfDay(let hour, let minute) = automation.trigger,
                let due = nextOccurrence(hour: hour, minute: minute)
            else { continue }
            next = min(next ?? due, due)
        }
        return next
    }

    func nextOccurrence(hour: Int, minute: Int) -> Date? {
        let today = calendar.startOfDay(for: now)
        for offset in 0..<3 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today),
                let time = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day), time >= now,
                !state.delivered.contains(Self.timeOfDayKey(time))
            else { continue }
            return time
        }
        return nil
    }

    static func timeOfDayKey(_ time: Date) -> String { "time-of-day|\(TraceEvent.timestamp(time))" }

    /// Runs every "Time of Day" trigger due now, once each.
    func runDueTimeOfDayAutomations() throws {
        var triggers: [PersonalAutomation.Trigger] = []
        for automation in try view.platform.automations.all() where automation.enabled {
            guard case .timeOfDay(let hour, let minute) = automation.trigger,
                nextOccurrence(hour: hour, minute: minute) == now, !triggers.contains(automation.trigger)
            else { continue }
            triggers.append(automation.trigger)
        }
        markDelivered(Self.timeOfDayKey(now))
        for trigger in triggers { try runAutomations(triggeredBy: trigger) }
    }

    /// `value: …`, `dialog: …` and `foreground: …` lines of `oal-app intent`.
    static func intentAnswer(_ stdout: String) -> [String: String] {
        var answer: [String: String] = [:]
        for line in stdout.split(separator: "\n") {
            for key in ["value", "dialog", "foreground"] where line.hasPrefix(key + ": ") {
                answer[key] = String(line.dropFirst(key.count + 2))
            }
        }
        return answer
    }
}
